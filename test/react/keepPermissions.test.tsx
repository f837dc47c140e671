import { StrictMode } from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createThreadStore, ParleyProvider } from "../../src";
import { useAuditView } from "../../src/headless";
import { createMemoryPolicyStorage, createPermissions } from "../../src/core/policy";

/**
 * `<ParleyProvider keepPermissions={{ storage, key }}>`: under StrictMode the person's kept grants
 * are taken up once, and the audit log shows other threads' decisions beside this one's.
 */

const settle = () => act(async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
});

function Log() {
  const { records, total } = useAuditView();
  return <p data-testid="log">{`${total}: ${records.map((r) => `${r.decision} ${r.operation ?? ""}`).join(" | ")}`}</p>;
}

describe("ParleyProvider keepPermissions", () => {
  it("takes up the person's stored grants and shows their whole audit log", async () => {
    const storage = createMemoryPolicyStorage();
    const now = Date.now();
    await storage.saveGrants("ana", [{ id: "g-old", operation: "calendar.read", scope: "session", grantedBy: "ana", grantedAt: now - 1000, uses: 1 }]);
    await storage.appendAudit("ana", [{ id: "a-old", at: now - 1000, decision: "granted", how: "click", who: "ana", operation: "calendar.read", grantId: "g-old" }]);
    const store = createThreadStore({ batch: "sync", permissions: createPermissions({ identity: "ana" }) });
    const view = render(
      <StrictMode>
        <ParleyProvider store={store} keepPermissions={{ storage, key: "ana" }}>
          <Log />
        </ParleyProvider>
      </StrictMode>,
    );
    // The module loads on first use (a dynamic import): wait for it, however long it takes here.
    await waitFor(() => expect(store.getState().keptPermissions).toMatchObject({ status: "ready" }));
    await settle();
    expect(store.getState().thread.grants.map((g) => g.id)).toEqual(["g-old"]);
    expect(screen.getByTestId("log").textContent).toBe("1: granted calendar.read");

    act(() => void store.getState().revoke("g-old"));
    await waitFor(() => expect(screen.getByTestId("log").textContent).toBe("2: revoked calendar.read | granted calendar.read"));
    await settle();
    expect((await storage.loadGrants("ana"))[0]!.revokedAt).toBeDefined();
    // StrictMode's doubled effect kept one writer: the revocation is logged once.
    expect((await storage.loadAudit("ana")).map((r) => r.decision)).toEqual(["granted", "revoked"]);
    view.unmount();
  });
});
