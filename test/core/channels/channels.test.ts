import { describe, expect, it } from "vitest";
import { applyClientAction, parseEnvelope, type Envelope, type InteractionResponse } from "../../../src/core";
import { chineseNumber, parseChannelReply, renderForChannel, speakChinese } from "../../../src/core/channels";
import { ev } from "../../support/events";
import { fold, interaction } from "../../support/thread";

/**
 * The same envelope on every channel: IM gets numbered text and how to answer, voice gets
 * sentences to speak, and a reply in either resolves exactly like a click on the web card.
 */

function envelope(raw: object): Envelope {
  const parsed = parseEnvelope({ messageId: "m1", ...raw });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.envelope;
}

const trains = envelope({ messageType: "advice", payload: { content: "请选择车次：", options: [{ id: "a", label: "08:05 出发" }, { id: "b", label: "12:30 出发" }, { id: "c", label: "18:40 出发" }] } });
const deleteFile = envelope({ messageType: "permission_request", payload: { operation: "delete_file", summary: "Delete report_2024_final.pdf", categories: ["destructive"], confirmText: "report_2024_final.pdf" } });
const sendMail = envelope({ messageType: "permission_request", payload: { operation: "send_mail", summary: "Mail the report to 4 managers", categories: ["irreversible"] } });
const address = envelope({ messageType: "input_request", payload: { content: "Where should it go?", schema: { type: "object", properties: { street: { type: "string", title: "Street" }, floor: { type: "integer", title: "Floor" }, gift: { type: "boolean", title: "Gift wrap" }, speed: { enum: ["standard", "express"], title: "Speed" } }, required: ["street", "speed"] } } });
const failed = envelope({ messageType: "error", payload: { content: "The export failed.", code: "E_TIMEOUT", actions: ["retry", "undo", "report"] } });
const saved = envelope({ messageType: "notification", payload: { content: "Saved at 18:40.", level: "success" } });
const ALL = { advice: trains, permission: sendMail, typed: deleteFile, input: address, error: failed, notification: saved };

describe("renderForChannel", () => {
  it("IM in Chinese: numbered options with the thread's numbers, and how to answer", () => {
    const im = renderForChannel(trains, { channel: "im", locale: "zh-CN", numbers: [4, 5, 6] });
    expect(im.text).toBe("请选择车次：\n4. 08:05 出发\n5. 12:30 出发\n6. 18:40 出发\n回复编号即可（4–6）。");
    expect(im.choices.map((c) => c.number)).toEqual([4, 5, 6]);
    expect(im.expectsReply).toBe(true);
  });

  it("voice in Chinese speaks positions and times: 第三项，十八点四十出发", () => {
    const voice = renderForChannel(trains, { channel: "voice", locale: "zh-CN" });
    expect(voice.text).toContain("第三项，十八点四十 出发。");
    expect(voice.text).toContain("请说出编号。");
    expect(voice.text).not.toMatch(/\d/);
  });

  it.each(Object.entries(ALL))("%s renders for every channel in both languages, never empty", (_, env) => {
    for (const channel of ["web", "im", "voice"] as const) {
      for (const locale of ["en", "zh-CN"]) {
        const out = renderForChannel(env, { channel, locale });
        expect(out.text.trim().length, `${channel} ${locale}`).toBeGreaterThan(5);
        expect(out.messageType).toBe(env.messageType);
        expect(out.expectsReply).toBe(env.messageType !== "notification");
      }
    }
  });

  it("a permission says what and how; typed confirmation asks for the exact target", () => {
    expect(renderForChannel(sendMail, { channel: "im" }).text).toBe('Mail the report to 4 managers\nOperation: send_mail (irreversible)\nReply "Approve" or "Decline".');
    expect(renderForChannel(deleteFile, { channel: "im", locale: "zh-CN" }).text).toContain("如需同意，请原样回复：report_2024_final.pdf");
  });

  it("a form becomes one question at a time", () => {
    const im = renderForChannel(address, { channel: "im" });
    expect(im.steps?.map((s) => [s.name, s.kind, s.required])).toEqual([["street", "text", true], ["floor", "number", false], ["gift", "boolean", false], ["speed", "choice", true]]);
    expect(im.text).toContain("4 questions, one at a time.");
    expect(im.text).toContain("Street? [required]");
  });

  it("an error lists its recovery actions by number; a notification expects nothing", () => {
    expect(renderForChannel(failed, { channel: "im", numbers: [7, 8, 9] }).text).toBe("The export failed. (E_TIMEOUT)\n7. Retry\n8. Undo\n9. Report the problem\nReply with the number (7–9).");
    expect(renderForChannel(saved, { channel: "voice", locale: "zh-CN" }).text).toBe("完成：Saved at 十八点四十.");
  });

  it("hostile text stays text", () => {
    const hostile = envelope({ messageType: "notification", payload: { content: "<img src=x onerror=alert(1)> **bold**" } });
    expect(renderForChannel(hostile, { channel: "im" }).text).toBe("<img src=x onerror=alert(1)> **bold**");
  });
});

describe("parseChannelReply", () => {
  it.each([
    ["3", ["c"]],
    ["3号", ["c"]],
    ["第三个", ["c"]],
    ["option 3", ["c"]],
    ["18:40 出发", ["c"]],
  ])("advice: %s picks %j", (reply, ids) => {
    expect(parseChannelReply(reply, trains)).toMatchObject({ kind: "answer", response: { action: "choose", optionIds: ids } });
  });

  it("numbers outside the range are refused clearly; prose is text for the agent", () => {
    expect(parseChannelReply("9", trains, { numbers: [1, 2, 3] })).toEqual({ kind: "refused", reason: "9 is not one of the numbers you can answer with (1–3)." });
    expect(parseChannelReply("9", trains, { numbers: [1, 2, 3], locale: "zh-CN" })).toMatchObject({ kind: "refused", reason: expect.stringContaining("不在可回复的编号范围内（1–3）") });
    expect(parseChannelReply("下午3点的那班", trains)).toEqual({ kind: "text", text: "下午3点的那班" });
  });

  it("permission: yes / no in words; typed confirmation takes only the exact target", () => {
    expect(parseChannelReply("同意", sendMail)).toEqual({ kind: "answer", response: { approved: true } });
    expect(parseChannelReply("No thanks", sendMail)).toEqual({ kind: "answer", response: { approved: false } });
    expect(parseChannelReply("yes", deleteFile)).toMatchObject({ kind: "refused" });
    expect(parseChannelReply("report_2024_final.pdf", deleteFile)).toEqual({ kind: "answer", response: { approved: true, typedConfirmation: "report_2024_final.pdf" } });
    expect(parseChannelReply("maybe later", sendMail)).toEqual({ kind: "text", text: "maybe later" });
  });

  it("error: by number or by name", () => {
    expect(parseChannelReply("8", failed, { numbers: [7, 8, 9] })).toEqual({ kind: "answer", response: { action: "undo" } });
    expect(parseChannelReply("重试", failed)).toEqual({ kind: "answer", response: { action: "retry" } });
  });

  it("form: one question at a time, skipping optional ones, refusing what does not fit", () => {
    let step = parseChannelReply("12 Rue de Lyon", address);
    expect(step).toMatchObject({ kind: "next", values: { street: "12 Rue de Lyon" }, step: { name: "floor" } });
    const values = (step as { values: Record<string, unknown> }).values;
    expect(parseChannelReply("three-ish", address, { values })).toMatchObject({ kind: "refused" });
    step = parseChannelReply("三", address, { values });
    expect(step).toMatchObject({ kind: "next", values: { floor: 3 }, step: { name: "gift" } });
    step = parseChannelReply("跳过", address, { values: (step as { values: Record<string, unknown> }).values });
    expect(step).toMatchObject({ kind: "next", step: { name: "speed" } });
    expect(parseChannelReply("跳过", address, { values: (step as { values: Record<string, unknown> }).values })).toMatchObject({ kind: "refused" });
    expect(parseChannelReply("2", address, { values: (step as { values: Record<string, unknown> }).values })).toEqual({ kind: "answer", response: { values: { street: "12 Rue de Lyon", floor: 3, speed: "express" } } });
  });
});

describe("round trip: envelope → IM text → reply → the same answer as a click", () => {
  const PERMISSION_ARGS = { operation: "send_mail", summary: "Mail it?", categories: ["irreversible"] };
  const asked = () =>
    fold([
      ev.runStarted(), ev.toolStart("t1", "parley_advise"), ev.toolArgs("t1", JSON.stringify({ content: "Which train?", options: [{ id: "a", label: "08:05" }, { id: "b", label: "12:30" }, { id: "c", label: "18:40" }] })), ev.toolEnd("t1"),
      ev.toolStart("p1", "parley_request_permission"), ev.toolArgs("p1", JSON.stringify(PERMISSION_ARGS)), ev.toolEnd("p1"), ev.runFinished(),
    ]);
  const settle = (id: string, response: InteractionResponse, how: "click" | "text-reply") => interaction(applyClientAction(asked(), { type: "answer", interactionId: id, response, how, at: 1 }), id);

  it("advice: '第三个' in IM settles it exactly as clicking option 3", () => {
    const thread = asked();
    const advice = interaction(thread, "t1");
    const im = renderForChannel(advice.envelope!, { channel: "im", locale: "zh-CN", numbers: advice.numbers });
    expect(im.text).toContain("3. 18:40");
    const reply = parseChannelReply("第三个", advice.envelope!, { numbers: advice.numbers, locale: "zh-CN" });
    expect(reply.kind).toBe("answer");
    const byText = settle("t1", (reply as { response: InteractionResponse }).response, "text-reply");
    const byClick = settle("t1", { action: "choose", optionIds: ["c"], numbers: [] }, "click");
    expect(byText.response).toEqual(byClick.response);
    expect(byText.status).toBe("answered");
  });

  it("permission: '同意' in IM approves exactly as the Approve button", () => {
    const permission = interaction(asked(), "p1");
    const reply = parseChannelReply("同意", permission.envelope!, { locale: "zh-CN" });
    expect(settle("p1", (reply as { response: InteractionResponse }).response, "text-reply").response).toEqual(settle("p1", { approved: true }, "click").response);
  });
});

describe("speech", () => {
  it.each([[0, "零"], [3, "三"], [10, "十"], [18, "十八"], [40, "四十"], [105, "一百零五"], [2026, "二千零二十六"], [12345, "12345"]])("chineseNumber(%i) = %s", (n, words) => {
    expect(chineseNumber(n)).toBe(words);
  });
  it("speaks times and small numbers, and leaves codes alone", () => {
    expect(speakChinese("18:40 出发，09:05 到达，共3人，订单 A123")).toBe("十八点四十 出发，九点零五 到达，共三人，订单 A123");
    expect(speakChinese("12:00")).toBe("十二点整");
  });
});
