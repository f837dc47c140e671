/** A question's title and the text under it, as a card shows them. */
export interface QuestionTitle {
  /** The card's title: the question, or its first sentence; `undefined` when the text has no title of its own (the card is titled by its type). */
  title: string | undefined;
  /** What the title leaves: the body under it ("" when the title is all of it). */
  body: string;
}

/** Longer than this, a question is split at its first sentence, or titled by its type when it has none short enough. */
export const TITLE_MAX = 120;

// The end of the first sentence: `.`, `?`, `!` or `:` before white space, a CJK full stop or mark
// (no space follows them), or a line break.
const SENTENCE_END = /[.?!:](?=\s)|[。？！：]|\n/u;

/**
 * The title of an advice, input or error card: the question itself when it is short and one
 * line, its first sentence when that is short and more follows, and otherwise none, so the card
 * keeps its type's name as the title and shows the text whole below it.
 *
 * @example
 * questionTitle("Which hotel should I book?"); // { title: "Which hotel should I book?", body: "" }
 * questionTitle("Two hotels are free. Which one should I book?"); // stays whole: short and one line
 * questionTitle(`The deploy failed.\n${log}`); // { title: "The deploy failed.", body: log }
 */
export function questionTitle(text: string): QuestionTitle {
  const whole = text.trim();
  if (!whole) return { title: undefined, body: "" };
  if (whole.length <= TITLE_MAX && !whole.includes("\n")) return { title: whole, body: "" };
  const end = SENTENCE_END.exec(whole);
  if (!end || end.index >= TITLE_MAX) return { title: undefined, body: whole };
  const cut = end.index + (end[0] === "\n" ? 0 : end[0].length);
  const title = whole.slice(0, cut).trim();
  const body = whole.slice(cut).trim();
  return title ? { title, body } : { title: undefined, body: whole };
}
