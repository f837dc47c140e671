import { useEffect, useRef, useState } from "react";
import { useInteraction, usePendingInteractionIds, useThreadStore } from "../src";
import { createVoiceLoop, firstVoiceQuestion, renderForChannel, webSpeechInput, webSpeechOutput, type VoiceLoopState } from "../src/core/channels";
import { TEXT } from "./text";

/**
 * Issue 9: the question waiting for the person, spoken with the browser's speech synthesis — the
 * same words a voice channel would say (`renderForChannel(…, { channel: "voice" })`: numbers and
 * times as a speaker says them). Hidden where the browser cannot speak or nothing is pending.
 *
 * Issue 26: "Answer by voice" runs the voice channel as a loop (`createVoiceLoop`): every open
 * question is read, the answer heard and read by the kit ("第三个" is option 3, "同意" approves), a
 * reply that is no answer refused in words and heard again. Shown where the browser can both speak
 * and listen.
 */
export function SpeakPending({ locale }: { locale: string }) {
  const [first] = usePendingInteractionIds();
  const interaction = useInteraction(first);
  const [speaking, setSpeaking] = useState<string | undefined>();
  // The browser's voice, where it has one (server rendering, some embedded views and test browsers have none).
  const [output] = useState(() => webSpeechOutput());
  const reading = useRef<{ cancel(): void } | undefined>(undefined);
  const talking = useVoiceLoop(locale);
  // A question answered (or the page left) while it is being read out stops the voice; so does the loop taking over.
  useEffect(() => () => reading.current?.cancel(), [first, talking.on]);
  if (!output) return null;
  const voice = interaction?.envelope ? renderForChannel(interaction.envelope, { channel: "voice", locale, numbers: interaction.numbers }) : undefined;
  if (!voice && !talking.available) return null;
  const id = interaction?.id;
  const toggle = () => {
    reading.current?.cancel();
    reading.current = undefined;
    if (!voice || speaking === id) return setSpeaking(undefined);
    const spoken = output.speak(voice.text, locale);
    reading.current = spoken;
    setSpeaking(id);
    void spoken.done.then(() => setSpeaking((current) => (current === id ? undefined : current)));
  };
  const phase = talking.state.error ? TEXT.voiceRefused : TEXT.voicePhase[talking.state.phase];
  return (
    <section className="demo-card demo-speak" aria-label={TEXT.voice}>
      {voice && !talking.on ? (
        <button type="button" className="demo-panels-toggle" aria-pressed={speaking === id} data-channel="voice" title={voice.text} onClick={toggle}>
          {speaking === id ? TEXT.stopSpeaking : TEXT.speak}
        </button>
      ) : null}
      {talking.available ? (
        <button type="button" className="demo-panels-toggle" aria-pressed={talking.on} data-voice-loop="" onClick={talking.toggle}>
          {talking.on ? TEXT.stopTalking : TEXT.talk}
        </button>
      ) : null}
      <p role="status" data-voice-phase={talking.state.phase} className="demo-voice-phase">
        {phase}
        {talking.state.heard ? ` “${talking.state.heard}”` : ""}
      </p>
    </section>
  );
}

/** The voice loop over this thread's store: started and stopped by the person, synced on every change. */
function useVoiceLoop(locale: string) {
  const store = useThreadStore("SpeakPending");
  const [on, setOn] = useState(false);
  const [state, setState] = useState<VoiceLoopState>({ phase: "stopped" });
  const [available] = useState(() => Boolean(webSpeechInput() && webSpeechOutput()));
  useEffect(() => {
    if (!on) return;
    const input = webSpeechInput();
    const output = webSpeechOutput();
    if (!input || !output) return;
    const loop = createVoiceLoop({
      input,
      output,
      locale,
      question: () => firstVoiceQuestion(store.getState().thread),
      answer: (id, response, how) => store.getState().answer(id, response, how).ok,
      onChange: setState,
    });
    const unsubscribe = store.subscribe(loop.sync);
    loop.start();
    return () => {
      unsubscribe();
      loop.stop();
    };
  }, [on, store, locale]);
  // Stopping the loop reports "stopped" itself.
  return { on, available, state, toggle: () => setOn((was) => !was) };
}
