/**
 * Strings of editing, regenerating, copying, the branch picker and the suggestion chips. Reached
 * as `useLabels().conversation`.
 */
export interface ConversationLabels {
  edit: string;
  editLabel: string;
  saveAndSend: string;
  cancel: string;
  regenerate: string;
  copyMessage: string;
  copied: string;
  copyFailed: string;
  /** The branch picker's group label and its buttons. */
  branches: string;
  previousBranch: string;
  nextBranch: string;
  /** "2 / 3" read aloud. */
  branchPosition: (index: number, count: number) => string;
  suggestions: string;
  /** An image from another site, shown only when the person asks (docs/security.md, URL policy). */
  loadImage: (host: string) => string;
  /** An attachment chip read aloud ("Attachment: report.pdf"). */
  attachment: (name: string) => string;
}

export const conversationEn: ConversationLabels = {
  edit: "Edit",
  editLabel: "Edit your message",
  saveAndSend: "Save and send",
  cancel: "Cancel",
  regenerate: "Regenerate",
  copyMessage: "Copy",
  copied: "Copied",
  copyFailed: "Could not copy",
  branches: "Versions",
  previousBranch: "Previous version",
  nextBranch: "Next version",
  branchPosition: (index, count) => `Version ${index} of ${count}`,
  suggestions: "Suggested replies",
  loadImage: (host) => `Load image from ${host}`,
  attachment: (name) => (name ? `Attachment: ${name}` : "Attachment:"),
};

export const conversationZhCN: ConversationLabels = {
  edit: "编辑",
  editLabel: "编辑你的消息",
  saveAndSend: "保存并发送",
  cancel: "取消",
  regenerate: "重新生成",
  copyMessage: "复制",
  copied: "已复制",
  copyFailed: "复制失败",
  branches: "版本",
  previousBranch: "上一个版本",
  nextBranch: "下一个版本",
  branchPosition: (index, count) => `第 ${index} 个版本，共 ${count} 个`,
  suggestions: "建议回复",
  loadImage: (host) => `从 ${host} 加载图片`,
  attachment: (name) => (name ? `附件：${name}` : "附件："),
};
