import { useEffect, useMemo, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { webSpeechInput, type SpeechInput } from "../../core/channels/speechInput";
import { useLabels } from "../../i18n/LabelsContext";
import { useDictation } from "../../react/useDictation";
import { MicIcon } from "../lib/icons";

export interface DictationButtonProps {
  /** `true`: the browser's recognizer (no button where there is none); or the app's own recognizer. */
  input: true | SpeechInput;
  lang: string;
  disabled: boolean;
  className: string;
  /** A finished phrase, for the text box. */
  onFinal: (text: string) => void;
  /** The phrase being spoken ("" when none), and why listening stopped short, for the line under the box. */
  onStatus: (status: { listening: boolean; interim: string; error: string | undefined }) => void;
}

/** Held longer than this, the button talks while held; a shorter press leaves the microphone open until the next one. */
const HOLD_MS = 350;

/**
 * The composer's microphone (loaded on first use): a tap opens and closes it; held down — with the
 * pointer, or Space / Enter on the button — it listens while held (push-to-talk). `aria-pressed`
 * says whether it listens.
 */
export function DictationButton({ input, lang, disabled, className, onFinal, onStatus }: DictationButtonProps) {
  const t = useLabels();
  const recognizer = useMemo(() => (input === true ? webSpeechInput() : input), [input]);
  const dictation = useDictation(recognizer, { lang, onFinal });
  const pressedAt = useRef<number | undefined>(undefined);
  const { listening, interim } = dictation;
  const error = dictation.error ? t.speech.error[dictation.error.kind] : undefined;
  useEffect(() => onStatus({ listening, interim, error }), [onStatus, listening, interim, error]);
  // The text box keeps the person's words if the microphone is turned off mid-phrase.
  useEffect(() => {
    if (disabled && dictation.listening) dictation.stop();
  }, [disabled, dictation]);
  if (!dictation.available) return null;

  const press = () => {
    if (pressedAt.current !== undefined) return;
    if (dictation.listening) {
      dictation.stop();
      return;
    }
    pressedAt.current = Date.now();
    dictation.start();
  };
  const release = () => {
    const since = pressedAt.current;
    pressedAt.current = undefined;
    if (since !== undefined && Date.now() - since >= HOLD_MS) dictation.stop();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault();
    if (!event.repeat) press();
  };
  const onKeyUp = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault();
    release();
  };
  return (
    <button
      type="button"
      data-slot="composer-dictate"
      data-state={dictation.listening ? "listening" : "idle"}
      aria-label={t.speech.dictate}
      aria-pressed={dictation.listening}
      title={t.speech.dictateHint}
      disabled={disabled}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0) press();
      }}
      onPointerUp={release}
      onClick={(event) => {
        // A click with no pointer or key behind it (a screen reader's "activate"): a tap.
        if (event.detail === 0 && pressedAt.current === undefined) {
          press();
          pressedAt.current = undefined;
        }
      }}
      onPointerLeave={() => {
        if (pressedAt.current !== undefined) release();
      }}
      className={className}
    >
      <MicIcon size={18} />
    </button>
  );
}
