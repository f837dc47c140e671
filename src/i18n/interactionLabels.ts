/**
 * Strings of the interaction cards, the queue and the composer's reply preview. Reached as
 * `useLabels().interaction`; override the group whole (`{ interaction: { ...en.interaction, approve: "Allow" } }`).
 */
export interface InteractionLabels {
  /** The card's accessible name, by type. */
  typeName: Record<"notification" | "advice" | "permission_request" | "input_request" | "error", string>;
  level: Record<"info" | "success" | "warning", string>;
  status: Record<"streaming" | "pending" | "answered" | "declined" | "timed_out" | "withdrawn" | "shown" | "invalid", string>;
  how: Record<"click" | "key" | "number-reply" | "text-reply" | "timeout" | "app" | "grant" | "policy", string>;
  /** "Answered by number reply at 14:05". */
  settled: (status: string, how: string, time: string) => string;
  /** "Timed out at 14:05" (when there is no "how" worth saying). */
  settledAt: (status: string, time: string) => string;
  /** The composer while the agent runs and the text is not a pause. */
  busyHint: string;
  choose: string;
  accept: string;
  reject: string;
  decline: string;
  optionNumber: (n: number) => string;
  freeTextHint: string;
  chosen: (labels: string) => string;
  saidText: (text: string) => string;
  approve: string;
  /**
   * The buttons of a permission request whose operation names an act ("delete_files" → `act`
   * "delete files"), when the request brings no `confirmLabel` / `cancelLabel` of its own. In
   * English the kit says "Delete files" / "Don't delete files" by itself (tool names are English
   * words); a dictionary of another language may phrase them; without them the buttons say
   * `approve` / `decline`.
   */
  approveAct?: (act: string) => string;
  declineAct?: (act: string) => string;
  approved: string;
  declined: string;
  category: Record<"destructive" | "irreversible" | "money" | "privacy", string>;
  operation: string;
  details: string;
  arguments: string;
  editArguments: string;
  argumentsInvalid: string;
  /** Opens the arguments as the agent sent them (JSON), below their label–value rows. */
  showRaw: string;
  typeToConfirm: (text: string) => string;
  /** The typed confirmation does not match yet: `text` to type, `button` the approve button's label. */
  typedMismatch: (text: string, button: string) => string;
  changeAnswer: string;
  cancelChange: string;
  saveChange: string;
  action: Record<"retry" | "undo" | "report", string>;
  errorCode: (code: string) => string;
  timeLeft: (seconds: string) => string;
  deadlinePassed: string;
  /** Shown and announced once the time left falls under the warning (`time`: the warning's length, "0:30"). */
  deadlineWarning: (time: string) => string;
  /** The button that asks for more time, where the ask allows it (`time`: how much, "1:00"). */
  moreTime: (time: string) => string;
  waitingForYou: string;
  queueTitle: string;
  queueEmpty: string;
  queueCount: (n: number) => string;
  jumpTo: string;
  answerHere: string;
  declineAll: string;
  /** Composer: a number that picks an option. */
  replyPreview: (number: string, label: string) => string;
  replyOutOfRange: (numbers: string, range: string) => string;
  replyAmbiguous: (numbers: string, range: string) => string;
  declineFirst: (n: number) => string;
  declineAndSend: string;
  keepEditing: string;
  pause: string;
  pauseBlocked: string;
  paused: string;
  invalid: string;
  streaming: string;
}

export const interactionEn: InteractionLabels = {
  typeName: { notification: "Notification", advice: "Suggestion", permission_request: "Permission request", input_request: "Information needed", error: "Error" },
  level: { info: "Info", success: "Done", warning: "Warning" },
  status: { streaming: "Arriving", pending: "Waiting for you", answered: "Answered", declined: "Declined", timed_out: "Timed out", withdrawn: "Withdrawn", shown: "Notification", invalid: "Malformed" },
  how: { click: "click", key: "keyboard", "number-reply": "number reply", "text-reply": "typed reply", timeout: "timeout", app: "the app", grant: "an earlier permission", policy: "the app's policy" },
  settled: (status, how, time) => `${status} by ${how} at ${time}`,
  settledAt: (status, time) => `${status} at ${time}`,
  busyHint: "The agent is still working. Press Enter after it finishes, or say “wait” to pause it.",
  choose: "Choose",
  accept: "Accept",
  reject: "Reject",
  decline: "Decline",
  optionNumber: (n) => `Option ${n}`,
  freeTextHint: "Or answer in your own words in the message box.",
  chosen: (labels) => `Chose ${labels}`,
  saidText: (text) => `Answered: “${text}”`,
  approve: "Approve",
  approved: "Approved",
  declined: "Declined",
  category: { destructive: "Destructive", irreversible: "Irreversible", money: "Spends money", privacy: "Private data" },
  operation: "Operation",
  details: "Details",
  arguments: "Arguments",
  editArguments: "Edit the arguments before approving",
  argumentsInvalid: "The arguments must be valid JSON.",
  showRaw: "Show raw",
  typeToConfirm: (text) => `Type “${text}” to confirm`,
  typedMismatch: (text, button) => `That does not match. Type “${text}” exactly to enable ${button}.`,
  changeAnswer: "Change answer",
  cancelChange: "Keep the answer",
  saveChange: "Save the change",
  action: { retry: "Retry", undo: "Undo", report: "Report" },
  errorCode: (code) => `Code: ${code}`,
  timeLeft: (seconds) => `${seconds} left`,
  deadlinePassed: "Time is up",
  deadlineWarning: (time) => `Under ${time} left, then it is declined for you.`,
  moreTime: (time) => `More time (+${time})`,
  waitingForYou: "Waiting for you",
  queueTitle: "Waiting for you",
  queueEmpty: "Nothing is waiting for you.",
  queueCount: (n) => (n === 1 ? "1 question waiting" : `${n} questions waiting`),
  jumpTo: "Show in conversation",
  answerHere: "Answer here",
  declineAll: "Decline the rest",
  replyPreview: (number, label) => `→ ${number} · ${label}`,
  replyOutOfRange: (numbers, range) => `${numbers} is not an option. Choose from ${range}.`,
  replyAmbiguous: (numbers, range) => `${numbers}: pick one (${range}).`,
  declineFirst: (n) => (n === 1 ? "A question is still open. Decline it and send your message?" : `${n} questions are still open. Decline them and send your message?`),
  declineAndSend: "Decline and send",
  keepEditing: "Keep editing",
  pause: "Pause",
  pauseBlocked: "The agent asked not to be interrupted right now.",
  paused: "Paused — write to continue.",
  invalid: "The agent sent a question the app could not read.",
  streaming: "The agent is writing its question…",
};

export const interactionZhCN: InteractionLabels = {
  typeName: { notification: "通知", advice: "建议", permission_request: "权限请求", input_request: "需要填写", error: "错误" },
  level: { info: "提示", success: "完成", warning: "警告" },
  status: { streaming: "正在生成", pending: "等待你的回复", answered: "已回答", declined: "已拒绝", timed_out: "已超时", withdrawn: "已撤回", shown: "通知", invalid: "格式错误" },
  how: { click: "点击", key: "键盘", "number-reply": "编号回复", "text-reply": "文字回复", timeout: "超时", app: "应用", grant: "此前的授权", policy: "应用的策略" },
  settled: (status, how, time) => `${time} 通过${how}${status}`,
  settledAt: (status, time) => `${time} ${status}`,
  busyHint: "代理仍在工作。等它完成后再按回车，或输入“等一下”让它暂停。",
  choose: "选择",
  accept: "接受",
  reject: "拒绝",
  decline: "拒绝",
  optionNumber: (n) => `选项 ${n}`,
  freeTextHint: "也可以在消息框里直接用文字回答。",
  chosen: (labels) => `选择了 ${labels}`,
  saidText: (text) => `回答：“${text}”`,
  approve: "批准",
  approved: "已批准",
  declined: "已拒绝",
  category: { destructive: "破坏性操作", irreversible: "不可撤销", money: "涉及付款", privacy: "隐私数据" },
  operation: "操作",
  details: "详情",
  arguments: "参数",
  editArguments: "批准前修改参数",
  argumentsInvalid: "参数必须是有效的 JSON。",
  showRaw: "查看原始数据",
  typeToConfirm: (text) => `输入“${text}”以确认`,
  typedMismatch: (text, button) => `输入不一致。请准确输入“${text}”后才能点击“${button}”。`,
  changeAnswer: "修改回答",
  cancelChange: "保留原回答",
  saveChange: "保存修改",
  action: { retry: "重试", undo: "撤销", report: "报告问题" },
  errorCode: (code) => `错误码：${code}`,
  timeLeft: (seconds) => `剩余 ${seconds}`,
  deadlinePassed: "已到时间",
  deadlineWarning: (time) => `不到 ${time} 后将自动拒绝。`,
  moreTime: (time) => `延长时间（+${time}）`,
  waitingForYou: "等待你的回复",
  queueTitle: "待你处理",
  queueEmpty: "没有待处理的问题。",
  queueCount: (n) => `${n} 个问题待处理`,
  jumpTo: "在对话中查看",
  answerHere: "在这里回答",
  declineAll: "拒绝其余问题",
  replyPreview: (number, label) => `→ ${number}号 · ${label}`,
  replyOutOfRange: (numbers, range) => `没有 ${numbers} 号选项，请从 ${range} 中选择。`,
  replyAmbiguous: (numbers, range) => `${numbers}：请只选一个（${range}）。`,
  declineFirst: (n) => `还有 ${n} 个问题没有回答。拒绝并发送你的消息吗？`,
  declineAndSend: "拒绝并发送",
  keepEditing: "继续编辑",
  pause: "暂停",
  pauseBlocked: "代理正在进行不可打断的操作。",
  paused: "已暂停——发送消息即可继续。",
  invalid: "代理发来的问题无法识别。",
  streaming: "代理正在生成问题…",
};
