import { describe, expect, it, vi } from "vitest";
import { webSpeechInput, type SpeechListeners } from "../../../src/core/channels";

/** A stand-in for the browser's SpeechRecognition: the test plays its events. */
class FakeRecognition {
  static last: FakeRecognition | undefined;
  lang = "";
  continuous = false;
  interimResults = false;
  onresult: ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null = null;
  onerror: ((event: { error: string; message?: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn(() => {
    this.onerror?.({ error: "aborted" });
    this.onend?.();
  });
  constructor() {
    FakeRecognition.last = this;
  }
}

const listeners = () => ({ interim: vi.fn(), final: vi.fn(), error: vi.fn(), end: vi.fn() }) satisfies SpeechListeners;
const result = (transcript: string, isFinal: boolean) => ({ isFinal, 0: { transcript } });

describe("webSpeechInput", () => {
  it("is undefined where the browser has no recognizer", () => {
    expect(webSpeechInput({})).toBeUndefined();
  });

  it("listens in the language asked, continuously, with interim results; finals are trimmed", () => {
    const on = listeners();
    const input = webSpeechInput({ webkitSpeechRecognition: FakeRecognition })!;
    const session = input.listen("zh-CN", on);
    const recognition = FakeRecognition.last!;
    expect(recognition).toMatchObject({ lang: "zh-CN", continuous: true, interimResults: true });
    expect(recognition.start).toHaveBeenCalledTimes(1);

    recognition.onresult!({ resultIndex: 0, results: [result("第", false)] });
    expect(on.interim).toHaveBeenLastCalledWith("第");
    recognition.onresult!({ resultIndex: 0, results: [result(" 第三个 ", true), result("还有", false)] });
    expect(on.final).toHaveBeenCalledWith("第三个");
    expect(on.interim).toHaveBeenLastCalledWith("还有");

    session.stop();
    expect(on.end).toHaveBeenCalledTimes(1);
    expect(on.interim).toHaveBeenLastCalledWith("");
  });

  it("names errors in the kit's words and says nothing of its own abort", () => {
    const on = listeners();
    const session = webSpeechInput({ SpeechRecognition: FakeRecognition })!.listen("en", on);
    FakeRecognition.last!.onerror!({ error: "not-allowed", message: "" });
    FakeRecognition.last!.onerror!({ error: "audio-capture" });
    FakeRecognition.last!.onerror!({ error: "bad-grammar", message: "grammar" });
    expect(on.error.mock.calls.map(([e]) => e)).toEqual([
      { kind: "not-allowed", message: "not-allowed" },
      { kind: "unavailable", message: "audio-capture" },
      { kind: "other", message: "grammar" },
    ]);
    session.abort();
    expect(on.error).toHaveBeenCalledTimes(3);
    expect(on.end).toHaveBeenCalledTimes(1);
  });

  it("a recognizer that throws on start ends at once with an error, not a crash", () => {
    class Broken extends FakeRecognition {
      override start = vi.fn(() => {
        throw new Error("already started");
      });
    }
    const on = listeners();
    webSpeechInput({ SpeechRecognition: Broken })!.listen("en", on);
    expect(on.error).toHaveBeenCalledWith({ kind: "unavailable", message: "already started" });
    expect(on.end).toHaveBeenCalledTimes(1);
  });
});
