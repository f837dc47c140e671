import { useCallback, useEffect, useRef, useState } from "react";
import type { SpeechInput, SpeechInputError, SpeechSession } from "../core/channels/speechInput";

export interface Dictation {
  /** There is a recognizer to listen with. */
  available: boolean;
  listening: boolean;
  /** What is heard of the phrase being spoken, before the recognizer is done with it. */
  interim: string;
  /** Why the last listening stopped short (the person refused the microphone, nothing was heard …). */
  error: SpeechInputError | undefined;
  start: () => void;
  stop: () => void;
}

/**
 * Listening through a {@link SpeechInput}: each finished phrase goes to `onFinal` (the composer
 * puts it in the text box, where it is planned like typing: "第三个" answers option 3), the phrase
 * being spoken is `interim`. Listening starts only on the person's gesture and ends when the
 * component leaves, so StrictMode's second effect pass cannot open the microphone.
 *
 * @example
 * const dictation = useDictation(webSpeechInput(), { lang: "zh-CN", onFinal: (text) => setText((t) => `${t} ${text}`.trim()) });
 * <button aria-pressed={dictation.listening} onClick={dictation.listening ? dictation.stop : dictation.start}>Dictate</button>
 */
export function useDictation(input: SpeechInput | undefined, options: { lang: string; onFinal: (text: string) => void }): Dictation {
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState("");
  const [error, setError] = useState<SpeechInputError | undefined>();
  const session = useRef<SpeechSession | undefined>(undefined);
  const onFinal = useRef(options.onFinal);
  useEffect(() => {
    onFinal.current = options.onFinal;
  });
  useEffect(() => () => session.current?.abort(), []);

  const start = useCallback(() => {
    if (!input || session.current) return;
    setError(undefined);
    setListening(true);
    let ended = false;
    let started: SpeechSession;
    try {
      started = input.listen(options.lang, {
        interim: setInterim,
        final: (text) => onFinal.current(text),
        error: setError,
        end: () => {
          ended = true;
          session.current = undefined;
          setInterim("");
          setListening(false);
        },
      });
    } catch (error) {
      // An app's recognizer that throws instead of reporting: said in words, and nothing stays open.
      setError({ kind: "unavailable", message: error instanceof Error ? error.message : String(error) });
      setListening(false);
      return;
    }
    // A recognizer that could not start has ended already: keep no session for it.
    if (!ended) session.current = started;
  }, [input, options.lang]);

  const stop = useCallback(() => session.current?.stop(), []);
  return { available: input !== undefined, listening, interim, error, start, stop };
}
