/**
 * JSON Schema `pattern`s (ECMA-262, `u` flag) matched in time linear in the input: a Pike VM over
 * the pattern's structure (Thompson's construction, one thread per program position and input
 * position), so `^(a+)+$` against 34 a's and a `!` takes microseconds instead of freezing the tab
 * for seconds, as the browser's backtracking engine does. No library on npm does this for browser
 * JavaScript in a few KB: `safe-regex`/`safe-regex2` only guess (star height; they pass `(a|a)*$`
 * and `\d*\d*\d*\d*x`), `re2js` is a full port of RE2 (~100 KB), and the `l` flag of V8's linear
 * engine is behind a command-line switch.
 *
 * What a single character is (a class, `\p{L}`, `.`) is still the native engine's to decide, on
 * one code point at a time, which is constant work. Backreferences and lookaround cannot be run in
 * linear time this way: a pattern with them is refused, in words, as are patterns over the limits.
 */

export const PATTERN_LIMITS = {
  /** Characters of a pattern. */
  source: 1_000,
  /** Instructions once counted repetitions are written out (`a{1000}` is 1,000 of them). */
  program: 2_000,
  /** Characters of a text a pattern is tested against; a longer one does not match. */
  input: 10_000,
} as const;

export type CompiledPattern =
  | { ok: true; test(input: string): boolean }
  | { ok: false; problem: string };

type Node =
  | { t: "char"; match: (cp: number) => boolean }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; options: Node[] }
  | { t: "repeat"; node: Node; min: number; max: number }
  | { t: "assert"; kind: "^" | "$" | "b" | "B" };

type Op =
  | { op: "char"; match: (cp: number) => boolean }
  | { op: "split"; x: number; y: number }
  | { op: "jmp"; to: number }
  | { op: "assert"; kind: "^" | "$" | "b" | "B" }
  | { op: "match" };

class Refused extends Error {}

const cache = new Map<string, CompiledPattern>();

/**
 * The pattern, ready to test in linear time, or why it is refused.
 *
 * @example
 * const postcode = compilePattern("^\\d{5}$");
 * postcode.ok && postcode.test("75011"); // true
 * compilePattern("^(?=.*\\d).{8,}$"); // { ok: false, problem: "it looks ahead or behind (?=…), …" }
 */
export function compilePattern(source: string): CompiledPattern {
  const known = cache.get(source);
  if (known) return known;
  const compiled = compile(source);
  if (cache.size > 200) cache.clear();
  cache.set(source, compiled);
  return compiled;
}

function compile(source: string): CompiledPattern {
  if (source.length > PATTERN_LIMITS.source) return { ok: false, problem: `it is longer than ${PATTERN_LIMITS.source.toLocaleString("en-US")} characters` };
  try {
    new RegExp(source, "u");
  } catch {
    return { ok: false, problem: "it is not a valid regular expression" };
  }
  try {
    const parser = new Parser(source);
    const node = parser.alternation();
    const program: Op[] = [];
    emit(node, program);
    program.push({ op: "match" });
    return { ok: true, test: (input) => input.length <= PATTERN_LIMITS.input && run(program, input) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.message };
    throw error;
  }
}

const WORD = /[A-Za-z0-9_]/;
const isWord = (cp: number) => cp >= 0 && cp < 128 && WORD.test(String.fromCharCode(cp));

/** A one-character matcher backed by the native engine, answered from a table for ASCII. */
function nativeClass(atom: string): (cp: number) => boolean {
  const regex = new RegExp(`^(?:${atom})$`, "u");
  const ascii = Array.from({ length: 128 }, (_, cp) => regex.test(String.fromCharCode(cp)));
  const seen = new Map<number, boolean>();
  return (cp) => {
    if (cp < 128) return ascii[cp] as boolean;
    let hit = seen.get(cp);
    if (hit === undefined) {
      hit = regex.test(String.fromCodePoint(cp));
      if (seen.size < 4_096) seen.set(cp, hit);
    }
    return hit;
  };
}

class Parser {
  private at = 0;
  constructor(private readonly src: string) {}

  alternation(): Node {
    const options = [this.sequence()];
    while (this.src[this.at] === "|") {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { t: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.src.length && this.src[this.at] !== "|" && this.src[this.at] !== ")") {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return { t: "seq", items };
  }

  private quantified(atom: Node): Node {
    const c = this.src[this.at];
    let min: number;
    let max: number;
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.at));
      if (!m) return atom;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity;
      this.at += m[0].length - 1;
    } else return atom;
    this.at++;
    // Lazy or greedy: the same answer to "does it match?".
    if (this.src[this.at] === "?") this.at++;
    if (atom.t === "assert") return atom;
    return { t: "repeat", node: atom, min, max };
  }

  private atom(): Node {
    const src = this.src;
    const c = src[this.at] as string;
    if (c === "(") {
      this.at++;
      if (src.startsWith("?:", this.at)) this.at += 2;
      else if (src.startsWith("?<", this.at) && src[this.at + 2] !== "=" && src[this.at + 2] !== "!") this.at = src.indexOf(">", this.at) + 1;
      else if (src[this.at] === "?") throw new Refused("it looks ahead or behind ((?=…), (?!…), (?<=…), (?<!…)), which cannot be checked in linear time");
      const inner = this.alternation();
      this.at++; // ")": the native engine checked the pattern is balanced.
      return inner;
    }
    if (c === "^" || c === "$") {
      this.at++;
      return { t: "assert", kind: c };
    }
    if (c === ".") {
      this.at++;
      return { t: "char", match: (cp) => cp !== 10 && cp !== 13 && cp !== 0x2028 && cp !== 0x2029 };
    }
    if (c === "[") {
      let end = this.at + 1;
      if (src[end] === "^") end++;
      while (src[end] !== "]") end += src[end] === "\\" ? 2 : 1;
      const atom = src.slice(this.at, end + 1);
      this.at = end + 1;
      return { t: "char", match: nativeClass(atom) };
    }
    if (c === "\\") return this.escape();
    const cp = src.codePointAt(this.at) as number;
    this.at += cp > 0xffff ? 2 : 1;
    return { t: "char", match: (x) => x === cp };
  }

  private escape(): Node {
    const src = this.src;
    const next = src[this.at + 1] as string;
    if (next === "b" || next === "B") {
      this.at += 2;
      return { t: "assert", kind: next };
    }
    if (/[1-9k]/.test(next)) throw new Refused("it refers back to a group (\\1, \\k<…>), which cannot be checked in linear time");
    let length = 2;
    if (next === "c") length = 3;
    else if (next === "x") length = 4;
    else if (next === "u" || next === "p" || next === "P") {
      length = src[this.at + 2] === "{" ? src.indexOf("}", this.at) + 1 - this.at : 6;
      // A surrogate pair written as two escapes is one character.
      if (length === 6 && /^\\uD[89AB][0-9A-F]{2}\\uD[C-F][0-9A-F]{2}/i.test(src.slice(this.at, this.at + 12))) length = 12;
    }
    const atom = src.slice(this.at, this.at + length);
    this.at += length;
    return { t: "char", match: nativeClass(atom) };
  }
}

function emit(node: Node, program: Op[]): void {
  if (program.length > PATTERN_LIMITS.program) {
    throw new Refused(`it is larger than ${PATTERN_LIMITS.program.toLocaleString("en-US")} steps once its repetitions are counted out`);
  }
  switch (node.t) {
    case "char":
      program.push({ op: "char", match: node.match });
      return;
    case "assert":
      program.push({ op: "assert", kind: node.kind });
      return;
    case "seq":
      for (const item of node.items) emit(item, program);
      return;
    case "alt": {
      const jumps: { op: "jmp"; to: number }[] = [];
      node.options.forEach((option, i) => {
        if (i < node.options.length - 1) {
          const split = { op: "split" as const, x: program.length + 1, y: 0 };
          program.push(split);
          emit(option, program);
          const jump = { op: "jmp" as const, to: 0 };
          program.push(jump);
          jumps.push(jump);
          split.y = program.length;
        } else emit(option, program);
      });
      for (const jump of jumps) jump.to = program.length;
      return;
    }
    case "repeat": {
      for (let i = 0; i < node.min; i++) emit(node.node, program);
      if (node.max === Infinity) {
        const loop = program.length;
        const split = { op: "split" as const, x: loop + 1, y: 0 };
        program.push(split);
        emit(node.node, program);
        program.push({ op: "jmp", to: loop });
        split.y = program.length;
        return;
      }
      const splits: { op: "split"; x: number; y: number }[] = [];
      for (let i = node.min; i < node.max; i++) {
        const split = { op: "split" as const, x: program.length + 1, y: 0 };
        program.push(split);
        splits.push(split);
        emit(node.node, program);
      }
      for (const split of splits) split.y = program.length;
    }
  }
}

/** Whether `program` matches anywhere in `input` (`RegExp.prototype.test`): O(input × program). */
function run(program: readonly Op[], input: string): boolean {
  let current: number[] = [];
  let next: number[] = [];
  const seen = new Int32Array(program.length).fill(-1);
  let step = 0;
  const add = (list: number[], start: number, at: number, previous: number, cp: number): boolean => {
    const stack = [start];
    while (stack.length) {
      const pc = stack.pop() as number;
      if (seen[pc] === step) continue;
      seen[pc] = step;
      const op = program[pc] as Op;
      if (op.op === "match") return true;
      if (op.op === "jmp") stack.push(op.to);
      else if (op.op === "split") stack.push(op.y, op.x);
      else if (op.op === "assert") {
        const holds = op.kind === "^" ? at === 0 : op.kind === "$" ? at === input.length : (isWord(previous) !== isWord(cp)) === (op.kind === "b");
        if (holds) stack.push(pc + 1);
      } else list.push(pc);
    }
    return false;
  };
  let at = 0;
  let previous = -1;
  for (;;) {
    const cp = at < input.length ? (input.codePointAt(at) as number) : -1;
    // A new attempt starts at every position: the search of `test`, without a backtracking loop.
    if (add(current, 0, at, previous, cp)) return true;
    if (cp === -1) return false;
    step++;
    const width = cp > 0xffff ? 2 : 1;
    for (const pc of current) {
      const op = program[pc] as { op: "char"; match: (cp: number) => boolean };
      if (op.match(cp) && add(next, pc + 1, at + width, cp, at + width < input.length ? (input.codePointAt(at + width) as number) : -1)) return true;
    }
    [current, next] = [next, []];
    at += width;
    previous = cp;
  }
}
