import { useCallback, useEffect, useMemo, useState } from "react";
import { useStore } from "zustand";
import { contentMedia, contentText } from "../core/thread/messageContent";
import { branchPosition } from "../core/branches";
import { readSuggestions, type Suggestion } from "../core/fold/suggestions";
import { selectRespondable } from "../core/enumeration";
import type { ActionResult, ReplyResult } from "../store/createThreadStore";
import { useThreadStore } from "./ParleyProvider";

/**
 * Tells the agent something about the app while the calling component is mounted: the entry goes
 * into every run's `RunAgentInput.context` (never into the messages) and leaves on unmount.
 * Several components may register at once; a value that is not a string is sent as JSON.
 *
 * @example
 * useAgentContext("The page the person is on", { path: location.pathname, title: document.title });
 */
export function useAgentContext(description: string, value: unknown): void {
  const store = useThreadStore("useAgentContext");
  const text = typeof value === "string" ? value : toJson(value);
  useEffect(() => store.getState().registerContext({ description, value: text }), [store, description, text]);
}

function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A cycle or a BigInt: the agent still learns something rather than the run failing.
    return String(value);
  }
}

export interface Branches {
  /** 1-based: "2 / 3" is index 2 of count 3. */
  index: number;
  count: number;
  /** Show the version before or after this one; refused while the agent answers or asks. */
  previous: () => ActionResult;
  next: () => ActionResult;
}

/**
 * The versions of the conversation that start at `messageId` (an edited message, a regenerated
 * answer), or `undefined` when it starts none.
 *
 * @example
 * const branches = useBranches(message.id);
 * branches && <span>{branches.index} / {branches.count}</span>;
 */
export function useBranches(messageId: string): Branches | undefined {
  const store = useThreadStore("useBranches");
  // Three primitives rather than one fresh object, so a token elsewhere re-renders nothing here.
  const at = useStore(store, (s) => (s.thread.branches ? branchPosition(s.thread, messageId)?.at : undefined));
  const index = useStore(store, (s) => (s.thread.branches ? branchPosition(s.thread, messageId)?.index : undefined) ?? 0);
  const count = useStore(store, (s) => (s.thread.branches ? branchPosition(s.thread, messageId)?.count : undefined) ?? 0);
  return useMemo(() => {
    if (at === undefined) return undefined;
    const { switchBranch } = store.getState();
    return { index, count, previous: () => switchBranch(at, index - 2), next: () => switchBranch(at, index) };
  }, [store, at, index, count]);
}

export interface MessageActions {
  /** False while the agent answers or waits for an answer: a fork then is refused. */
  canFork: boolean;
  edit: (content: string) => ActionResult;
  regenerate: () => ActionResult;
}

/**
 * Edit (the person's message) and regenerate (an answer) for one message: both fork the
 * conversation there and run; the old version stays (see {@link useBranches}).
 *
 * @example
 * const { canFork, edit } = useMessageActions(message.id);
 * <button disabled={!canFork} onClick={() => edit("Book the 9:10 instead")}>Save</button>;
 */
export function useMessageActions(messageId: string): MessageActions {
  const store = useThreadStore("useMessageActions");
  const canFork = useStore(store, (s) => !s.isRunning && s.thread.status !== "waiting" && s.thread.runs[s.thread.runs.length - 1]?.status !== "running");
  return useMemo(() => {
    const { editMessage, regenerate } = store.getState();
    const edit = (text: string) => {
      // The text is what the person edits; pictures and files sent with it go with the edit.
      const message = store.getState().thread.messages.get(messageId);
      const content = message && "content" in message ? message.content : undefined;
      const media = contentMedia(content);
      return editMessage(messageId, media.length && text.trim() ? [{ type: "text", text }, ...media] : text);
    };
    return { canFork, edit, regenerate: () => regenerate(messageId) };
  }, [store, messageId, canFork]);
}

export type CopyState = "idle" | "copied" | "failed";

/**
 * Copies a message as Markdown (an answer as the agent wrote it, the person's words as typed).
 * `state` is `copied` or `failed` for two seconds after.
 *
 * @example
 * const { copy, state } = useCopyMessage(message.id);
 */
export function useCopyMessage(messageId: string): { copy: () => Promise<boolean>; state: CopyState } {
  const store = useThreadStore("useCopyMessage");
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = useCallback(async () => {
    const message = store.getState().thread.messages.get(messageId);
    const content = message && "content" in message ? message.content : undefined;
    const text = contentText(content);
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
      return true;
    } catch {
      setState("failed");
      return false;
    }
  }, [store, messageId]);
  return { copy, state };
}

export interface SuggestionsView {
  /** The quick replies to show now (none while the agent is answering). */
  items: readonly Suggestion[];
  /**
   * Sends a suggestion as the person's reply. A label that names a numbered option of an open
   * question answers it by its number, as typing the number would.
   */
  choose: (suggestion: Suggestion) => ReplyResult;
}

const NONE: readonly Suggestion[] = [];

/**
 * The quick replies the agent offered with its last run (`CUSTOM parley.suggestions`, or a
 * `suggestions` list in its state), and a way to send one.
 *
 * @example
 * const { items, choose } = useSuggestions();
 * items.map((s) => <button key={s.label} onClick={() => choose(s)}>{s.label}</button>);
 */
export function useSuggestions(): SuggestionsView {
  const store = useThreadStore("useSuggestions");
  const offered = useStore(store, (s) => {
    const last = s.thread.runs[s.thread.runs.length - 1];
    const { suggestions } = s.thread;
    return !s.isRunning && suggestions && last && suggestions.runId === last.runId ? suggestions.items : undefined;
  });
  const fromState = useStore(store, (s) => (s.isRunning ? undefined : (s.thread.state as { suggestions?: unknown } | null)?.suggestions));
  const items = useMemo(() => offered ?? (fromState === undefined ? undefined : readSuggestions(fromState)) ?? NONE, [offered, fromState]);
  const choose = useCallback(
    (suggestion: Suggestion) => {
      const { thread, reply } = store.getState();
      const label = suggestion.label.trim().toLowerCase();
      const option = selectRespondable(thread).items.find((item) => item.label.trim().toLowerCase() === label);
      return reply(option ? String(option.number) : (suggestion.value ?? suggestion.label));
    },
    [store],
  );
  return useMemo(() => ({ items, choose }), [items, choose]);
}
