import type { Meta, StoryObj } from "@storybook/react-vite";
import type { BaseEvent } from "@ag-ui/core";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createThreadStore, interactionRowId, MessageRenderer, PermissionRequestCard, type ThreadStore } from "../src";
import { decisionRecordFor } from "../src/core/decisions/writeRecord";
import { PasskeyStepView } from "../src/components/interactions/PasskeyStep";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * The permission card when the agent's server asks for the person's passkey (`createAsk(…, {
 * stepUp })`): the hint before approval; after it, the wait for the passkey with "Use passkey" and
 * "Decline instead"; the passkey not given; no passkey in this browser (refused, or the typed
 * confirmation where the ask allows it); and the settled card, signed or typed. The ceremony with a
 * real (virtual) authenticator is tested in test/browser/passkey.e2e.test.ts; here the browser's
 * own WebAuthn answers — refusing, or absent — as it does for a person without a passkey.
 */
const meta = {
  title: "Parley/Permissions/Passkey step-up",
  tags: ["autodocs"],
  // PasskeyStepView is the card's step, loaded with the WebAuthn code when an ask needs a passkey.
  subcomponents: { PermissionRequestCard, PasskeyStepView },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fixed clock in the past: the card does not start the ceremony by itself (as after a reload). */
const AT = Date.UTC(2026, 2, 2, 9, 0, 0);

function asked(fallback?: "typed", locale?: string): ThreadStore {
  const proof = { nonce: "n-1", expiresAt: "2099-01-01T00:00:00.000Z", stepUp: { challenge: "c-1", ...(fallback ? { fallback } : {}) } };
  const args = { operation: "wire_money", summary: "Wire €4,800 to Acme Ltd", categories: ["money"], context: { parley: proof } };
  const turn: BaseEvent[] = [e.runStarted("r1"), e.toolStart("p1", "parley_request_permission", "m-p1"), e.toolArgs("p1", JSON.stringify(args)), e.toolEnd("p1"), e.runFinished("r1")];
  const agent = new ScriptedAgent({ script: () => turn });
  let n = 0;
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `id${++n}`, agent, autoContinue: false, now: () => AT, ...(locale ? { locale } : {}) });
  store.getState().run();
  return store;
}

function approved(fallback?: "typed", locale?: string): ThreadStore {
  const store = asked(fallback, locale);
  store.getState().answer("p1", { approved: true });
  return store;
}

/** Approved, and the record written as the step-up writes it: signed (a stand-in assertion), or typed. */
function settled(how: "passkey" | "typed"): () => ThreadStore {
  return () => {
    const store = approved(how === "typed" ? "typed" : undefined);
    const interaction = store.getState().thread.interactions.get("p1")!;
    void decisionRecordFor(interaction, { who: "person", decisionId: "d-1", signing: true }).then((record) => {
      store.getState().dispatch({ type: "record-decision", interactionId: "p1", record: { ...record!, ...(how === "typed" ? { passkeyFallback: "typed" as const } : { assertion: { id: "credential-1" } }) } });
    });
    return store;
  };
}

function card(make: () => ThreadStore, locale?: string): Pick<Story, "render"> {
  return {
    render: () => (
      <Kit height="auto" make={make} locale={locale}>
        <div className="pl:p-3">
          <MessageRenderer id={interactionRowId("p1")} />
        </div>
      </Kit>
    ),
  };
}

/** The browser's WebAuthn refusing (the person cancelled, or no passkey of theirs is here), for one story. */
function refusingWebAuthn() {
  const get = navigator.credentials.get.bind(navigator.credentials);
  navigator.credentials.get = () => Promise.reject(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"));
  return () => {
    navigator.credentials.get = get;
  };
}

/** A browser without WebAuthn, for one story. */
function withoutWebAuthn() {
  const holder = window as { PublicKeyCredential?: unknown };
  const saved = holder.PublicKeyCredential;
  delete holder.PublicKeyCredential;
  return () => {
    holder.PublicKeyCredential = saved;
  };
}

/** Before approval: the card says approving needs the passkey. */
export const NeedsPasskey: Story = {
  ...card(() => asked()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Approving needs your passkey.")).toBeVisible();
  },
};

/** Approved, waiting for the passkey: "Use passkey" and "Decline instead"; nothing has gone to the agent. */
export const WaitingForPasskey: Story = {
  ...card(() => approved()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("status")).toHaveTextContent("Confirm with your passkey to approve.");
    await expect(canvas.getByRole("button", { name: "Use passkey" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Decline instead" })).toBeEnabled();
  },
};

/** The passkey was not given: said in words, with "Use passkey" to try again. */
export const PasskeyNotGiven: Story = {
  ...card(() => approved()),
  beforeEach: refusingWebAuthn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Use passkey" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("The passkey was not given, so nothing is approved yet.");
    await expect(canvas.getByRole("button", { name: "Use passkey" })).toBeEnabled();
  },
};

/** No passkey in this browser, and the ask refuses without one: decline, or answer elsewhere. */
export const NoPasskeyRefused: Story = {
  ...card(() => approved()),
  beforeEach: withoutWebAuthn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Use passkey" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(/this browser has none/);
    await expect(canvas.queryByRole("button", { name: "Use passkey" })).toBeNull();
  },
};

/** No passkey in this browser, and the ask allows the typed confirmation instead: a wrong text is refused in words. */
export const NoPasskeyTypedFallback: Story = {
  ...card(() => approved("typed")),
  beforeEach: withoutWebAuthn,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Use passkey" }));
    const input = await canvas.findByLabelText(/Type “wire_money” to approve without it/);
    await userEvent.type(input, "wire money");
    await userEvent.click(canvas.getByRole("button", { name: "Approve without passkey" }));
    await waitFor(() => expect(canvas.getByRole("alert")).toHaveTextContent("The text does not match yet."));
  },
};

/** Settled: signed with the passkey. */
export const SignedWithPasskey: Story = {
  ...card(settled("passkey")),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Confirmed with your passkey.")).toBeVisible();
  },
};

/** Settled: confirmed by typing, on a device without a passkey. */
export const ConfirmedByTyping: Story = {
  ...card(settled("typed")),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Confirmed by typing (no passkey on this device).")).toBeVisible();
  },
};

/** The wait in Chinese: the step-up's words load with it, in the person's language. */
export const WaitingChinese: Story = {
  ...card(() => approved(undefined, "zh-CN"), "zh-CN"),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("请用通行密钥确认批准。");
  },
};

export const WaitingForPasskeyDark: Story = { ...WaitingForPasskey, globals: { theme: "dark" } };
