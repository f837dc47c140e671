import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, within } from "storybook/test";
import { interactionRowId, MessageRenderer, useInteraction } from "../src";
import { renderForChannel } from "../src/core/channels";
import { e, Kit, storeFrom } from "./support/stores";

/**
 * One envelope, three channels: the web card the kit renders, the numbered text an IM bot sends,
 * and the script a voice assistant speaks (with the browser's speech synthesis where there is one).
 * The numbers are the thread's own, so "3" means the same everywhere.
 */
const meta = {
  title: "Parley/Channels",
  tags: ["autodocs"],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const ENVELOPES = {
  advice: { tool: "parley_advise", args: { content: "请选择车次：", options: [{ id: "a", label: "08:05 出发" }, { id: "b", label: "12:30 出发" }, { id: "c", label: "18:40 出发", description: "最快" }] } },
  permission: { tool: "parley_request_permission", args: { operation: "delete_file", summary: "Delete report_2024_final.pdf", categories: ["destructive"], confirmText: "report_2024_final.pdf" } },
  input: { tool: "parley_request_input", args: { content: "Where should it go?", schema: { type: "object", properties: { street: { type: "string", title: "Street" }, speed: { enum: ["standard", "express"], title: "Speed" } }, required: ["street"] } } },
  error: { tool: "parley_report_error", args: { content: "The export failed.", code: "E_TIMEOUT", actions: ["retry", "report"] } },
  notification: { tool: "parley_notify", args: { content: "The report is ready at 18:40.", level: "success" } },
} as const;

function asked(kind: keyof typeof ENVELOPES) {
  const { tool, args } = ENVELOPES[kind];
  return () => storeFrom([e.runStarted(), e.toolStart("q1", tool, "m1"), e.toolArgs("q1", JSON.stringify(args)), e.toolEnd("q1"), e.runFinished()]);
}

function Speak({ text, lang }: { text: string; lang: string }) {
  const [speaking, setSpeaking] = useState(false);
  if (typeof speechSynthesis === "undefined") return null;
  return (
    <button
      type="button"
      onClick={() => {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = lang;
        utterance.onend = () => setSpeaking(false);
        setSpeaking(true);
        speechSynthesis.speak(utterance);
      }}
      disabled={speaking}
    >
      {speaking ? "Speaking…" : "Speak it"}
    </button>
  );
}

function SideBySide({ locale }: { locale: string }) {
  const interaction = useInteraction("q1");
  if (!interaction?.envelope) return null;
  const im = renderForChannel(interaction.envelope, { channel: "im", locale, numbers: interaction.numbers });
  const voice = renderForChannel(interaction.envelope, { channel: "voice", locale, numbers: interaction.numbers });
  const column = { flex: 1, minWidth: 220, display: "flex", flexDirection: "column", gap: 8 } as const;
  const pre = { margin: 0, whiteSpace: "pre-wrap", fontSize: 13, padding: 8, borderRadius: 6, background: "var(--parley-muted)" } as const;
  return (
    <div style={{ display: "flex", gap: 16, flexWrap: "wrap", padding: 12 }}>
      <section aria-label="Web" style={column}>
        <h3 style={{ margin: 0, fontSize: 13 }}>Web</h3>
        <MessageRenderer id={interactionRowId("q1")} />
      </section>
      <section aria-label="IM" style={column}>
        <h3 style={{ margin: 0, fontSize: 13 }}>IM</h3>
        <pre data-channel="im" style={pre}>{im.text}</pre>
      </section>
      <section aria-label="Voice" style={column}>
        <h3 style={{ margin: 0, fontSize: 13 }}>Voice</h3>
        <pre data-channel="voice" style={pre}>{voice.text}</pre>
        <Speak text={voice.text} lang={locale} />
      </section>
    </div>
  );
}

function story(kind: keyof typeof ENVELOPES, locale = "en"): Story {
  return {
    render: () => (
      <Kit height="auto" make={asked(kind)} locale={locale}>
        <SideBySide locale={locale} />
      </Kit>
    ),
  };
}

export const Advice: Story = {
  ...story("advice", "zh-CN"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("IM")).toHaveTextContent("回复编号即可（1–3）");
    await expect(canvas.getByLabelText("Voice")).toHaveTextContent("第三项，十八点四十 出发，最快。");
  },
};
export const AdviceInEnglish = story("advice");
export const TypedPermission = story("permission");
export const Form = story("input");
export const ErrorWithActions = story("error");
export const Notification = story("notification", "zh-CN");
