import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNumeral, resolveReply, type ReplyRange, type ResolvedReply } from "../../../src/core/enumeration/resolveReply";

const R13: ReplyRange = { numbers: [1, 2, 3] };
const R46: ReplyRange = { numbers: [4, 5, 6] };
const R1to12: ReplyRange = { numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
const GAPPY: ReplyRange = { numbers: [2, 5, 9] };
const ONE: ReplyRange = { numbers: [7] };
const EMPTY: ReplyRange = { numbers: [] };
const M13: ReplyRange = { numbers: [1, 2, 3], multiple: true };
const M15: ReplyRange = { numbers: [1, 2, 3, 4, 5], multiple: true };
const M46: ReplyRange = { numbers: [4, 5, 6], multiple: true };
const MBIG: ReplyRange = { numbers: Array.from({ length: 200 }, (_, i) => i + 1), multiple: true };

const choice = (...numbers: number[]): ResolvedReply => ({ kind: "choice", numbers });
const outside = (...numbers: number[]): ResolvedReply => ({ kind: "out-of-range", numbers });
const ambiguous = (...numbers: number[]): ResolvedReply => ({ kind: "ambiguous", numbers });
const text: ResolvedReply = { kind: "text", numbers: [] };

const table: Array<[string, ReplyRange, ResolvedReply]> = [
  // Bare numbers, digits and full-width.
  ["2", R13, choice(2)],
  ["  2  ", R13, choice(2)],
  ["２", R13, choice(2)],
  ["５", R46, choice(5)],
  ["#2", R13, choice(2)],
  ["＃２", R13, choice(2)],
  ["# 5", R46, choice(5)],
  ["2.", R13, choice(2)],
  ["2)", R13, choice(2)],
  ["(2)", R13, choice(2)],
  ["（２）", R13, choice(2)],
  ["[3]", R13, choice(3)],
  ["【3】", R13, choice(3)],
  ["②", R13, choice(2)],
  ["⑤", R46, choice(5)],
  ["⑫", R1to12, choice(12)],
  // Chinese wrappers and numerals.
  ["2号", R13, choice(2)],
  ["二号", R13, choice(2)],
  ["2号吧", R13, choice(2)],
  ["第2个", R13, choice(2)],
  ["第二个", R13, choice(2)],
  ["第三项", R13, choice(3)],
  ["第一条", R13, choice(1)],
  ["第五", R46, choice(5)],
  ["选3", R13, choice(3)],
  ["选择 1", R13, choice(1)],
  ["选第二个", R13, choice(2)],
  ["我选6", R46, choice(6)],
  ["要两", R13, choice(2)],
  ["就4吧", R46, choice(4)],
  ["2吧", R13, choice(2)],
  ["十二", R1to12, choice(12)],
  ["第十个", R1to12, choice(10)],
  ["3。", R13, choice(3)],
  ["3！", R13, choice(3)],
  ["选2啊", R13, choice(2)],
  ["选3了", R13, choice(3)],
  ["2，谢谢", R13, choice(2)],
  ["2~", R13, choice(2)],
  // English wrappers and ordinals.
  ["Option 2", R13, choice(2)],
  ["OPTION ２", R13, choice(2)],
  ["choice 3", R13, choice(3)],
  ["number 1", R13, choice(1)],
  ["No. 5", R46, choice(5)],
  ["no 4", R46, choice(4)],
  ["pick 2", R13, choice(2)],
  ["I'll take 3", R13, choice(3)],
  ["first", R13, choice(1)],
  ["the second", R13, choice(2)],
  ["the second one", R13, choice(2)],
  ["the 2nd", R13, choice(2)],
  ["3rd", R13, choice(3)],
  ["sixth", R46, choice(6)],
  ["2 please", R13, choice(2)],
  ["please 2", R13, choice(2)],
  ["2, thanks!", R13, choice(2)],
  ["2!!", R13, choice(2)],
  // Non-contiguous and single-number ranges.
  ["5", GAPPY, choice(5)],
  ["3", GAPPY, outside(3)],
  ["7", ONE, choice(7)],
  // Out of range.
  ["9", R13, outside(9)],
  ["第九个", R13, outside(9)],
  ["#0", R13, outside(0)],
  ["1", R46, outside(1)],
  ["option 7", R46, outside(7)],
  ["2", EMPTY, outside(2)],
  ["第一个", EMPTY, outside(1)],
  // Single choice with several references.
  ["2和3", R13, ambiguous(2, 3)],
  ["2 or 3", R13, ambiguous(2, 3)],
  ["2、3", R13, ambiguous(2, 3)],
  ["2,3", R13, ambiguous(2, 3)],
  ["2 and 3", R13, ambiguous(2, 3)],
  ["2-3", R13, ambiguous(2, 3)],
  ["3 2", R13, ambiguous(2, 3)],
  ["2和9", R13, ambiguous(2, 9)],
  ["2, 2", R13, choice(2)],
  ["the first or the second", R13, ambiguous(1, 2)],
  // Multiple choice lists and ranges.
  ["2、3", M13, choice(2, 3)],
  ["2,3", M13, choice(2, 3)],
  ["2，3", M13, choice(2, 3)],
  ["3 2", M13, choice(2, 3)],
  ["2 and 3", M13, choice(2, 3)],
  ["2和3", M13, choice(2, 3)],
  ["2跟3", M13, choice(2, 3)],
  ["2 & 3", M13, choice(2, 3)],
  ["1, 3, 1", M13, choice(1, 3)],
  ["2-4", M15, choice(2, 3, 4)],
  ["2~4", M15, choice(2, 3, 4)],
  ["2～4", M15, choice(2, 3, 4)],
  ["2到4", M15, choice(2, 3, 4)],
  ["2至4", M15, choice(2, 3, 4)],
  ["2—4", M15, choice(2, 3, 4)],
  ["二到四", M15, choice(2, 3, 4)],
  ["4-2", M15, choice(2, 3, 4)],
  ["1-2, 5", M15, choice(1, 2, 5)],
  ["选2和3", M13, choice(2, 3)],
  ["第2和第3个", M13, choice(2, 3)],
  ["第二、三个", M13, choice(2, 3)],
  ["#2, #3", M13, choice(2, 3)],
  ["options 4 and 6", M46, choice(4, 6)],
  ["the first and the third", M13, choice(1, 3)],
  ["2、3吧", M13, choice(2, 3)],
  ["2和5", M13, outside(5)],
  ["3-6", M13, outside(4, 5, 6)],
  ["1-100", MBIG, choice(...Array.from({ length: 100 }, (_, i) => i + 1))],
  ["1-101", MBIG, text],
  ["1-3-5", M15, text],
  // "All".
  ["all", M13, choice(1, 2, 3)],
  ["全部", M46, choice(4, 5, 6)],
  ["都要", M13, choice(1, 2, 3)],
  ["全选", M13, choice(1, 2, 3)],
  ["I'll take all", M13, choice(1, 2, 3)],
  ["all", R13, ambiguous(1, 2, 3)],
  ["全部", ONE, choice(7)],
  ["all", EMPTY, text],
  // Numbers that are not references, and plain prose.
  ["2 people", R13, text],
  ["2个人", R13, text],
  ["2个", R13, text],
  ["明天2点", R13, text],
  ["下午3点", R13, text],
  ["3 pm", R13, text],
  ["at 3", R13, text],
  ["3:40", R13, text],
  ["18:40", R13, text],
  ["2024", R13, text],
  ["2024-01-02", M13, text],
  ["3.5", R13, text],
  ["2,000", R13, text],
  ["1,500", M13, text],
  ["I have 2 kids", R13, text],
  ["3号 18:40 出发", R13, text],
  ["改成傍晚的", R13, text],
  ["hello", R13, text],
  ["no thanks", R13, text],
  ["2?", R13, text],
  // A negative number is no option: out of range (issue 26), never read as 2.
  ["-2", R13, outside(-2)],
  ["2,,3", M13, text],
  ["", R13, text],
  ["   ", R13, text],
  ["。", R13, text],
];

describe("resolveReply", () => {
  it("has a broad table", () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
  });

  it.each(table)("%j against %j", (input, range, expected) => {
    expect(resolveReply(input, range)).toEqual(expected);
  });

  it("treats a reply over 2,000 characters as text, quickly", () => {
    const huge = "1、".repeat(50_000);
    const start = performance.now();
    expect(resolveReply(huge, M13)).toEqual(text);
    expect(resolveReply("2".repeat(100_000), R13)).toEqual(text);
    expect(performance.now() - start).toBeLessThan(200);
  });

  it("stays fast on the longest accepted reply", () => {
    const start = performance.now();
    for (const s of ["1 ".repeat(999), "了".repeat(2_000), "第".repeat(2_000), "选".repeat(1_999) + "2", "1-".repeat(999)]) {
      resolveReply(s, M13);
      resolveReply(s, R13);
    }
    expect(performance.now() - start).toBeLessThan(500);
  });

  it("never throws on random replies built from the reply vocabulary", () => {
    const tokens = [
      "1", "2", "3", "9", "12", "２", "①", "一", "二", "十", "两", "百", "零", "第", "个", "号", "选", "我选", "#",
      "(", ")", "[", "]", ".", "。", ",", "、", "-", "~", "到", "和", " ", "  ", "option", "the", "second", "and", "or",
      "all", "全部", "吧", "了", "please", "点", ":", "?", "!", "\n",
    ];
    const reply = fc.array(fc.constantFrom(...tokens), { maxLength: 12 }).map((parts) => parts.join(""));
    const range = fc.record({
      numbers: fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { maxLength: 6 }),
      multiple: fc.boolean(),
    });
    fc.assert(
      fc.property(reply, range, (input, r) => {
        const result = resolveReply(input, r);
        const sorted = [...new Set(result.numbers)].sort((a, b) => a - b);
        expect(result.numbers).toEqual(sorted);
        if (result.kind === "text") expect(result.numbers).toEqual([]);
        if (result.kind === "choice") {
          expect(result.numbers.every((n) => r.numbers.includes(n))).toBe(true);
          if (!r.multiple) expect(result.numbers).toHaveLength(1);
        }
        if (result.kind === "out-of-range") expect(result.numbers.some((n) => r.numbers.includes(n))).toBe(false);
        if (result.kind === "ambiguous") expect(r.multiple).toBe(false);
      }),
      { numRuns: 1_000, seed: 20_240_601 },
    );
  });
});

describe("parseNumeral", () => {
  it.each([
    ["0", 0], ["7", 7], ["42", 42], ["０", 0], ["１２", 12],
    ["零", 0], ["一", 1], ["二", 2], ["两", 2], ["三", 3], ["五", 5], ["九", 9], ["十", 10],
    ["十二", 12], ["二十", 20], ["二十一", 21], ["九十九", 99], ["一百", 100], ["两百", 200],
    ["一百零五", 105], ["一百二十三", 123], ["一百二", 120],
  ] as const)("%j → %d", (input, expected) => {
    expect(parseNumeral(input)).toBe(expected);
  });

  it.each(["", " ", "百", "一二", "十十", "十百", "零五", "一百零", "2十", "2点", "-1", "1.5", "abc", "三个"])(
    "%j is not a numeral",
    (input) => {
      expect(parseNumeral(input)).toBeUndefined();
    },
  );
});

/**
 * Issue 26: replies as people really write them, each category in both languages, written for
 * this suite (not the held-out set). The resolver stays strict: a category reads a pick only
 * where the pick is unmistakable, and refuses or asks otherwise.
 */
describe("numbered replies as people write them", () => {
  const cases: Array<[string, string, ReplyRange, ResolvedReply]> = [
    // A number followed by a demonstrative.
    ["demonstrative", "3号那个", R13, choice(3)],
    ["demonstrative", "2号那种的", R13, choice(2)],
    ["demonstrative", "就要1号那个吧", R13, choice(1)],
    ["demonstrative", "第二个那个", R13, choice(2)],
    ["demonstrative", "5号这个", R46, choice(5)],
    ["demonstrative", "number 2, that one", R13, choice(2)],
    ["demonstrative", "那个", R13, text],
    ["demonstrative", "3号那个人", R13, text],
    // An English verb before the number.
    ["verb", "choose 2", R13, choice(2)],
    ["verb", "choose option 3", R13, choice(3)],
    ["verb", "select 1", R13, choice(1)],
    ["verb", "I'd like 2", R13, choice(2)],
    ["verb", "let's go with 3", R13, choice(3)],
    ["verb", "I want number 1", R13, choice(1)],
    ["verb", "choose 9", R13, outside(9)],
    ["verb", "choose 2 people", R13, text],
    // A count of people before the choice, in one sentence.
    ["count first", "我们一共4个人，选2号", R13, choice(2)],
    ["count first", "我们一共4个人, 选第三个", R13, choice(3)],
    ["count first", "we are 4 people, pick 2", R13, choice(2)],
    ["count first", "4 adults, option 1 please", R13, choice(1)],
    ["count first", "我们一共4个人，2", R13, text],
    ["count first", "我们4个人，选2号，3点到", R13, text],
    ["count first", "一共4个人，选9号", R13, outside(9)],
    // A negative number is out of range, never words and never its absolute value.
    ["negative", "-1", R13, outside(-1)],
    ["negative", "-2号", R13, outside(-2)],
    ["negative", "选-1", R13, outside(-1)],
    ["negative", "负一", R13, outside(-1)],
    ["negative", "option -3", R13, outside(-3)],
    // Two numbers offered as alternatives: ask which, never pick one (nor both).
    ["alternatives", "2还是3", R13, ambiguous(2, 3)],
    ["alternatives", "2号还是3号？", R13, ambiguous(2, 3)],
    ["alternatives", "2 or 3", R13, ambiguous(2, 3)],
    ["alternatives", "2 or 3?", M13, ambiguous(2, 3)],
    ["alternatives", "选2或者3", M13, ambiguous(2, 3)],
    ["alternatives", "2 and 3", M13, choice(2, 3)],
  ];
  it.each(cases)("%s: %j", (_category, reply, range, expected) => {
    expect(resolveReply(reply, range)).toEqual(expected);
  });
});
