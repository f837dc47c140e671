/** The messages every browser benchmark page starts from (main.tsx, and the first-paint pages). */
import type { Message } from "@ag-ui/core";

export const WORDS = [
  "the", "agent", "streams", "a", "reply", "token", "by", "token", "while", "the", "person", "reads",
  "Lyon", "train", "09:30", "seat", "window", "**booked**", "and", "then", "`code`", "thread", "frame", "paint",
];
export const LAST_SEED = "LASTSEEDMESSAGE";

/** `n` messages, user and assistant alternating, 15–45 words each; the last one ends with {@link LAST_SEED}. */
export function seedMessages(n: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < n; i++) {
    const words: string[] = [];
    const count = 15 + ((i * 7) % 31);
    for (let w = 0; w < count; w++) words.push(WORDS[(i + w * 5) % WORDS.length] as string);
    let content = words.join(" ");
    if (i === n - 1) content += ` ${LAST_SEED}`;
    messages.push(i % 2 === 0 ? { id: `seed-${i}`, role: "user", content } : { id: `seed-${i}`, role: "assistant", content });
  }
  return messages;
}
