import { expect } from "vitest";
import { deriveStatus, EVENT_LOG_LIMIT, type ThreadState } from "../../../src/core";

/** Shared by the bad-input and property suites: what must hold of any thread, whatever was folded. */


/** Recursively freezes a value; tests run as ESM (strict mode), so any write to it throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** Every structural invariant of a thread; throws (through `expect`) on the first one broken. */
export function expectConsistent(s: ThreadState, eventCount?: number): void {
  // No prototype pollution, and no record had its prototype swapped by a "__proto__" key.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  for (const record of [s.subagents, s.chunkLanes]) {
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  }

  // Message ids: unique, each with its message, each message listed, keyed by its own id.
  expect(new Set(s.messageIds).size).toBe(s.messageIds.length);
  for (const id of s.messageIds) {
    expect(s.messages.has(id), `message "${id}" is listed but missing`).toBe(true);
  }
  expect([...s.messages.keys()].sort()).toEqual([...s.messageIds].sort());
  for (const [key, message] of [...s.messages.entries()]) {
    expect(message.id, `message under key "${key}"`).toBe(key);
    expect(typeof message.role).toBe("string");
  }

  // Tool calls: every id an assistant lists exists and points back; every tool call is listed once.
  const listed = new Map<string, string>();
  for (const id of s.messageIds) {
    const message = s.messages.get(id);
    if (message?.role !== "assistant" || !message.toolCallIds) continue;
    expect(new Set(message.toolCallIds).size, `duplicate tool call ids on "${id}"`).toBe(message.toolCallIds.length);
    for (const callId of message.toolCallIds) {
      expect(s.toolCalls.has(callId), `tool call "${callId}" of "${id}" is missing`).toBe(true);
      expect(s.toolCalls.get(callId)?.messageId, `tool call "${callId}" points elsewhere`).toBe(id);
      expect(listed.has(callId), `tool call "${callId}" is listed by two messages`).toBe(false);
      listed.set(callId, id);
    }
  }
  for (const [key, call] of [...s.toolCalls.entries()]) {
    expect(call.id).toBe(key);
    expect(listed.get(key), `tool call "${key}" is not listed by its message`).toBe(call.messageId);
    expect(typeof call.argsText).toBe("string");
    expect(["streaming-args", "waiting", "complete", "error"]).toContain(call.status);
  }

  // Open messages: listed once, present, and streaming; no other message claims to stream.
  expect(new Set(s.openMessageIds).size).toBe(s.openMessageIds.length);
  for (const id of s.openMessageIds) {
    expect(s.messageIds).toContain(id);
    expect(s.messages.get(id)?.streaming, `open message "${id}"`).toBe(true);
  }
  for (const [id, message] of [...s.messages.entries()]) {
    if (message.streaming) expect(s.openMessageIds, `"${id}" streams but is not open`).toContain(id);
  }

  // Counters, logs and the derived status.
  if (eventCount !== undefined) expect(s.eventCount).toBe(eventCount);
  expect(s.errorCount).toBeGreaterThanOrEqual(s.errors.length);
  expect(s.errors.length).toBeLessThanOrEqual(EVENT_LOG_LIMIT);
  expect(s.customEvents.length).toBeLessThanOrEqual(EVENT_LOG_LIMIT);
  expect(s.rawEvents.length).toBeLessThanOrEqual(EVENT_LOG_LIMIT);
  expect(["idle", "thinking", "acting", "waiting"]).toContain(s.status);
  expect(deriveStatus(s)).toBe(s.status);
  // Only the last run may be running.
  expect(s.runs.slice(0, -1).every((r) => r.status !== "running")).toBe(true);
}
