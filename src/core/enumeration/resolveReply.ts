/**
 * Decides whether a person's typed reply picks one of the numbered options on screen. The kit
 * decides this, not the model, so it must be strict: a reply counts as a pick only when the whole
 * reply *is* the pick ("3", "第三个", "option 3"); anything with more substance ("3 people",
 * "下午3点") stays free text for the agent to read.
 */

/** The numbers the person may answer with right now. */
export interface ReplyRange {
  /** The respondable numbers, e.g. [4,5,6]; not necessarily contiguous. */
  numbers: readonly number[];
  /** Multiple choice allowed. */
  multiple?: boolean;
}

export type ResolvedReply =
  | { kind: "choice"; numbers: number[] }
  | { kind: "out-of-range"; numbers: number[] }
  | { kind: "ambiguous"; numbers: number[] }
  | { kind: "text"; numbers: [] };

/** Longer replies are prose, and capping keeps the work bounded whatever arrives. */
const MAX_INPUT = 2_000;
/** Four digits read as a year, a time or a phone fragment, not as an option number. */
const MAX_REFERENCE = 999;
/** "1-5000" is not a selection anyone means. */
const MAX_RANGE_SIZE = 100;
/** "2,000" is an amount written with a thousands separator, not the list "2, 0". */
const GROUPED_NUMBER = /[0-9],[0-9]{3}(?![0-9])/;

// The vocabulary is data so that adding a phrasing never means editing a regex.
const LEADING_POLITE = ["please ", "请"];
const TRAILING_POLITE = [
  "thank you", "thanks", "please", "谢谢", "。", ".", "!", ",", "~", "吧", "啊", "呀", "哦", "了",
];
/**
 * Words pointing back at the option just named ("3号那个", "2号那种的", "number 2, that one"):
 * dropped only after a marked reference (号, 个, 项, 种…) or a digit, so "那个" alone or "3号那个人"
 * stay words.
 */
const DEMONSTRATIVES = ["那种的", "那个的", "那种", "那个", "这个", "这种", "那款", "那班", "那趟", "that one", "this one", "the one"];
const REFERENCE_END = /(?:[0-9号个项条位种]|one)$/;
/** Words that may precede the number. "第" and "#" are markers handled after these. */
const PREFIXES = [
  "i'll go with", "i'll take", "i'll have", "i'd like", "i would like", "i'd go with", "let's go with", "lets go with",
  "i want", "i choose", "i select", "i pick", "we'll take", "we choose", "give me",
  "go with", "choose", "select", "pick", "take",
  "options", "option", "choices", "choice", "numbers", "number", "no.", "no",
  "我选择", "我选", "我要", "就选", "就要", "选择", "选项", "选", "要", "就",
];
/** Allowed after "第N" only: "2个" alone is a quantity ("two of them"), "第2个" is a position. */
const ORDINAL_SUFFIXES = ["个", "项", "条", "位", "种", "号"];
/** Allowed after a bare N. */
const PLAIN_SUFFIXES = ["号", ")", "."];
const ENCLOSURES: ReadonlyArray<readonly [string, string]> = [["(", ")"], ["[", "]"], ["【", "】"]];
const EN_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const LIST_SEPARATORS = ["、", ",", ";", "&", "和", "跟", "与", "或者", "或", "还是", "还有", "以及", "and", "or"];
/** Separators that offer the numbers as alternatives: the person is asked which, never given one (nor both). */
const ALTERNATIVES = new Set(["或者", "或", "还是", "or"]);
/** Words a number may carry in a clause beside the pick without being a pick: a count ("4个人", "4 adults"). */
const QUANTITY = /^ ?(?:个人|位|名|人|张|people|persons|person|adults|adult|kids|children|of us|tickets|ticket)/;
/** What makes a Chinese numeral a number rather than part of a word: a unit after it. */
const CN_UNIT_AFTER = /^ ?(?:号|点|时|分|月|日|天|个|项|条|种|次|岁|块|元)/;
/** Marks that make a clause a pick rather than a stray number ("选2号", "pick 2", "第三个", "#2"). */
const PICK_MARK = /^(?:第|#)|号$/;
const RANGE_MARKS = ["-", "~", "到", "至", "—", "–", "to"];
const ALL_WORDS = [
  "all", "all of them", "everything", "全部", "都要", "全都要", "全部都要", "全选", "都选", "全要", "我全都要", "我都要",
];

const CN_DIGITS: Record<string, number> = {
  零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
};
const CN_UNITS: Record<string, number> = { 十: 10, 百: 100 };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternative = (s: string) => (/^[a-z]/.test(s) ? `\\b${escape(s)}\\b` : escape(s));
// Literal alternatives with at most one optional space either side (spaces are collapsed first):
// no nested quantifiers, so matching stays linear.
const SEPARATOR_RE = new RegExp(
  ` ?(${[...LIST_SEPARATORS, ...RANGE_MARKS].sort((a, b) => b.length - a.length).map(alternative).join("|")}) ?`,
);
const RANGE_SET = new Set(RANGE_MARKS);

/**
 * Reads a number written in digits (ASCII or full-width) or Chinese numerals up to 百. Anything
 * it is not sure of is `undefined` rather than a guess, because a wrong number picks a wrong option.
 *
 * @example
 * parseNumeral("二十一"); // 21
 * parseNumeral("１２"); // 12
 * parseNumeral("2点"); // undefined
 */
export function parseNumeral(s: string): number | undefined {
  const t = s.normalize("NFKC").trim();
  if (/^[0-9]{1,15}$/.test(t)) return Number(t);
  if (t === "零") return 0;
  if (t.length === 0 || t.length > 8) return undefined;
  let total = 0;
  let pending: number | undefined;
  let lastUnit = Infinity;
  let afterZero = false;
  for (const ch of t) {
    const digit = CN_DIGITS[ch];
    const unit = CN_UNITS[ch];
    if (ch === "零") {
      // Only as the placeholder in 一百零五.
      if (pending !== undefined || lastUnit !== 100 || afterZero) return undefined;
      afterZero = true;
      lastUnit = 10;
    } else if (digit !== undefined) {
      if (pending !== undefined) return undefined; // "一二" is not a number we can trust
      pending = digit;
    } else if (unit !== undefined) {
      if (unit >= lastUnit) return undefined;
      // A bare 十 means 一十, but a bare 百 is not how anyone writes 100.
      if (pending === undefined && !(unit === 10 && total === 0)) return undefined;
      total += (pending ?? 1) * unit;
      pending = undefined;
      lastUnit = unit;
    } else {
      return undefined;
    }
  }
  if (afterZero && pending === undefined) return undefined;
  // Colloquially 一百二 is 120, not 102.
  if (pending !== undefined) total += lastUnit === 100 ? pending * 10 : pending;
  return total;
}

function normalise(text: string): string {
  let s = text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const w of TRAILING_POLITE) {
      if (s.endsWith(w)) {
        s = s.slice(0, -w.length).trimEnd();
        changed = true;
      }
    }
  }
  for (const w of LEADING_POLITE) if (s.startsWith(w)) s = s.slice(w.length).trim();
  for (const w of DEMONSTRATIVES) {
    if (!s.endsWith(w)) continue;
    const rest = s.slice(0, -w.length).replace(/[ ,]+$/, "");
    if (rest && REFERENCE_END.test(rest)) s = rest;
    break;
  }
  return s;
}

function reference(s: string): number | undefined {
  const n = parseNumeral(s);
  return n !== undefined && n <= MAX_REFERENCE ? n : undefined;
}

function withoutSuffix(s: string, suffixes: readonly string[]): string[] {
  return [s, ...suffixes.filter((x) => s.length > x.length && s.endsWith(x)).map((x) => s.slice(0, -x.length).trim())];
}

/** The reply with up to two known prefixes removed ("choose option 3"), including none. */
function prefixVariants(s: string): string[] {
  const once = (t: string) => PREFIXES.filter((p) => t.startsWith(p)).map((p) => t.slice(p.length).trim());
  const first = once(s);
  return [s, ...first, ...first.flatMap(once)];
}

/** The number a single item refers to, once any prefix is gone: "第3个", "#3", "3号", "(3)", "the 3rd". */
function core(s: string): number | undefined {
  for (const [open, close] of ENCLOSURES) {
    if (s.startsWith(open) && s.endsWith(close)) return reference(s.slice(open.length, -close.length).trim());
  }
  if (s.startsWith("#")) s = s.slice(1).trim();
  if (s.startsWith("第")) {
    for (const body of withoutSuffix(s.slice(1).trim(), ORDINAL_SUFFIXES)) {
      const n = reference(body);
      if (n !== undefined) return n;
    }
    return undefined;
  }
  const word = s.replace(/^the /, "").replace(/ one$/, "");
  const ordinal = EN_ORDINALS.indexOf(word);
  if (ordinal >= 0) return ordinal + 1;
  const numbered = /^([0-9]{1,3})(?:st|nd|rd|th)$/.exec(word);
  if (numbered?.[1]) return Number(numbered[1]);
  for (const body of withoutSuffix(s, PLAIN_SUFFIXES)) {
    const n = reference(body);
    if (n !== undefined) return n;
  }
  return undefined;
}

function item(s: string): number | undefined {
  for (const rest of prefixVariants(s)) {
    const n = core(rest);
    if (n !== undefined) return n;
  }
  return undefined;
}

/**
 * Every number the reply refers to, or `undefined` when any part of it is not a reference;
 * `alternatives` when they were offered with "or" / "还是" (the person must say which).
 */
function references(s: string): { numbers: number[]; alternatives: boolean } | undefined {
  const parts = s.split(SEPARATOR_RE);
  const groups: number[][] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const text = (parts[i] ?? "").trim();
    const one = item(text);
    // "2 3" has no separator word, so spaces separate only when the whole item is not one reference.
    const many = one !== undefined ? [one] : text.includes(" ") ? text.split(" ").map(item) : [undefined];
    if (many.length === 0 || many.some((n) => n === undefined)) return undefined;
    groups.push(many as number[]);
  }
  const found = new Set<number>();
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] ?? [];
    const rangeBefore = g > 0 && RANGE_SET.has(parts[2 * g - 1] ?? "");
    const rangeAfter = g < groups.length - 1 && RANGE_SET.has(parts[2 * g + 1] ?? "");
    if (rangeBefore && rangeAfter) return undefined; // "1-3-5" reads as a date or a code
    if (rangeBefore) {
      const [a, b] = [groups[g - 1]?.[0], group[0]];
      if (a === undefined || b === undefined || group.length > 1 || (groups[g - 1]?.length ?? 0) > 1) return undefined;
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      if (hi - lo + 1 > MAX_RANGE_SIZE) return undefined;
      for (let n = lo; n <= hi; n++) found.add(n);
    }
    for (const n of group) found.add(n);
  }
  const alternatives = parts.some((p, i) => i % 2 === 1 && ALTERNATIVES.has(p.trim()));
  return { numbers: [...found].sort((a, b) => a - b), alternatives };
}

/** A number written negative ("-1", "负一", "选-2号"): no option is numbered so; refused as out of range, never read as 1. */
function negative(candidates: readonly string[]): number | undefined {
  for (const c of candidates) {
    const sign = c.startsWith("-") ? 1 : c.startsWith("负") ? 1 : 0;
    if (!sign) continue;
    const n = core(c.slice(1).trim());
    if (n !== undefined && n > 0) return -n;
  }
  return undefined;
}

/**
 * One sentence, several clauses, one of them the pick: "我们一共4个人，选2号", "4 adults, option 1".
 * Read only when exactly one clause is a *marked* pick (a verb, 号, 第, #, option…) and every
 * number elsewhere is a count (followed by 个人, 位, people …) — a stray number anywhere makes it words.
 */
function clausePick(s: string): number | undefined {
  const clauses = s.split(/ ?[,;] ?/).map((c) => c.trim()).filter(Boolean);
  if (clauses.length < 2 || clauses.length > 4) return undefined;
  let pick: number | undefined;
  for (const clause of clauses) {
    const marked = prefixVariants(clause).length > 1 || PICK_MARK.test(clause);
    const n = marked ? item(clause) : undefined;
    if (n !== undefined) {
      if (pick !== undefined) return undefined;
      pick = n;
    } else if (!onlyCounts(clause)) return undefined;
  }
  return pick;
}

/**
 * True when every number in `clause` is a count: followed by a person or ticket word. A Chinese
 * numeral followed by neither a count word nor a unit of its own (号, 点, 时, 月, 日 …) is part of
 * a word ("一共", "一起"), not a number.
 */
function onlyCounts(clause: string): boolean {
  const numeral = /[0-9]+|[零一二两三四五六七八九十百]+/g;
  for (let m = numeral.exec(clause); m; m = numeral.exec(clause)) {
    const after = clause.slice(m.index + m[0].length);
    if (QUANTITY.test(after)) continue;
    if (/^[0-9]/.test(m[0]) || CN_UNIT_AFTER.test(after)) return false;
  }
  return true;
}

/** Forms that wrap a whole list: "选2和3", "第2和第3个", "#2, #3", "2和3号". */
function shells(s: string): string[] {
  const out: string[] = [];
  for (const rest of prefixVariants(s)) {
    out.push(rest);
    const marked = rest.startsWith("第") || rest.startsWith("#") ? rest.slice(1).trim() : undefined;
    const inner = marked ?? rest;
    for (const body of withoutSuffix(inner, marked !== undefined && rest.startsWith("第") ? ORDINAL_SUFFIXES : ["号"])) {
      if (body !== rest) out.push(body);
    }
  }
  return out;
}

/**
 * Classifies a typed reply against the options currently on screen. Never throws; anything that
 * is not unmistakably a pick is `text`, because wrongly treating prose as a choice is worse than
 * asking the model to read it.
 *
 * @example
 * resolveReply("第二个", { numbers: [1, 2, 3] }); // { kind: "choice", numbers: [2] }
 * resolveReply("2和3", { numbers: [1, 2, 3] }); // { kind: "ambiguous", numbers: [2, 3] }
 * resolveReply("2-3", { numbers: [1, 2, 3], multiple: true }); // { kind: "choice", numbers: [2, 3] }
 * resolveReply("下午3点", { numbers: [1, 2, 3] }); // { kind: "text", numbers: [] }
 */
export function resolveReply(text: string, range: ReplyRange): ResolvedReply {
  if (typeof text !== "string" || text.length > MAX_INPUT) return { kind: "text", numbers: [] };
  const inRange = new Set(range?.numbers ?? []);
  const allowed = [...inRange].sort((a, b) => a - b);
  const multiple = range?.multiple === true;
  const s = normalise(text);
  if (s === "" || GROUPED_NUMBER.test(s)) return { kind: "text", numbers: [] };
  // "2还是3？": a question offering alternatives is asked back; any other reply ending in "?"
  // ("2?") stays words for the agent.
  if (s.endsWith("?")) {
    const asked = resolveReply(s.slice(0, -1), range);
    return asked.kind === "ambiguous" && asked.numbers.length > 1 ? asked : { kind: "text", numbers: [] };
  }

  const candidates = shells(s);
  if (candidates.some((c) => ALL_WORDS.includes(c))) {
    if (allowed.length === 0) return { kind: "text", numbers: [] };
    return multiple || allowed.length === 1
      ? { kind: "choice", numbers: allowed }
      : { kind: "ambiguous", numbers: allowed };
  }
  const below = negative(candidates);
  if (below !== undefined) return { kind: "out-of-range", numbers: [below] };
  let found: ReturnType<typeof references>;
  for (const c of candidates) if ((found = references(c))) break;
  const clause = found ? undefined : clausePick(s);
  const numbers = found?.numbers ?? (clause !== undefined ? [clause] : undefined);
  if (!numbers || numbers.length === 0) return { kind: "text", numbers: [] };
  if (numbers.length > 1 && (!multiple || found?.alternatives)) return { kind: "ambiguous", numbers };
  const outside = numbers.filter((n) => !inRange.has(n));
  return outside.length > 0 ? { kind: "out-of-range", numbers: outside } : { kind: "choice", numbers };
}
