import type { Meta, StoryObj } from "@storybook/react-vite";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { expect, userEvent, within } from "storybook/test";
import {
  AdviceCard,
  ErrorCard,
  InputRequestForm,
  InteractionCard,
  InteractionFallback,
  MessageRenderer,
  NotificationCard,
  ParleyUIProvider,
  PermissionRequestCard,
  Thread,
  createThreadStore,
  interactionRowId,
  useInteractionActions,
  useRowInteraction,
  type CustomResponse,
  type MessageComponentProps,
  type ThreadStore,
  type ThreadStoreOptions,
} from "../src";
import { ScriptedAgent } from "../src/testing";
import { e, Kit } from "./support/stores";

/**
 * Every state of every interaction card. Each story folds real AG-UI events into a store (a
 * scripted agent's run through the store's own path) and settles questions through the store's
 * actions, exactly as the person would — no hand-written interactions.
 */
const meta = {
  title: "Parley/Interactions",
  tags: ["autodocs"],
  // The registry picks these by messageType; the stories render them the way the thread does.
  subcomponents: { NotificationCard, AdviceCard, PermissionRequestCard, InputRequestForm, ErrorCard, InteractionFallback },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fixed clock for settled cards, so "Answered … at" reads the same on every run. */
const AT = Date.UTC(2026, 2, 2, 9, 0, 0);
let seq = 0;

/**
 * A store that heard `turns[0]` from a scripted agent; each later `run()` plays the next turn (or
 * just starts and finishes). `open` leaves the first run going, as an agent still writing.
 */
function heard(turns: BaseEvent[] | BaseEvent[][], { open = false, ...options }: ThreadStoreOptions & { open?: boolean } = {}): ThreadStore {
  const list = (Array.isArray(turns[0]) ? turns : [turns]) as BaseEvent[][];
  let runs = 0;
  const agent = new ScriptedAgent({
    script: () => {
      const turn = list[runs++] ?? [e.runStarted(`next${runs}`), e.runFinished(`next${runs}`)];
      return runs === 1 && open ? [...turn, { delay: 3_600_000 }] : turn;
    },
  });
  const store = createThreadStore({ batch: "sync", threadId: "story", createId: () => `s${++seq}`, agent, autoContinue: false, now: () => AT, ...options });
  store.getState().run();
  return store;
}

/** The agent's message `parent` calls one of Parley's tools with `args`. */
function toolCall(parent: string, id: string, tool: string, args: unknown): BaseEvent[] {
  return [e.toolStart(id, tool, parent), e.toolArgs(id, JSON.stringify(args)), e.toolEnd(id)];
}

/** One run in which the agent calls one of Parley's tools with `args`. */
function call(id: string, tool: string, args: unknown, runId = "r1"): BaseEvent[] {
  return [e.runStarted(runId), ...toolCall(`msg-${id}`, id, tool, args), e.runFinished(runId)];
}

/** One run in which the agent says `text`, then asks with one of Parley's tools. */
function sayThenCall(runId: string, text: string, id: string, tool: string, args: unknown): BaseEvent[] {
  const messageId = `msg-${id}`;
  return [e.runStarted(runId), e.textStart(messageId), e.text(messageId, text), e.textEnd(messageId), ...toolCall(messageId, id, tool, args), e.runFinished(runId)];
}

/** One run whose only event is a `CUSTOM parley.interaction` envelope. */
function envelope(value: Record<string, unknown>): BaseEvent[] {
  return [e.runStarted(), { type: EventType.CUSTOM, name: "parley.interaction", value }, e.runFinished()];
}

/** Renders the card of interaction `id` on its own, as the thread would. */
function card(make: () => ThreadStore, id: string): Story {
  return {
    render: () => (
      <Kit height="auto" make={make}>
        <div className="pl:p-3">
          <MessageRenderer id={interactionRowId(id)} />
        </div>
      </Kit>
    ),
  };
}

const trains = {
  content: "Which train to Lyon tomorrow?",
  options: [
    { id: "t0705", label: "07:05 → 09:01", description: "Direct, €49" },
    { id: "t0904", label: "09:04 → 11:00", description: "Direct, €65" },
    { id: "t1210", label: "12:10 → 14:20", description: "One change, €39" },
  ],
};

const address = {
  content: "Where should we deliver the tickets?",
  schema: {
    type: "object",
    title: "Delivery address",
    required: ["street", "city", "postcode"],
    properties: {
      street: { type: "string", title: "Street" },
      city: { type: "string", title: "City" },
      postcode: { type: "string", title: "Postcode", pattern: "^\\d{5}$", description: "Five digits, like 75001." },
      leaveAtDoor: { type: "boolean", title: "Leave at the door if nobody answers", default: false },
    },
  },
};

const deletion = {
  operation: "delete_file",
  summary: "Delete report_2024_final.pdf for good",
  categories: ["destructive", "irreversible"],
  details: { path: "/shared/reports/report_2024_final.pdf", size: "2.4 MB", lastEdited: "2026-02-27" },
  confirmText: "report_2024_final.pdf",
};

/** The agent calls `delete_files`, then ends its run with an interrupt about that call. */
const deleteFilesInterrupt: BaseEvent[] = [
  e.runStarted(),
  e.textStart("a1"),
  e.text("a1", "The cache holds two stale files. I will delete them once you agree."),
  e.textEnd("a1"),
  e.toolStart("c1", "delete_files", "a1"),
  e.toolArgs("c1", JSON.stringify({ paths: ["/var/cache/app/thumbs.db", "/var/cache/app/index.tmp"], recursive: false })),
  e.toolEnd("c1"),
  {
    type: EventType.RUN_FINISHED,
    threadId: "story",
    runId: "r1",
    outcome: {
      type: "interrupt",
      interrupts: [{
        id: "int-delete",
        reason: "tool_call",
        message: "Delete 2 cached files?",
        toolCallId: "c1",
        responseSchema: { type: "object", properties: { approved: { type: "boolean" }, editedArgs: { type: "object" } } },
        metadata: { categories: ["destructive"] },
      }],
    },
  },
];

// Notification

export const NotificationInfo = card(() => heard(envelope({ messageId: "n1", messageType: "notification", payload: { content: "I am checking seat availability on three trains.", level: "info" } })), "n1");
export const NotificationSuccess = card(() => heard(envelope({ messageId: "n1", messageType: "notification", payload: { content: "Booked: Paris → Lyon, 07:05, coach 7 seat 12A.", level: "success" } })), "n1");
export const NotificationWarning = card(() => heard(envelope({ messageId: "n1", messageType: "notification", payload: { content: "Prices for this route rise after 18:00 today.", level: "warning" } })), "n1");

// Advice

/** The arguments are still arriving: the text and the first option show, nothing is answerable yet. */
export const AdviceStreaming = card(
  () => heard([e.runStarted(), e.toolStart("adv", "parley_advise", "msg-adv"), e.toolArgs("adv", '{"content":"Which train to Lyon tomorrow?","options":[{"id":"t0705","label":"07:05 → 09:01"},{"id":"t0904","lab')], { open: true }),
  "adv",
);
export const AdvicePending = card(() => heard(call("adv", "parley_advise", trains)), "adv");

/** A second question in the same conversation goes on numbering from the first: 4–6. */
export const AdviceNumbersFourToSix: Story = {
  render: () => (
    <Kit
      height={640}
      make={() => {
        const store = heard([
          sayThenCall("r1", "Three trains fit your day.", "adv1", "parley_advise", trains),
          sayThenCall("r2", "Booked the 09:04. Now the seat.", "adv2", "parley_advise", { content: "Where would you like to sit?", options: [{ id: "window", label: "Window" }, { id: "aisle", label: "Aisle" }, { id: "table", label: "At a table" }] }),
        ]);
        store.getState().reply("2");
        store.getState().run();
        return store;
      }}
    >
      <Thread />
    </Kit>
  ),
};

export const AdviceMultipleChoice = card(
  () => heard(call("adv", "parley_advise", { content: "Anything to add to the booking?", multiple: true, options: [{ id: "meal", label: "Meal voucher", description: "€12" }, { id: "wifi", label: "Wi-Fi pass" }, { id: "bag", label: "Extra luggage", description: "Up to 23 kg" }] })),
  "adv",
);
export const AdviceAcceptReject = card(() => heard(call("adv", "parley_advise", { content: "You usually take the 07:05. Shall I book it again?" })), "adv");
export const AdviceFreeText = card(() => heard(call("adv", "parley_advise", { ...trains, allowFreeText: true })), "adv");

/** Answered by typing "2" in the message box: read-only, with what was chosen and how. */
export const AdviceAnswered = card(() => {
  const store = heard(call("adv", "parley_advise", trains));
  store.getState().reply("2");
  return store;
}, "adv");

export const AdviceDeclined = card(() => {
  const store = heard(call("adv", "parley_advise", trains));
  store.getState().decline("adv");
  return store;
}, "adv");

/** The countdown ran out: the kit declined for the person. */
export const AdviceTimedOut = card(() => {
  let clock = AT;
  const store = heard(call("adv", "parley_advise", { ...trains, timeoutMs: 30_000 }), { now: () => clock });
  clock = AT + 30_000;
  store.getState().dispatch({ type: "timeout", interactionId: "adv", at: clock });
  return store;
}, "adv");

/** The app took the question back. */
export const AdviceWithdrawn = card(() => {
  const store = heard(call("adv", "parley_advise", trains));
  store.getState().withdraw("adv", "You booked by phone instead.");
  return store;
}, "adv");

/** The run failed while the question was still arriving. */
export const AdviceCutOff = card(() => heard([e.runStarted(), e.toolStart("adv", "parley_advise", "msg-adv"), e.toolArgs("adv", '{"content":"Which train'), e.runError("The connection to the agent dropped.")]), "adv");

/** A question with five minutes to answer, on the real clock. */
export const AdviceWithCountdown = card(() => heard(call("adv", "parley_advise", { ...trains, timeoutMs: 5 * 60_000 }), { now: () => Date.now() }), "adv");

/** Under 30 s left: the warning shows (and is announced); the ask allows more time, twice. */
export const AdviceDeadlineWarning: Story = {
  ...card(() => heard(call("adv", "parley_advise", { ...trains, timeoutMs: 25_000, extendable: { byMs: 120_000, times: 2 } }), { now: () => Date.now() }), "adv"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Under 0:30 left, then it is declined for you.")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "More time (+2:00)" }));
    await expect(canvas.getByRole("timer")).toHaveTextContent(/^2:[0-2]\d left$/);
    await expect(canvas.getByRole("button", { name: "More time (+2:00)" })).toBeVisible();
  },
};

// Permission request

export const PermissionPending = card(
  () => heard(call("perm", "parley_request_permission", { operation: "send_email", summary: "Send the itinerary to claire@example.com" })),
  "perm",
);

export const PermissionTypedConfirmation = card(() => heard(call("perm", "parley_request_permission", deletion)), "perm");

/** The person typed something else: the act's button (Delete file) stays disabled, and the field says why. */
export const PermissionTypedMismatch: Story = {
  ...card(() => heard(call("perm", "parley_request_permission", deletion)), "perm"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Type “report_2024_final.pdf” to confirm" }), "report_2024.pdf");
    await expect(canvas.getByRole("button", { name: "Delete file" })).toBeDisabled();
    await expect(canvas.getByText("That does not match. Type “report_2024_final.pdf” exactly to enable Delete file.")).toBeVisible();
  },
};

export const PermissionMoneyAndPrivacy = card(
  () =>
    heard(call("perm", "parley_request_permission", {
      operation: "book_and_share",
      summary: "Pay €49 and share your passport number with SNCF",
      categories: ["money", "privacy"],
      details: { amount: "€49.00", card: "Visa •••• 4242", sharedWith: "SNCF Voyageurs", fields: ["passport number", "date of birth"] },
      confirmLabel: "Pay €49",
      cancelLabel: "Not now",
    })),
  "perm",
);

/** An AG-UI interrupt about a tool call: its arguments are shown, and may be edited before approving. */
export const PermissionInterruptWithArgs = card(() => heard(deleteFilesInterrupt), "int-delete");

/** The arguments as label–value rows; "Show raw" opens the JSON as the agent sent it. */
export const PermissionArgumentsRaw: Story = {
  ...card(() => heard(deleteFilesInterrupt), "int-delete"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("paths")).toBeVisible();
    await userEvent.click(canvas.getByText("Show raw"));
    await expect(canvas.getByText(/"recursive": false/)).toBeVisible();
  },
};

export const PermissionEditingArgs: Story = {
  ...card(() => heard(deleteFilesInterrupt), "int-delete"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "Edit the arguments before approving" }));
    await expect(canvas.getByRole("textbox", { name: "Arguments" })).toBeVisible();
  },
};

export const PermissionApproved = card(() => {
  const store = heard(call("perm", "parley_request_permission", deletion));
  store.getState().answer("perm", { approved: true, typedConfirmation: "report_2024_final.pdf" });
  return store;
}, "perm");

export const PermissionDeclined = card(() => {
  const store = heard(deleteFilesInterrupt);
  store.getState().decline("int-delete");
  return store;
}, "int-delete");

// Input request

export const InputPending = card(() => heard(call("addr", "parley_request_input", address)), "addr");

/** Answered, and no run has carried the answer yet: it can still be changed. */
export const InputAnsweredCorrectable = card(() => {
  const store = heard(call("addr", "parley_request_input", address));
  store.getState().answer("addr", { values: { street: "12 rue de Rivoli", city: "Paris", postcode: "75001", leaveAtDoor: true } });
  return store;
}, "addr");

/** The next run carried the answer to the agent: read-only from now on. */
export const InputAnsweredDelivered = card(() => {
  const store = heard(call("addr", "parley_request_input", address));
  store.getState().answer("addr", { values: { street: "12 rue de Rivoli", city: "Paris", postcode: "75001", leaveAtDoor: false } });
  store.getState().run();
  return store;
}, "addr");

export const InputDeclined = card(() => {
  const store = heard(call("addr", "parley_request_input", address));
  store.getState().decline("addr");
  return store;
}, "addr");

/** An `input_required` interrupt with a deadline ten minutes away. */
export const InputFromInterrupt = card(
  () =>
    heard(
      [
        e.runStarted(),
        {
          type: EventType.RUN_FINISHED,
          threadId: "story",
          runId: "r1",
          outcome: {
            type: "interrupt",
            interrupts: [{ id: "int-addr", reason: "input_required", message: "The courier needs a delivery address.", responseSchema: address.schema, expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() }],
          },
        },
      ],
      { now: () => Date.now() },
    ),
  "int-addr",
);

// Error

const exportFailed = { messageId: "err", messageType: "error", payload: { content: "The export failed: the report service timed out after 30 s.", code: "EXPORT_TIMEOUT", actions: ["retry", "undo", "report"] } };

export const ErrorPending = card(() => heard(envelope(exportFailed)), "err");

export const ErrorAnswered = card(() => {
  const store = heard(envelope(exportFailed));
  store.getState().answer("err", { action: "retry" });
  return store;
}, "err");

// What no card can show, and a team's own card

/** An envelope that does not fit: the problem in words, what arrived as text (opened here), never answerable. */
export const InvalidEnvelope: Story = {
  ...card(() => heard(envelope({ messageId: "bad", messageType: "advice", payload: { content: "<img src=x onerror=alert(1)> Pick one", options: "07:05, 09:04" } })), "bad"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Raw content" }));
    await expect(canvas.getByText(/<img src=x onerror=alert\(1\)>/)).toBeVisible();
    await expect(canvasElement.querySelector("img")).toBeNull();
  },
};

/** A namespaced type nobody registered: the fallback shows what arrived. */
export const UnknownNamespacedType = card(
  () => heard(envelope({ messageId: "seat", messageType: "acme:seat_map", payload: { content: "Pick a seat in coach 7.", coach: 7, free: ["12A", "12B", "14C"] } })),
  "seat",
);

/**
 * A product team's button, styled with the kit's theme variables (the kit's own button classes
 * are not part of its API).
 */
const seatButton = {
  minHeight: "2.25rem",
  padding: "0 1rem",
  borderRadius: "var(--parley-radius)",
  border: "1px solid var(--parley-border)",
  background: "var(--parley-background)",
  color: "var(--parley-foreground)",
  fontWeight: 500,
} as const;

/** A product team's card for `acme:seat_map`, built from `InteractionCard` parts. */
function SeatMapCard({ message }: MessageComponentProps) {
  const interaction = useRowInteraction(message);
  const { answer, decline } = useInteractionActions();
  if (!interaction?.envelope) return null;
  const payload = interaction.envelope.payload as { content: string; coach: number; free: string[] };
  const seat = (interaction.response as CustomResponse | undefined)?.value;
  return (
    <InteractionCard.Root interaction={interaction}>
      <InteractionCard.Header>{`Seat in coach ${payload.coach}`}</InteractionCard.Header>
      <InteractionCard.Content>{payload.content}</InteractionCard.Content>
      {interaction.status === "pending" ? (
        <InteractionCard.Actions>
          {payload.free.map((free) => (
            <button key={free} type="button" style={seatButton} onClick={() => answer(interaction.id, { value: free })}>
              {free}
            </button>
          ))}
          <button type="button" style={seatButton} onClick={() => decline(interaction.id)}>
            No preference
          </button>
        </InteractionCard.Actions>
      ) : null}
      <InteractionCard.Outcome>{typeof seat === "string" ? `Seat ${seat}` : undefined}</InteractionCard.Outcome>
    </InteractionCard.Root>
  );
}

export const CustomRegisteredType: Story = {
  render: () => (
    <Kit height="auto" make={() => heard(envelope({ messageId: "seat", messageType: "acme:seat_map", payload: { content: "Pick a seat in coach 7.", coach: 7, free: ["12A", "12B", "14C"] } }))}>
      <ParleyUIProvider components={{ "acme:seat_map": SeatMapCard }}>
        <div className="pl:p-3">
          <MessageRenderer id={interactionRowId("seat")} />
        </div>
      </ParleyUIProvider>
    </Kit>
  ),
};

// Chinese

export const ChineseLocale: Story = {
  render: () => (
    <Kit
      height="auto"
      locale="zh-CN"
      make={() =>
        heard([
          e.runStarted(),
          ...toolCall("a1", "adv", "parley_advise", { content: "明天去里昂，坐哪一班？", options: [{ id: "t0705", label: "07:05 → 09:01", description: "直达，€49" }, { id: "t0904", label: "09:04 → 11:00", description: "直达，€65" }] }),
          ...toolCall("a1", "perm", "parley_request_permission", { operation: "charge_card", summary: "从尾号 4242 的银行卡扣款 €49", categories: ["money"], details: { 金额: "€49.00", 商户: "SNCF" } }),
          e.runFinished(),
        ], { locale: "zh-CN" })
      }
    >
      <div className="pl:flex pl:flex-col pl:gap-3 pl:p-3">
        <MessageRenderer id={interactionRowId("adv")} />
        <MessageRenderer id={interactionRowId("perm")} />
      </div>
    </Kit>
  ),
};

// The tool call an interrupt is about

/**
 * `delete_files` waits for the person, not for a result: the call shows once, as the permission
 * card it is about — no tool row above it repeating the name and "waiting".
 */
export const ToolCallWaitingForYou: Story = {
  render: () => (
    <Kit height={520} make={() => heard(deleteFilesInterrupt)}>
      <Thread />
    </Kit>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: /Approve|Delete/ })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="tool-call"]')).toBeNull();
    await expect(canvasElement.querySelectorAll('[data-slot="interaction"]')).toHaveLength(1);
  },
};

/**
 * The kit's own question after eight runs in a row that no person started (an agent calling a
 * front-end tool on every run): numbered like any advice, so "1" in the composer answers it.
 */
export const KitAsksToContinue: Story = {
  ...card(() => {
    const store = heard([e.runStarted(), e.runFinished()]);
    store.getState().dispatch({ type: "ask-to-continue", runs: 8, at: AT });
    return store;
  }, "parley-continue:1"),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("The agent has run 8 times in a row without you. Let it go on?")).toBeInTheDocument();
    await expect(canvas.getByRole("radio", { name: /Let it go on/ })).toBeInTheDocument();
  },
};

// Dark

const dark = (story: Story): Story => ({ ...story, globals: { theme: "dark" } });

export const NotificationInfoDark = dark(NotificationInfo);
export const KitAsksToContinueDark = dark(KitAsksToContinue);
export const NotificationSuccessDark = dark(NotificationSuccess);
export const NotificationWarningDark = dark(NotificationWarning);
export const AdviceStreamingDark = dark(AdviceStreaming);
export const AdvicePendingDark = dark(AdvicePending);
export const AdviceNumbersFourToSixDark = dark(AdviceNumbersFourToSix);
export const AdviceMultipleChoiceDark = dark(AdviceMultipleChoice);
export const AdviceAcceptRejectDark = dark(AdviceAcceptReject);
export const AdviceFreeTextDark = dark(AdviceFreeText);
export const AdviceAnsweredDark = dark(AdviceAnswered);
export const AdviceDeclinedDark = dark(AdviceDeclined);
export const AdviceTimedOutDark = dark(AdviceTimedOut);
export const AdviceWithdrawnDark = dark(AdviceWithdrawn);
export const AdviceCutOffDark = dark(AdviceCutOff);
export const AdviceWithCountdownDark = dark(AdviceWithCountdown);
export const AdviceDeadlineWarningDark = dark(AdviceDeadlineWarning);
export const PermissionPendingDark = dark(PermissionPending);
export const PermissionTypedConfirmationDark = dark(PermissionTypedConfirmation);
export const PermissionTypedMismatchDark = dark(PermissionTypedMismatch);
export const PermissionMoneyAndPrivacyDark = dark(PermissionMoneyAndPrivacy);
export const PermissionInterruptWithArgsDark = dark(PermissionInterruptWithArgs);
export const PermissionEditingArgsDark = dark(PermissionEditingArgs);
export const PermissionApprovedDark = dark(PermissionApproved);
export const PermissionDeclinedDark = dark(PermissionDeclined);
export const InputPendingDark = dark(InputPending);
export const InputAnsweredCorrectableDark = dark(InputAnsweredCorrectable);
export const InputAnsweredDeliveredDark = dark(InputAnsweredDelivered);
export const InputDeclinedDark = dark(InputDeclined);
export const InputFromInterruptDark = dark(InputFromInterrupt);
export const ErrorPendingDark = dark(ErrorPending);
export const ErrorAnsweredDark = dark(ErrorAnswered);
export const InvalidEnvelopeDark = dark(InvalidEnvelope);
export const UnknownNamespacedTypeDark = dark(UnknownNamespacedType);
export const CustomRegisteredTypeDark = dark(CustomRegisteredType);
export const ChineseLocaleDark = dark(ChineseLocale);
export const ToolCallWaitingForYouDark = dark(ToolCallWaitingForYou);
