import { useEffect, useState } from "react";
import { useInteraction, usePendingInteractionIds } from "../src";
import { renderForChannel } from "../src/core/channels";
import { TEXT } from "./text";

/** Whether this browser can speak (server rendering, some embedded views and test browsers cannot). */
const canSpeak = () => typeof speechSynthesis !== "undefined" && typeof SpeechSynthesisUtterance !== "undefined";

/**
 * Issue 9: the question waiting for the person, spoken with the browser's speech synthesis — the
 * same words a voice channel would say (`renderForChannel(…, { channel: "voice" })`: numbers and
 * times as a speaker says them). Hidden where the browser cannot speak or nothing is pending.
 */
export function SpeakPending({ locale }: { locale: string }) {
  const [first] = usePendingInteractionIds();
  const interaction = useInteraction(first);
  const [speaking, setSpeaking] = useState<string | undefined>();
  // A question answered (or the page left) while it is being read out stops the voice.
  useEffect(() => () => {
    if (canSpeak()) speechSynthesis.cancel();
  }, [first]);
  if (!canSpeak() || !interaction?.envelope) return null;
  const voice = renderForChannel(interaction.envelope, { channel: "voice", locale, numbers: interaction.numbers });
  const id = interaction.id;
  const toggle = () => {
    speechSynthesis.cancel();
    if (speaking === id) return setSpeaking(undefined);
    const utterance = new SpeechSynthesisUtterance(voice.text);
    utterance.lang = locale;
    utterance.onend = utterance.onerror = () => setSpeaking((current) => (current === id ? undefined : current));
    setSpeaking(id);
    speechSynthesis.speak(utterance);
  };
  return (
    <section className="demo-card demo-speak" aria-label={TEXT.voice}>
      <button type="button" className="demo-panels-toggle" aria-pressed={speaking === id} data-channel="voice" title={voice.text} onClick={toggle}>
        {speaking === id ? TEXT.stopSpeaking : TEXT.speak}
      </button>
    </section>
  );
}
