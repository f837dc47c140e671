import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { AgentCapabilities } from "@ag-ui/core";
import { ParleyProvider, useAgentCapabilities } from "../../src";
import { ParleyHttpAgent } from "../../src/http";
import type { AgentLike } from "../../src/core/transport/types";

function Show() {
  const { status, capabilities, error, supports } = useAgentCapabilities();
  return (
    <p>
      <span data-testid="status">{status}</span>
      <span data-testid="edits">{String(supports("approveWithEdits"))}</span>
      <span data-testid="name">{capabilities?.identity?.name ?? ""}</span>
      <span data-testid="error">{error ?? ""}</span>
    </p>
  );
}

const agentWith = (getCapabilities?: () => Promise<unknown>): AgentLike => ({
  run: () => ({ subscribe: () => ({ unsubscribe() {} }) }),
  ...(getCapabilities ? { getCapabilities } : {}),
});

function mount(agent: AgentLike) {
  return render(
    <StrictMode>
      <ParleyProvider agent={agent} threadId="t-caps">
        <Show />
      </ParleyProvider>
    </StrictMode>,
  );
}

describe("useAgentCapabilities", () => {
  it("asks the agent once (StrictMode too) and offers only what it supports", async () => {
    const ask = vi.fn(() => Promise.resolve<AgentCapabilities>({ identity: { name: "Desk" }, humanInTheLoop: { approveWithEdits: false } }));
    mount(agentWith(ask));
    expect(screen.getByTestId("status").textContent).toBe("loading");
    expect(screen.getByTestId("edits").textContent).toBe("true");
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("ready"));
    expect(screen.getByTestId("name").textContent).toBe("Desk");
    expect(screen.getByTestId("edits").textContent).toBe("false");
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("an agent without getCapabilities is offered everything", () => {
    mount(agentWith());
    expect(screen.getByTestId("status").textContent).toBe("none");
    expect(screen.getByTestId("edits").textContent).toBe("true");
  });

  it("a failing or malformed answer is an error in words, and nothing is taken away", async () => {
    mount(agentWith(() => Promise.reject(new Error("404 Not Found"))));
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("error"));
    expect(screen.getByTestId("error").textContent).toBe("The agent's capabilities could not be read: 404 Not Found");
    expect(screen.getByTestId("edits").textContent).toBe("true");
  });

  it("an answer that is not capabilities is refused in words", async () => {
    mount(agentWith(() => Promise.resolve("yes")));
    await waitFor(() => expect(screen.getByTestId("error").textContent).toBe("The agent's capabilities are not an object (string)."));
  });

  it("serves what ParleyHttpAgent was given, and a non-resumable server is not asked to resume", async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError("offline")));
    const agent = new ParleyHttpAgent({ url: "/agent", fetch, capabilities: { transport: { resumable: false } } });
    await expect(agent.getCapabilities?.()).resolves.toEqual({ transport: { resumable: false } });
    const plain = new ParleyHttpAgent({ url: "/agent", fetch });
    expect(plain.getCapabilities).toBeUndefined();
    const asked = new ParleyHttpAgent({ url: "/agent", fetch, capabilities: () => Promise.resolve({ identity: { name: "Later" } }) });
    await expect(asked.getCapabilities?.()).resolves.toEqual({ identity: { name: "Later" } });
  });
});
