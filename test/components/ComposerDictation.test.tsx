import { beforeAll, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BaseEvent } from "@ag-ui/core";
import { Composer } from "../../src/components";
import type { SpeechInput, SpeechListeners } from "../../src/core/channels";
import { ev } from "../support/events";
import { expectNoAxeViolations, renderKit, heardFromAgent } from "./support";

const trains = {
  content: "Which train to Lyon?",
  options: [{ id: "t0705", label: "07:05" }, { id: "t0904", label: "09:04" }, { id: "t1210", label: "12:10" }],
};
const advise = (args: object, id = "adv"): BaseEvent[] => [ev.runStarted("r1"), ev.toolStart(id, "parley_advise"), ev.toolArgs(id, JSON.stringify(args)), ev.toolEnd(id), ev.runFinished("r1")];

/** A recognizer the test speaks through: what `listen` was asked, and the listeners to say things to. */
function fakeRecognizer() {
  const sessions: { lang: string; on: SpeechListeners; stop: ReturnType<typeof vi.fn>; abort: ReturnType<typeof vi.fn> }[] = [];
  const input: SpeechInput = {
    listen(lang, on) {
      const session = { lang, on, stop: vi.fn(() => on.end()), abort: vi.fn() };
      sessions.push(session);
      return session;
    },
  };
  return { input, sessions, last: () => sessions[sessions.length - 1]! };
}

const box = () => screen.getByRole("textbox");
const mic = () => screen.findByRole("button", { name: "Dictate" }, { timeout: 5000 });

// The microphone is a chunk of its own: load it once, so each test times only what it tests.
beforeAll(() => import("../../src/components/composer/DictationButton"));

describe("Composer: dictation", () => {
  it("no microphone unless asked for, and none where the browser has no recognizer", async () => {
    const { store } = heardFromAgent([]);
    const first = renderKit(<Composer />, store);
    expect(screen.queryByRole("button", { name: "Dictate" })).toBeNull();
    first.unmount();
    const { container } = renderKit(<Composer dictation />, store);
    // jsdom has no SpeechRecognition: the button renders nothing once its chunk is there.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(container.querySelector("[data-slot=composer-field]")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Dictate" })).toBeNull();
  });

  it("'第三个' said into the microphone is planned like typing: it previews option 3 and Enter answers it", async () => {
    const user = userEvent.setup();
    const recognizer = fakeRecognizer();
    const { store } = heardFromAgent(advise(trains));
    const { container } = renderKit(<Composer dictation={recognizer.input} />, store, { locale: "zh-CN" });
    const button = await screen.findByRole("button", { name: "语音输入" }, { timeout: 5000 });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await expectNoAxeViolations(container);

    await user.click(button);
    expect(button).toHaveAttribute("aria-pressed", "true");
    expect(recognizer.last().lang).toBe("zh-CN");
    act(() => recognizer.last().on.interim("第三"));
    expect(container.querySelector("[data-slot=composer-dictation]")).toHaveTextContent("正在听… 第三");
    act(() => recognizer.last().on.final("第三个"));
    expect(box()).toHaveValue("第三个");
    expect(container.querySelector("[data-slot=composer-preview]")).toHaveTextContent("→ 3号 · 12:10");

    await user.click(button);
    expect(recognizer.last().stop).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(container.querySelector("[data-slot=composer-dictation]")).toBeNull();

    box().focus();
    await user.keyboard("{Enter}");
    expect(store.getState().thread.interactions.get("adv")).toMatchObject({ status: "answered", how: "number-reply", response: { optionIds: ["t1210"] } });
  });

  it("a phrase is added after what was typed", async () => {
    const user = userEvent.setup();
    const recognizer = fakeRecognizer();
    const { store } = heardFromAgent([]);
    renderKit(<Composer dictation={recognizer.input} />, store);
    await user.type(box(), "Book the ");
    await user.click(await mic());
    act(() => recognizer.last().on.final("nine o'clock train"));
    expect(box()).toHaveValue("Book the nine o'clock train");
  });

  it("push-to-talk: Space held on the button listens while held; a short press leaves it open", async () => {
    const recognizer = fakeRecognizer();
    const now = vi.spyOn(Date, "now");
    const { store } = heardFromAgent([]);
    renderKit(<Composer dictation={recognizer.input} />, store);
    const button = await mic();
    now.mockReturnValue(1_000);
    fireEvent.keyDown(button, { key: " " });
    expect(button).toHaveAttribute("aria-pressed", "true");
    fireEvent.keyDown(button, { key: " ", repeat: true });
    expect(recognizer.sessions).toHaveLength(1);
    now.mockReturnValue(2_000);
    fireEvent.keyUp(button, { key: " " });
    expect(recognizer.last().stop).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute("aria-pressed", "false");

    now.mockReturnValue(3_000);
    fireEvent.keyDown(button, { key: "Enter" });
    now.mockReturnValue(3_100);
    fireEvent.keyUp(button, { key: "Enter" });
    expect(button).toHaveAttribute("aria-pressed", "true");
    fireEvent.keyDown(button, { key: "Enter" });
    expect(recognizer.last().stop).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute("aria-pressed", "false");
    now.mockRestore();
  });

  it("a refused microphone is said in words, and what was typed stays", async () => {
    const user = userEvent.setup();
    const recognizer = fakeRecognizer();
    const { store } = heardFromAgent([]);
    const { container } = renderKit(<Composer dictation={recognizer.input} />, store);
    await user.type(box(), "hello");
    await user.click(await mic());
    act(() => {
      recognizer.last().on.error({ kind: "not-allowed", message: "Permission denied" });
      recognizer.last().on.end();
    });
    await waitFor(() => expect(container.querySelector("[data-slot=composer-dictation]")).toHaveTextContent("The microphone is not allowed for this page."));
    expect(box()).toHaveValue("hello");
    expect(screen.getByRole("button", { name: "Dictate" })).toHaveAttribute("aria-pressed", "false");
  });

  it("an app's recognizer that throws is said in words, and the microphone is not left open", async () => {
    const user = userEvent.setup();
    const broken: SpeechInput = {
      listen: () => {
        throw new Error("no permission token");
      },
    };
    const { store } = heardFromAgent([]);
    const { container } = renderKit(<Composer dictation={broken} />, store);
    const button = await mic();
    await user.click(button);
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(container.querySelector("[data-slot=composer-dictation]")).toHaveTextContent("No microphone or speech recognition is available.");
  });

  it("leaving the page closes the microphone", async () => {
    const user = userEvent.setup();
    const recognizer = fakeRecognizer();
    const { store } = heardFromAgent([]);
    const { unmount } = renderKit(<Composer dictation={recognizer.input} />, store);
    await user.click(await mic());
    unmount();
    expect(recognizer.last().abort).toHaveBeenCalledTimes(1);
  });
});
