/**
 * Strings of the JSON Schema form (`SchemaForm`, used by `InputRequestForm`), kept apart from the
 * rest so the form's vocabulary lives beside its own component. Reached as `useLabels().form`.
 * Strings that take a value are functions, so each language can place and inflect it.
 *
 * @example
 * const labels: Partial<ParleyLabels> = { form: { ...en.form, submit: "Save" } };
 */
export interface FormLabels {
  /** While the form (loaded on first use) is on its way. */
  loading: string;
  submit: string;
  cancel: string;
  /** The visible mark beside the label of a field that must be filled. */
  required: string;
  /** The empty first option of a drop-down list. */
  choose: string;
  /** Help under a field the form can only take as JSON text. */
  jsonHelp: string;
  /** Above the fields when the request had more fields than the form shows. */
  omittedFields: (count: number) => string;
  /** Beside the buttons after a submit that did not validate. */
  fixErrors: (count: number) => string;
  /** The answered form: a field left empty. */
  notAnswered: string;
  yes: string;
  no: string;

  /* Validation messages, one per field, in words. */
  fieldRequired: string;
  tooShort: (min: number) => string;
  tooLong: (max: number) => string;
  notANumber: string;
  notAnInteger: string;
  belowMinimum: (min: number) => string;
  aboveMaximum: (max: number) => string;
  /** An exclusive minimum: the value must be greater than `min`. */
  notAbove: (min: number) => string;
  /** An exclusive maximum: the value must be less than `max`. */
  notBelow: (max: number) => string;
  notMultipleOf: (step: number) => string;
  invalidEmail: string;
  invalidUrl: string;
  invalidDate: string;
  invalidDateTime: string;
  invalidTime: string;
  patternMismatch: string;
  /** The agent's pattern for this field cannot be checked without risking the page (docs/security.md). */
  patternRefused: string;
  invalidChoice: string;
  /** A box that must be ticked (`const: true`), such as accepting terms. */
  mustAccept: string;
  chooseAtLeast: (min: number) => string;
  chooseAtMost: (max: number) => string;
  invalidJson: string;
  /** Any other problem with one field. */
  invalidValue: string;
  /** A problem the form cannot place on one field. */
  invalidForm: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const formEn: FormLabels = {
  loading: "Loading the form…",
  submit: "Submit",
  cancel: "Cancel",
  required: "Required",
  choose: "Choose…",
  jsonHelp: "Enter this as JSON.",
  omittedFields: (count) => `${plural(count, "more field", "more fields")} could not be shown.`,
  fixErrors: (count) => (count === 1 ? "Please fix the field marked below." : `Please fix the ${count} fields marked below.`),
  notAnswered: "Not given",
  yes: "Yes",
  no: "No",
  fieldRequired: "This field is required.",
  tooShort: (min) => `Enter at least ${plural(min, "character", "characters")}.`,
  tooLong: (max) => `Enter at most ${plural(max, "character", "characters")}.`,
  notANumber: "Enter a number.",
  notAnInteger: "Enter a whole number.",
  belowMinimum: (min) => `Enter ${min} or more.`,
  aboveMaximum: (max) => `Enter ${max} or less.`,
  notAbove: (min) => `Enter a number greater than ${min}.`,
  notBelow: (max) => `Enter a number less than ${max}.`,
  notMultipleOf: (step) => `Enter a multiple of ${step}.`,
  invalidEmail: "Enter a valid email address, like name@example.com.",
  invalidUrl: "Enter a valid web address, like https://example.com.",
  invalidDate: "Enter a valid date.",
  invalidDateTime: "Enter a valid date and time.",
  invalidTime: "Enter a valid time.",
  patternMismatch: "This does not match the expected format.",
  patternRefused: "The agent's format rule for this can't be checked safely, so it can't be sent. Decline, or ask the agent to change the form.",
  invalidChoice: "Choose one of the options.",
  mustAccept: "Tick this box to continue.",
  chooseAtLeast: (min) => `Choose at least ${min}.`,
  chooseAtMost: (max) => `Choose at most ${max}.`,
  invalidJson: "This is not valid JSON.",
  invalidValue: "This value is not accepted.",
  invalidForm: "Some of the answer does not fit what was asked.",
};

export const formZhCN: FormLabels = {
  loading: "正在加载表单…",
  submit: "提交",
  cancel: "取消",
  required: "必填",
  choose: "请选择…",
  jsonHelp: "请以 JSON 格式填写。",
  omittedFields: (count) => `另有 ${count} 个字段无法显示。`,
  fixErrors: (count) => (count === 1 ? "请修正下面标出的字段。" : `请修正下面标出的 ${count} 个字段。`),
  notAnswered: "未填写",
  yes: "是",
  no: "否",
  fieldRequired: "此项为必填项。",
  tooShort: (min) => `请至少输入 ${min} 个字符。`,
  tooLong: (max) => `最多只能输入 ${max} 个字符。`,
  notANumber: "请输入数字。",
  notAnInteger: "请输入整数。",
  belowMinimum: (min) => `请输入不小于 ${min} 的数。`,
  aboveMaximum: (max) => `请输入不大于 ${max} 的数。`,
  notAbove: (min) => `请输入大于 ${min} 的数。`,
  notBelow: (max) => `请输入小于 ${max} 的数。`,
  notMultipleOf: (step) => `请输入 ${step} 的整数倍。`,
  invalidEmail: "请输入有效的电子邮件地址，例如 name@example.com。",
  invalidUrl: "请输入有效的网址，例如 https://example.com。",
  invalidDate: "请输入有效的日期。",
  invalidDateTime: "请输入有效的日期和时间。",
  invalidTime: "请输入有效的时间。",
  patternMismatch: "格式不符合要求。",
  patternRefused: "智能体为此设定的格式规则无法被安全地检查，因此无法提交。请拒绝，或请智能体修改表单。",
  invalidChoice: "请从选项中选择。",
  mustAccept: "请勾选此项以继续。",
  chooseAtLeast: (min) => `请至少选择 ${min} 项。`,
  chooseAtMost: (max) => `最多只能选择 ${max} 项。`,
  invalidJson: "这不是有效的 JSON。",
  invalidValue: "此值不被接受。",
  invalidForm: "部分回答与要求不符。",
};
