/**
 * Strings of the panels (agent status, trace). Kept out of the kit's main dictionary: the panels
 * load on first use, and their words load with them. Each panel takes `labels` to change a few.
 */
export interface PanelLabels {
  statusTitle: string;
  status: Record<"idle" | "thinking" | "acting" | "waiting", string>;
  actingOn: (what: string) => string;
  /** How long the status has held ("for 1:05"). */
  elapsed: (time: string) => string;
  waitingOn: (what: string) => string;
  showQuestion: string;
  reconnecting: (attempt: number, attempts: number) => string;
  loading: string;

  traceTitle: string;
  traceEmpty: string;
  traceOff: string;
  traceFilter: string;
  traceAllTypes: string;
  traceExport: string;
  traceEvents: (shown: number, total: number) => string;
  traceRuns: string;
  traceTokens: (input: number, output: number) => string;
  traceProtocolError: string;
  traceRunning: string;

  memoryTitle: string;
  memoryShortTerm: string;
  memoryLongTerm: string;
  memoryEmpty: string;
  memoryLoading: string;
  memoryFailed: (message: string) => string;
  memoryReadOnly: string;
  memoryChanged: string;

  artifactsTitle: string;
  artifactsEmpty: string;
  artifactKind: Record<"text" | "markdown" | "code" | "json" | "image", string>;
  artifactVersion: string;
  artifactVersionOf: (version: number, count: number) => string;
  artifactDownload: string;
  artifactOpen: string;
  artifactFromMessage: string;
  artifactProblems: (count: number) => string;

  skillsTitle: string;
  skillsEmpty: string;
  skillInactive: string;
  skillNoTools: string;
  frontendTools: string;
  frontendToolsEmpty: string;
}

export const panelsEn: PanelLabels = {
  statusTitle: "Agent",
  status: { idle: "Idle", thinking: "Thinking", acting: "Working", waiting: "Waiting for you" },
  actingOn: (what) => `Working: ${what}`,
  elapsed: (time) => `for ${time}`,
  waitingOn: (what) => `Waiting on: ${what}`,
  showQuestion: "Show the question",
  reconnecting: (attempt, attempts) => `Reconnecting… (attempt ${attempt} of ${attempts})`,
  loading: "Loading…",
  traceTitle: "Trace",
  traceEmpty: "No events yet.",
  traceOff: "Recording is off: create the store with trace: true.",
  traceFilter: "Event type",
  traceAllTypes: "All types",
  traceExport: "Export as JSON",
  traceEvents: (shown, total) => (shown === total ? `${total} events` : `${shown} of ${total} events`),
  traceRuns: "Runs",
  traceTokens: (input, output) => `${input} in / ${output} out tokens`,
  traceProtocolError: "Protocol error",
  traceRunning: "running",
  memoryTitle: "Memory",
  memoryShortTerm: "This session",
  memoryLongTerm: "Long-term",
  memoryEmpty: "Nothing remembered.",
  memoryLoading: "Loading memory…",
  memoryFailed: (message) => `Memory could not be loaded: ${message}`,
  memoryReadOnly: "The agent keeps its memory; you can read it here.",
  memoryChanged: "changed",
  artifactsTitle: "Artifacts",
  artifactsEmpty: "No artifacts yet.",
  artifactKind: { text: "Text", markdown: "Document", code: "Code", json: "JSON", image: "Image" },
  artifactVersion: "Version",
  artifactVersionOf: (version, count) => `v${version} of ${count}`,
  artifactDownload: "Download",
  artifactOpen: "Open",
  artifactFromMessage: "Show the message",
  artifactProblems: (count) => `${count} artifact announcement${count === 1 ? "" : "s"} could not be read.`,
  skillsTitle: "Skills",
  skillsEmpty: "The agent has named no skills.",
  skillInactive: "not in use",
  skillNoTools: "No tools.",
  frontendTools: "Tools this app provides",
  frontendToolsEmpty: "None.",
};

export const panelsZhCN: PanelLabels = {
  statusTitle: "智能体",
  status: { idle: "空闲", thinking: "思考中", acting: "执行中", waiting: "等待你的操作" },
  actingOn: (what) => `执行中：${what}`,
  elapsed: (time) => `已持续 ${time}`,
  waitingOn: (what) => `等待：${what}`,
  showQuestion: "查看问题",
  reconnecting: (attempt, attempts) => `正在重新连接…（第 ${attempt} 次，共 ${attempts} 次）`,
  loading: "加载中…",
  traceTitle: "事件追踪",
  traceEmpty: "还没有事件。",
  traceOff: "未开启记录：创建 store 时传入 trace: true。",
  traceFilter: "事件类型",
  traceAllTypes: "全部类型",
  traceExport: "导出为 JSON",
  traceEvents: (shown, total) => (shown === total ? `共 ${total} 个事件` : `${shown} / ${total} 个事件`),
  traceRuns: "运行",
  traceTokens: (input, output) => `输入 ${input} / 输出 ${output} 个 token`,
  traceProtocolError: "协议错误",
  traceRunning: "进行中",
  memoryTitle: "记忆",
  memoryShortTerm: "本次会话",
  memoryLongTerm: "长期记忆",
  memoryEmpty: "暂无记忆。",
  memoryLoading: "正在加载记忆…",
  memoryFailed: (message) => `无法加载记忆：${message}`,
  memoryReadOnly: "记忆由智能体维护，此处只读。",
  memoryChanged: "已更新",
  artifactsTitle: "产出物",
  artifactsEmpty: "还没有产出物。",
  artifactKind: { text: "文本", markdown: "文档", code: "代码", json: "JSON", image: "图片" },
  artifactVersion: "版本",
  artifactVersionOf: (version, count) => `第 ${version} 版，共 ${count} 版`,
  artifactDownload: "下载",
  artifactOpen: "打开",
  artifactFromMessage: "查看所在消息",
  artifactProblems: (count) => `有 ${count} 条产出物通知无法读取。`,
  skillsTitle: "技能",
  skillsEmpty: "智能体没有列出技能。",
  skillInactive: "未启用",
  skillNoTools: "没有工具。",
  frontendTools: "本应用提供的工具",
  frontendToolsEmpty: "无。",
};

/** The panel strings for a locale (any Chinese tag gets Chinese), with `overrides` on top. */
export function panelLabelsFor(locale: string, overrides?: Partial<PanelLabels>): PanelLabels {
  const base = locale.toLowerCase().startsWith("zh") ? panelsZhCN : panelsEn;
  return overrides ? { ...base, ...overrides } : base;
}
