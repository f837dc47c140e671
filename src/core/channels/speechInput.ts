/**
 * Speech in: what the composer's microphone and the voice channel listen through. The browser's
 * Web Speech API is one implementation (`webSpeechInput`); an app plugs a cloud recognizer by
 * implementing the same two calls.
 */

/** Why listening stopped short, in the kit's words (the recognizer's own are in `message`). */
export type SpeechInputErrorKind = "not-allowed" | "no-speech" | "unavailable" | "network" | "other";

export interface SpeechInputError {
  kind: SpeechInputErrorKind;
  message: string;
}

export interface SpeechListeners {
  /** What is heard so far of the phrase being spoken (replaced, not appended, on each call). */
  interim: (text: string) => void;
  /** A phrase the recognizer is done with. */
  final: (text: string) => void;
  error: (error: SpeechInputError) => void;
  /** Listening ended (after `stop()`, an error, or silence). Called once. */
  end: () => void;
}

export interface SpeechSession {
  /** Stop listening; what was heard still arrives as `final`. */
  stop: () => void;
  /** Stop at once and drop what was not final. */
  abort: () => void;
}

/**
 * A speech recognizer.
 *
 * @example
 * const input: SpeechInput = { listen: (lang, on) => myCloudRecognizer.start(lang, on) };
 * <Composer dictation={input} />
 */
export interface SpeechInput {
  /** Start listening in `lang` (BCP 47). The session ends with `end`, always. */
  listen: (lang: string, listeners: SpeechListeners) => SpeechSession;
}

interface RecognitionResult {
  readonly isFinal: boolean;
  readonly 0?: { transcript: string };
}
interface RecognitionEvent {
  readonly resultIndex: number;
  readonly results: ArrayLike<RecognitionResult>;
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}
type RecognitionConstructor = new () => Recognition;

const errorKinds: Record<string, SpeechInputErrorKind> = {
  "not-allowed": "not-allowed",
  "service-not-allowed": "not-allowed",
  "no-speech": "no-speech",
  "audio-capture": "unavailable",
  "language-not-supported": "unavailable",
  network: "network",
};

/**
 * The browser's own recognizer (`SpeechRecognition`, `webkitSpeechRecognition` in Chromium and
 * Safari), or `undefined` where there is none (Firefox, servers, most test browsers) — then the
 * composer shows no microphone.
 *
 * @example
 * const input = webSpeechInput();
 * if (input) input.listen("zh-CN", { interim: show, final: append, error: warn, end: done });
 */
export function webSpeechInput(scope: object = globalThis): SpeechInput | undefined {
  const found = (scope as { SpeechRecognition?: unknown }).SpeechRecognition ?? (scope as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  if (typeof found !== "function") return undefined;
  const Recognizer = found as RecognitionConstructor;
  return {
    listen(lang, listeners) {
      const recognition = new Recognizer();
      recognition.lang = lang;
      recognition.continuous = true;
      recognition.interimResults = true;
      let ended = false;
      recognition.onresult = (event) => {
        let interim = "";
        for (let i = event.resultIndex; i < event.results.length; i++) {
          const result = event.results[i];
          const transcript = result?.[0]?.transcript ?? "";
          if (result?.isFinal) {
            if (transcript.trim()) listeners.final(transcript.trim());
          } else interim += transcript;
        }
        listeners.interim(interim);
      };
      recognition.onerror = (event) => {
        // "aborted" is our own abort(): not an error to show.
        if (event.error === "aborted") return;
        listeners.error({ kind: errorKinds[event.error] ?? "other", message: event.message || event.error });
      };
      recognition.onend = () => {
        if (ended) return;
        ended = true;
        listeners.interim("");
        listeners.end();
      };
      try {
        recognition.start();
      } catch (error) {
        listeners.error({ kind: "unavailable", message: error instanceof Error ? error.message : String(error) });
        ended = true;
        listeners.end();
      }
      return { stop: () => recognition.stop(), abort: () => recognition.abort() };
    },
  };
}
