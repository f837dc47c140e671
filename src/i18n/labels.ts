import type { PasskeyLabels } from "../passkey/labels";
import type { GrantsLabels } from "./grantsLabels";
import type { A2uiLabels } from "../components/a2ui/labels";
import type { McpAppLabels } from "../mcp-apps/labels";
import { formEn, formZhCN, type FormLabels } from "./formLabels";
import { conversationEn, conversationZhCN, type ConversationLabels } from "./conversationLabels";
import { attachmentsEn, attachmentsZhCN, type AttachmentLabels } from "./attachmentLabels";
import { interactionEn, interactionZhCN, type InteractionLabels } from "./interactionLabels";
import { permissionsEn, permissionsZhCN, type PermissionLabels } from "./permissionLabels";
import { supportEn, supportZhCN, type SupportLabels } from "./supportLabels";
import { speechEn, speechZhCN, type SpeechLabels } from "./speechLabels";
import { feedbackEn, feedbackZhCN, type FeedbackLabels } from "./feedbackLabels";

/**
 * Every string the kit shows or announces. Pass a partial object as `labels` to
 * `<ParleyUIProvider>` to change a few; pass `locale` to pick a whole dictionary.
 *
 * @example
 * const labels: Partial<ParleyLabels> = { send: "Go" };
 */
export interface ParleyLabels {
  threadLabel: string;
  /** The empty thread's welcome: its title, and the line under it. */
  emptyTitle: string;
  emptyThread: string;
  /** The group of suggestions to start with (`<Thread starters>`). */
  starters: string;
  jumpToLatest: string;
  roleUser: string;
  roleAssistant: string;
  roleSystem: string;
  roleDeveloper: string;
  roleTool: string;
  reasoning: string;
  reasoningStreaming: string;
  /** A sub-agent's name chip, read aloud ("via sub-agent Sales agent"). */
  subagent: (name: string) => string;
  /** Sources, inline citation markers, confidence and hand-offs between agents. */
  support: SupportLabels;
  /** The passkey step-up's words, over the kit's own (which load with the step-up, in six languages). */
  passkey?: Partial<PasskeyLabels>;
  /** Refusals, the grants page and the audit's provenance, over the kit's own (which load with the permissions UI, in six languages). */
  grants?: Partial<GrantsLabels>;
  /** The A2UI renderer's words, over its own (which load with the renderer, in six languages). */
  a2ui?: Partial<A2uiLabels>;
  /** The MCP App frame's words, over the kit's own (which load with the frame, in six languages). */
  mcpApps?: Partial<McpAppLabels>;
  planTitle: string;
  stepStatus: Record<"pending" | "in-progress" | "completed" | "failed", string>;
  copy: string;
  copied: string;
  /** A code block's name (it scrolls, so it takes focus); `language` is "" when the block names none. */
  codeBlock: (language: string) => string;
  /** A table's name (it scrolls sideways, so it takes focus). */
  table: string;
  toolCall: string;
  toolArguments: string;
  toolResult: string;
  toolError: string;
  /** A call whose run ended (failed or stopped) before the call finished. */
  toolUnfinished: string;
  toolStatus: Record<"streaming-args" | "waiting" | "complete" | "error", string>;
  composerPlaceholder: string;
  composerLabel: string;
  send: string;
  stop: string;
  noAgent: string;
  agentStatus: Record<"idle" | "thinking" | "acting" | "waiting", string>;
  actingOn: (what: string) => string;
  /** The stream dropped and the transport is trying again (attempt counts from 1). */
  reconnecting: (attempt: number, attempts: number) => string;
  runFailed: string;
  runFailedTransport: string;
  retry: string;
  unknownMessage: (kind: string) => string;
  messageCrashed: string;
  /** A panel or card that failed to render (`PartErrorBoundary`). */
  partCrashed: string;
  rawPayload: string;
  /** The JSON Schema form of input requests. */
  form: FormLabels;
  /** The interaction cards, the queue and the composer's reply preview. */
  interaction: InteractionLabels;
  /** The permission scope choice, the permissions panel and the audit log. */
  permissions: PermissionLabels;
  /** Edit, regenerate, copy, the branch picker and the suggestion chips. */
  conversation: ConversationLabels;
  /** The composer's attachments: the button, the chips, uploads and refused files. */
  attachments: AttachmentLabels;
  /** Dictation: the composer's microphone. */
  speech: SpeechLabels;
  /** Feedback on an answer (`MessageFeedback`). */
  feedback: FeedbackLabels;
}

/** English. */
export const en: ParleyLabels = {
  threadLabel: "Conversation",
  emptyTitle: "How can I help?",
  emptyThread: "Ask a question or describe a task. You decide before anything is done.",
  starters: "Suggestions to start with",
  jumpToLatest: "Jump to latest",
  roleUser: "You",
  roleAssistant: "Assistant",
  roleSystem: "System",
  roleDeveloper: "Developer",
  roleTool: "Tool result",
  reasoning: "Thinking",
  reasoningStreaming: "Thinking…",
  subagent: (name) => `via sub-agent ${name}`,
  support: supportEn,
  planTitle: "Plan",
  stepStatus: { pending: "Pending", "in-progress": "In progress", completed: "Done", failed: "Failed" },
  copy: "Copy code",
  copied: "Copied",
  codeBlock: (language) => (language ? `Code, ${language}` : "Code"),
  table: "Table",
  toolCall: "Tool call",
  toolArguments: "Arguments",
  toolResult: "Result",
  toolError: "Error",
  toolUnfinished: "The run ended before this call finished.",
  toolStatus: { "streaming-args": "Preparing", waiting: "Waiting for result", complete: "Done", error: "Failed" },
  composerPlaceholder: "Write a message…",
  composerLabel: "Message",
  send: "Send",
  stop: "Stop",
  noAgent: "No agent is connected, so messages cannot be sent.",
  agentStatus: { idle: "Idle", thinking: "Thinking", acting: "Working", waiting: "Waiting for you" },
  actingOn: (what) => `Working: ${what}`,
  reconnecting: (attempt, attempts) => `Reconnecting… (attempt ${attempt} of ${attempts})`,
  runFailed: "The agent stopped with an error.",
  runFailedTransport: "The connection to the agent failed.",
  retry: "Retry",
  unknownMessage: (kind) => `This message has a type the app does not know (${kind}).`,
  messageCrashed: "This message could not be shown.",
  partCrashed: "This part could not be shown. The rest of the page still works.",
  rawPayload: "Raw content",
  form: formEn,
  interaction: interactionEn,
  permissions: permissionsEn,
  conversation: conversationEn,
  attachments: attachmentsEn,
  speech: speechEn,
  feedback: feedbackEn,
};

/** Simplified Chinese. */
export const zhCN: ParleyLabels = {
  threadLabel: "对话",
  emptyTitle: "有什么可以帮你？",
  emptyThread: "提出问题或描述任务。任何操作都会先经你决定。",
  starters: "可以这样开始",
  jumpToLatest: "跳到最新",
  roleUser: "你",
  roleAssistant: "助手",
  roleSystem: "系统",
  roleDeveloper: "开发者",
  roleTool: "工具结果",
  reasoning: "思考过程",
  reasoningStreaming: "正在思考…",
  subagent: (name) => `来自子代理 ${name}`,
  support: supportZhCN,
  planTitle: "计划",
  stepStatus: { pending: "待办", "in-progress": "进行中", completed: "已完成", failed: "失败" },
  copy: "复制代码",
  copied: "已复制",
  codeBlock: (language) => (language ? `代码：${language}` : "代码"),
  table: "表格",
  toolCall: "工具调用",
  toolArguments: "参数",
  toolResult: "结果",
  toolError: "错误",
  toolUnfinished: "运行在此调用完成前结束。",
  toolStatus: { "streaming-args": "准备中", waiting: "等待结果", complete: "完成", error: "失败" },
  composerPlaceholder: "输入消息…",
  composerLabel: "消息",
  send: "发送",
  stop: "停止",
  noAgent: "未连接代理，无法发送消息。",
  agentStatus: { idle: "空闲", thinking: "思考中", acting: "执行中", waiting: "等待你的操作" },
  actingOn: (what) => `执行中：${what}`,
  reconnecting: (attempt, attempts) => `正在重新连接…（第 ${attempt} 次，共 ${attempts} 次）`,
  runFailed: "代理运行出错并已停止。",
  runFailedTransport: "与代理的连接失败。",
  retry: "重试",
  unknownMessage: (kind) => `此消息的类型无法识别（${kind}）。`,
  messageCrashed: "此消息无法显示。",
  partCrashed: "这一部分无法显示，页面的其余部分仍可正常使用。",
  rawPayload: "原始内容",
  form: formZhCN,
  interaction: interactionZhCN,
  permissions: permissionsZhCN,
  conversation: conversationZhCN,
  attachments: attachmentsZhCN,
  speech: speechZhCN,
  feedback: feedbackZhCN,
};

/** The dictionaries in the kit's first load, by BCP 47 tag (the other shipped locales load on first use). */
export const dictionaries = { en, "zh-CN": zhCN } as const;

/** The locales the kit ships: en and zh-CN in its first load; ja, es, de and ar loaded on first use. */
export type ParleyLocale = keyof typeof dictionaries | "ja" | "es" | "de" | "ar";
