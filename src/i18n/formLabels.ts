/**
 * Strings of the JSON Schema form (`SchemaForm`, used by `InputRequestForm`), kept apart from the
 * rest so the form's vocabulary lives beside its own component. Reached as `useLabels().form`.
 *
 * @example
 * const labels: Partial<ParleyLabels> = { form: { ...en.form, submit: "Save" } };
 */
export interface FormLabels {
  submit: string;
  cancel: string;
  required: string;
}

export const formEn: FormLabels = {
  submit: "Submit",
  cancel: "Cancel",
  required: "Required",
};

export const formZhCN: FormLabels = {
  submit: "提交",
  cancel: "取消",
  required: "必填",
};
