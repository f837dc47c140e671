import type { Envelope } from "../protocol/envelope";
import type { InteractionResponse } from "../interactions/types";
import type { ThreadState } from "../thread/types";
import { selectPendingIds } from "../interactions/select";
import { parseChannelReply } from "./parseChannelReply";
import { renderForChannel, wordsFor, type ChannelRendering } from "./renderForChannel";
import { speakChinese } from "./speech";
import type { SpeechInput, SpeechInputError, SpeechSession } from "./speechInput";

/**
 * The voice channel as a conversation: the question waiting for the person is read out, the
 * answer is heard, and the kit — not the model — reads it the way a click would answer
 * (`parseChannelReply`: "第三个" is option 3, "同意" approves, a form is asked one field at a time).
 * A reply that is no answer ("9" of three, a yes where the target must be said) is refused in words
 * and the question heard again; the next question follows the answered one. Framework-free: the
 * app says where questions come from and where answers go (see the example).
 */

/** One utterance being spoken. `done` settles when it ends, is cancelled or fails. */
export interface SpokenUtterance {
  done: Promise<void>;
  cancel: () => void;
}

/** A speech synthesizer: the browser's (`webSpeechOutput`) or a cloud voice the app plugs in. */
export interface SpeechOutput {
  speak: (text: string, lang: string) => SpokenUtterance;
}

/** A question the loop asks: an open interaction with its envelope and the thread's numbers. */
export interface VoiceQuestion {
  id: string;
  envelope: Envelope;
  numbers?: readonly number[];
}

/**
 * Where the loop is: `speaking` a question (or why a reply was refused), `listening` for the
 * answer, `idle` with nothing to ask, `stopped` (never started, stopped, or the microphone refused).
 */
export type VoicePhase = "stopped" | "idle" | "speaking" | "listening";

export interface VoiceLoopState {
  phase: VoicePhase;
  /** The question being asked, while there is one. */
  questionId?: string;
  /** What is being said now, or was last said. */
  said?: string;
  /** What is heard so far of the phrase being spoken. */
  heard?: string;
  /** Why listening stopped the loop (no microphone, permission refused). */
  error?: SpeechInputError;
}

export interface VoiceLoopOptions {
  input: SpeechInput;
  output: SpeechOutput;
  /** BCP 47; `zh…` speaks and reads Chinese. */
  locale: string;
  /** The question to ask now, or `undefined`; read on `start()` and on every `sync()`. */
  question: () => VoiceQuestion | undefined;
  /**
   * Answer the question in the person's name, as its card would (`store.answer`); `false` when the
   * kit refused the answer (the question is then asked again). `how` is `number-reply` for a
   * numbered pick, `text-reply` otherwise: what the audit records.
   */
  answer: (questionId: string, response: InteractionResponse, how: "number-reply" | "text-reply") => boolean;
  /** Silence after a question is listened through this many more times before the loop waits; default 1. */
  retries?: number;
  onChange?: (state: VoiceLoopState) => void;
}

export interface VoiceLoop {
  /** Begin: ask the open question now, if there is one. */
  start: () => void;
  /** Stop speaking and listening; nothing heard afterwards answers anything. */
  stop: () => void;
  /** Look again for the question to ask (call on every thread change: an answer from a click moves it on). */
  sync: () => void;
  getState: () => VoiceLoopState;
}

const SAY_AGAIN = { en: "Sorry, I did not catch an answer.", zh: "抱歉，没有听清您的回答。" };
const NOT_TAKEN = { en: "That answer could not be taken.", zh: "这个回答没有被接受。" };

/**
 * The first open question of `thread` that a voice can ask (it has an envelope), or `undefined`.
 *
 * @example
 * const loop = createVoiceLoop({ question: () => firstVoiceQuestion(store.getState().thread), … });
 */
export function firstVoiceQuestion(thread: ThreadState): VoiceQuestion | undefined {
  for (const id of selectPendingIds(thread)) {
    const interaction = thread.interactions.get(id);
    if (interaction?.envelope) return { id, envelope: interaction.envelope, numbers: interaction.numbers };
  }
  return undefined;
}

/**
 * Starts nothing by itself: `start()` asks the open question, `sync()` follows the thread.
 *
 * @example
 * const loop = createVoiceLoop({
 *   input: webSpeechInput()!, output: webSpeechOutput()!, locale: "zh-CN",
 *   question: () => firstVoiceQuestion(store.getState().thread),
 *   answer: (id, response, how) => store.getState().answer(id, response, how).ok,
 * });
 * const unsubscribe = store.subscribe(loop.sync);
 * loop.start();
 */
export function createVoiceLoop(options: VoiceLoopOptions): VoiceLoop {
  const { input, output, locale } = options;
  const zh = wordsFor(locale) !== wordsFor("en");
  const retries = options.retries ?? 1;
  let state: VoiceLoopState = { phase: "stopped" };
  let question: VoiceQuestion | undefined;
  // The question in the voice channel's words, made once when it is asked.
  let asking: ChannelRendering | undefined;
  let values: Record<string, unknown> = {};
  let silences = 0;
  // Every step belongs to one turn of the loop; a callback from an earlier turn does nothing.
  let turn = 0;
  let speaking: SpokenUtterance | undefined;
  let session: SpeechSession | undefined;

  const set = (next: VoiceLoopState) => {
    state = next;
    options.onChange?.(state);
  };
  const spoken = (text: string) => (zh ? speakChinese(text) : text);
  const quiet = () => {
    turn++;
    speaking?.cancel();
    speaking = undefined;
    session?.abort();
    session = undefined;
  };

  const say = (text: string) => {
    quiet();
    const mine = turn;
    set({ phase: "speaking", ...(question ? { questionId: question.id } : {}), said: text });
    speaking = output.speak(text, locale);
    // The microphone opens after the question, so the loop never hears itself.
    speaking.done.then(
      () => mine === turn && listen(),
      () => mine === turn && listen(),
    );
  };

  const listen = () => {
    if (!question) return;
    const mine = turn;
    let heard = false;
    set({ phase: "listening", questionId: question.id, ...(state.said ? { said: state.said } : {}) });
    session = input.listen(locale, {
      interim: (text) => mine === turn && text && set({ ...state, heard: text }),
      final: (text) => {
        if (mine !== turn || heard) return;
        heard = true;
        reply(text);
      },
      error: (error) => {
        if (mine !== turn) return;
        // No microphone or no permission: listening again would fail again.
        if (error.kind === "not-allowed" || error.kind === "unavailable") {
          quiet();
          set({ phase: "stopped", error });
        }
      },
      end: () => {
        if (mine !== turn || heard) return;
        session = undefined;
        if (silences < retries) {
          silences++;
          say(`${spoken(SAY_AGAIN[zh ? "zh" : "en"])} ${asking!.text}`);
        } else set({ phase: "idle", questionId: question!.id, ...(state.said ? { said: state.said } : {}) });
      },
    });
  };

  const reply = (text: string) => {
    const q = question;
    if (!q) return;
    silences = 0;
    const read = parseChannelReply(text, q.envelope, { numbers: q.numbers ?? [], locale, values });
    switch (read.kind) {
      case "answer": {
        quiet();
        const how = "action" in read.response && read.response.action === "choose" ? "number-reply" : "text-reply";
        if (!options.answer(q.id, read.response, how)) return say(`${spoken(NOT_TAKEN[zh ? "zh" : "en"])} ${asking!.text}`);
        // The thread moved on: ask what is open now (nothing, or the next question). A loop
        // subscribed to the store has done so already, inside `answer`.
        look();
        if (question?.id === q.id && state.phase !== "speaking") set({ phase: "idle", questionId: q.id });
        return;
      }
      case "next":
        values = read.values;
        return say(spoken(read.step.question));
      case "refused":
        return say(spoken(read.reason));
      default: {
        const hint = asking!.hint;
        return say(`${spoken(SAY_AGAIN[zh ? "zh" : "en"])}${hint ? ` ${hint}` : ""}`);
      }
    }
  };

  const look = () => {
    if (state.phase === "stopped") return;
    const next = options.question();
    if (next && next.id === question?.id) return;
    quiet();
    question = next;
    values = {};
    silences = 0;
    asking = next && renderForChannel(next.envelope, { channel: "voice", locale, numbers: next.numbers ?? [] });
    if (asking) say(asking.text);
    else set({ phase: "idle" });
  };

  return {
    start() {
      if (state.phase !== "stopped") return;
      set({ phase: "idle" });
      question = undefined;
      look();
    },
    stop() {
      quiet();
      question = undefined;
      set({ phase: "stopped" });
    },
    sync: look,
    getState: () => state,
  };
}

/**
 * The browser's speech synthesis, or `undefined` where there is none. Chromium sometimes drops an
 * utterance's `end`; `cancel()` settles `done` itself so the loop never waits forever on it.
 *
 * @example
 * const output = webSpeechOutput();
 * output?.speak("第三项", "zh-CN").done.then(listen);
 */
export function webSpeechOutput(scope: object = globalThis): SpeechOutput | undefined {
  const synthesis = (scope as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  const Utterance = (scope as { SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance }).SpeechSynthesisUtterance;
  if (!synthesis || typeof Utterance !== "function") return undefined;
  return {
    speak(text, lang) {
      let settle!: () => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      const utterance = new Utterance(text);
      utterance.lang = lang;
      utterance.onend = () => settle();
      utterance.onerror = () => settle();
      synthesis.speak(utterance);
      return {
        done,
        cancel() {
          utterance.onend = utterance.onerror = null;
          synthesis.cancel();
          settle();
        },
      };
    },
  };
}
