/**
 * Strings of the thread list. Kept out of the kit's main dictionary: the list ships in
 * `parley-ui/threads`, and its words with it. `ThreadList` takes `labels` to change a few.
 */
export interface ThreadLabels {
  title: string;
  newThread: string;
  untitled: string;
  loading: string;
  empty: string;
  failed: (message: string) => string;
  retry: string;
  startedByAgent: string;
  /** The badge's words for screen readers ("2 unread"). */
  unread: (count: number) => string;
  rename: (title: string) => string;
  renameField: (title: string) => string;
  save: string;
  cancel: string;
  remove: (title: string) => string;
  confirmRemove: (title: string) => string;
  keep: string;
  /** A change the back end refused, put back as it was. */
  problem: (action: "create" | "rename" | "remove" | "markRead", title: string, message: string) => string;
  dismiss: string;
}

export const threadsEn: ThreadLabels = {
  title: "Conversations",
  newThread: "New conversation",
  untitled: "New conversation",
  loading: "Loading conversations…",
  empty: "No conversations yet.",
  failed: (message) => `The conversations could not be loaded: ${message}`,
  retry: "Try again",
  startedByAgent: "Started by the agent",
  unread: (count) => (count === 1 ? "1 unread message" : `${count} unread messages`),
  rename: (title) => `Rename “${title}”`,
  renameField: (title) => `New name for “${title}”`,
  save: "Save",
  cancel: "Cancel",
  remove: (title) => `Delete “${title}”`,
  confirmRemove: (title) => `Delete “${title}” for good?`,
  keep: "Keep it",
  problem: (action, title, message) =>
    `${{ create: "A new conversation could not be started", rename: `“${title}” could not be renamed`, remove: `“${title}” could not be deleted`, markRead: `“${title}” could not be marked as read` }[action]}: ${message.replace(/[.。]+$/, "")}. Nothing was changed.`,
  dismiss: "Dismiss",
};

export const threadsZhCN: ThreadLabels = {
  title: "会话",
  newThread: "新会话",
  untitled: "新会话",
  loading: "正在加载会话…",
  empty: "还没有会话。",
  failed: (message) => `无法加载会话：${message}`,
  retry: "重试",
  startedByAgent: "由智能体发起",
  unread: (count) => `${count} 条未读消息`,
  rename: (title) => `重命名“${title}”`,
  renameField: (title) => `“${title}”的新名称`,
  save: "保存",
  cancel: "取消",
  remove: (title) => `删除“${title}”`,
  confirmRemove: (title) => `确定永久删除“${title}”？`,
  keep: "保留",
  problem: (action, title, message) =>
    `${{ create: "无法新建会话", rename: `无法重命名“${title}”`, remove: `无法删除“${title}”`, markRead: `无法将“${title}”标为已读` }[action]}：${message.replace(/[.。]+$/, "")}。未做任何更改。`,
  dismiss: "知道了",
};

/** The thread list's strings for a locale (any Chinese tag gets Chinese), with `overrides` on top. */
export function threadLabelsFor(locale: string, overrides?: Partial<ThreadLabels>): ThreadLabels {
  const base = locale.toLowerCase().startsWith("zh") ? threadsZhCN : threadsEn;
  return overrides ? { ...base, ...overrides } : base;
}
