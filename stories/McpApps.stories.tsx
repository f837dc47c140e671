import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { useState } from "react";
import { expect, within } from "storybook/test";
import { createThreadStore, ParleyProvider, ParleyUIProvider, Thread, type ThreadStore } from "../src";
import { ScriptedAgent } from "../src/testing";
import { createPermissions } from "../src/core/policy";
import type { AgentLike, EventObserver } from "../src/core/transport/types";
import { McpAppActivity, mcpAppsComponents } from "../src/mcp-apps";
import { assessMcpAppCall } from "../src/core/mcp-apps/gate";
import type { McpAppCall } from "../src/core/mcp-apps/types";
import { mcpAppDoor } from "../src/core/origins/mcp-app";
import * as door from "../src/core/origins/mcpAppDoor";
import { McpAppAskCard } from "../src/components/mcp-apps/McpAppFrame";
import { mcpAppLabels } from "../src/mcp-apps/labels";
import { e } from "./support/stores";

/**
 * An MCP App in the thread (`parley-ui/mcp-apps`, loaded on first use), in the states the person
 * sees before and around the app itself: its resource loading, the sandbox refused (here: a
 * sandbox address on the page's own origin, which the host never uses), and its calls asking — a
 * tool call naming the app, the server and the tool, and a message in the person's name. The app
 * running in its sandbox is tested against real servers in test/browser/mcpApps.e2e.test.ts.
 */
const meta = {
  title: "Parley/MCP Apps",
  component: Thread,
  // McpAppActivity's own state before its chunk loads (a busy placeholder) is brief here, where the
  // chunk is preloaded: test/components/McpAppActivity.test.tsx holds it.
  subcomponents: { McpAppActivity, McpAppAskCard },
  tags: ["autodocs"],
} satisfies Meta<typeof Thread>;
export default meta;
type Story = StoryObj<typeof meta>;

const app = { serverHash: "9b1c4e", serverId: "clock", resourceUri: "ui://get-time/mcp-app.html" };
const activity: BaseEvent = { type: EventType.ACTIVITY_SNAPSHOT, messageId: "app-1", activityType: "mcp-apps", content: { ...app, toolInput: {}, result: { content: [{ type: "text", text: "2026-12-04T10:00:00Z" }] } }, replace: true };
const HTML = "<!doctype html><p>The clock app.</p>";

/**
 * The agent behind `@ag-ui/mcp-apps-middleware`, as far as the frame sees it: one run that shows
 * the app, and the proxied `resources/read` answered (`answer`) or never (`silent`).
 */
function middlewareAgent(resource: "answer" | "silent"): AgentLike {
  const scripted = new ScriptedAgent({ script: () => [e.runStarted(), activity, e.runFinished()] });
  return {
    run(input: RunAgentInput) {
      const proxied = (input.forwardedProps as { __proxiedMCPRequest?: unknown } | undefined)?.__proxiedMCPRequest;
      if (!proxied) return scripted.run(input);
      return {
        subscribe(observer: Partial<EventObserver>) {
          if (resource === "answer") {
            observer.next?.({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
            observer.next?.({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, result: { contents: [{ uri: app.resourceUri, mimeType: "text/html;profile=mcp-app", text: HTML }] } });
            observer.complete?.();
          }
          return { unsubscribe() {} };
        },
      };
    },
  };
}

let seq = 0;
const storeWith = (agent: AgentLike): ThreadStore => {
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `m${++seq}`, agent, autoContinue: false, permissions: createPermissions({ identity: "ana", sessionId: "story" }) });
  store.getState().run();
  return store;
};

function InThread({ make, sandbox }: { make: () => ThreadStore; sandbox: string }) {
  const [store] = useState(make);
  const [components] = useState(() => mcpAppsComponents({ sandbox }));
  return (
    <ParleyProvider store={store}>
      <ParleyUIProvider components={components} className="pl:rounded-lg pl:border pl:border-border">
        <div style={{ height: 420, display: "flex", flexDirection: "column" }}>
          <Thread />
        </div>
      </ParleyUIProvider>
    </ParleyProvider>
  );
}

/** A store whose app has asked `kind` through the person's door (the card the frame shows beside it). */
function asking(kind: "call" | "message"): () => ThreadStore {
  return () => {
    mcpAppDoor.loaded = door;
    const store = storeWith(middlewareAgent("silent"));
    const s = store.getState();
    const call: McpAppCall = kind === "call" ? { id: "app-1/call-x1", messageId: "app-1", app, kind, tool: "set-alarm", args: { at: "07:00" }, appName: "Clock" } : { id: "app-1/message-x1", messageId: "app-1", app, kind, args: { text: "Set my alarm for 7:00, please." }, appName: "Clock" };
    const verdict = assessMcpAppCall(s.thread, s.permissions, call, { summary: kind === "call" ? "Clock wants to run set-alarm" : "Clock wants to send a message" }, Date.now());
    s.dispatch({ type: "app-call", call, verdict, at: Date.now(), timeoutMs: 10 * 60_000 });
    return store;
  };
}

function AskCard({ make }: { make: () => ThreadStore }) {
  const [store] = useState(make);
  const id = store.getState().thread.interactionIds[0] ?? "";
  return (
    <ParleyProvider store={store}>
      <ParleyUIProvider className="pl:p-3">
        <McpAppAskCard id={id} words={mcpAppLabels("en")} />
      </ParleyUIProvider>
    </ParleyProvider>
  );
}

export const ResourceLoading: Story = {
  render: () => <InThread make={() => storeWith(middlewareAgent("silent"))} sandbox="https://sandbox.example.com/mcp-app" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Loading the app/i, {}, { timeout: 8_000 })).toBeVisible();
  },
};

export const SandboxRefused: Story = {
  // A sandbox on the page's own origin would give the app the page: the host refuses it, in words.
  render: () => <InThread make={() => storeWith(middlewareAgent("answer"))} sandbox="/mcp-app" />,
  play: async ({ canvasElement }) => {
    const refused = await waitForSlot(canvasElement, "mcp-app-refused");
    await expect(refused.dataset.why).toBe("sandbox");
    await expect(refused.textContent).toMatch(/own origin/);
  },
};

export const CallAsking: Story = {
  render: () => <AskCard make={asking("call")} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("ui://get-time/mcp-app.html", { exact: false })).toBeVisible();
    await expect(canvas.getByText("clock")).toBeVisible();
    await expect(canvas.getByText("set-alarm")).toBeVisible();
    await expect(canvas.getByRole("button", { name: /Allow once/i })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: /always/i })).toBeEnabled();
  },
};

export const MessageAsking: Story = {
  render: () => <AskCard make={asking("message")} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Set my alarm for 7:00, please.")).toBeVisible();
  },
};

async function waitForSlot(root: HTMLElement, slot: string): Promise<HTMLElement> {
  for (let i = 0; i < 80; i += 1) {
    const found = root.querySelector<HTMLElement>(`[data-slot=${slot}]`);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No [data-slot=${slot}] appeared.`);
}

const dark = (story: Story): Story => ({ ...story, globals: { theme: "dark" } });
export const ResourceLoadingDark = dark(ResourceLoading);
export const SandboxRefusedDark = dark(SandboxRefused);
export const CallAskingDark = dark(CallAsking);
export const MessageAskingDark = dark(MessageAsking);
