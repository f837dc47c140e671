import { lazy, Suspense, useId, useState } from "react";
import type { PermissionRequestPayload } from "../../core/protocol";
import type { Interaction as InteractionRecord, PermissionResponse } from "../../core/interactions";
import { useLabels, useLocale } from "../../i18n/LabelsContext";
import { buttonVariants } from "../lib/button";
import type { MessageComponentProps } from "../registry/registry";
import { cn } from "../lib/cn";
import { PermissionScopeChoiceView as PermissionScopeChoice } from "../permissions/PermissionScopeChoice";
import { InteractionFallback } from "./InteractionFallback";
import { InteractionCard, useRowInteraction } from "./InteractionParts";
import { PermissionRequest, usePermissionRequestContext } from "./PermissionRequest";
import { prettyJson } from "../../core/prettyJson";
import { operationAct } from "./operationAct";
import { askProofOf } from "../../core/decisions/record";
import { useInteractionActions } from "../../react/interactions";
import { useDecidingRefusal, useRefusalOptions } from "../../react/grantsPage";
import { grantsLabels, prefixOf, type GrantsLabels } from "../../i18n/grantsLabels";

/**
 * The passkey step-up with the WebAuthn code: loaded only for an ask that requires a passkey. (The
 * card itself renders only in the browser, after its own chunk has loaded: React's `lazy` suffices.)
 */
const PasskeyStep = lazy(() => import("./PasskeyStep").then((m) => ({ default: m.PasskeyStepView })));

/**
 * A permission request: what the agent wants to do, why it asks (category badges: destructive,
 * irreversible, money, privacy), the details and arguments, and Approve / Decline. When the
 * request asks for typed confirmation, Approve stays disabled until the person types the exact
 * text (paste allowed), and a mismatch is explained in words. When the arguments may be edited,
 * the person can change them before approving (AG-UI approve-with-edits). When the provider's
 * permissions offer wider scopes, the person picks how far the approval reaches ("allow once /
 * these 10 / this session"); a wider scope makes a grant. A settled card says whether it was
 * approved by an earlier grant, declined by the app's policy, or made a grant.
 *
 * @example
 * <ParleyUIProvider components={{ permission_request: PermissionRequestCard }} />
 *
 * This is the card itself, in the permissions chunk (loaded on first use); `PermissionRequestCard`
 * (`permissions/lazyPermissions.tsx`) shows it once loaded.
 */
export function PermissionRequestCardView({ message }: MessageComponentProps) {
  const interaction = useRowInteraction(message);
  if (!interaction) return null;
  if (interaction.envelope?.messageType !== "permission_request") {
    return interaction.status === "streaming" ? <StreamingPermission interaction={interaction} /> : <InteractionFallback interaction={interaction} />;
  }
  return <PermissionBody interaction={interaction} payload={interaction.envelope.payload} />;
}
PermissionRequestCardView.displayName = "Parley.PermissionRequestCard";

function StreamingPermission({ interaction }: { interaction: InteractionRecord }) {
  const t = useLabels();
  const draft = (interaction.draft ?? {}) as { summary?: unknown };
  return (
    <InteractionCard.Root interaction={interaction}>
      <InteractionCard.Header />
      <InteractionCard.Content>{typeof draft.summary === "string" ? draft.summary : t.interaction.streaming}</InteractionCard.Content>
    </InteractionCard.Root>
  );
}

const blockClass = "pl:m-0 pl:max-h-56 pl:overflow-auto pl:whitespace-pre-wrap pl:break-words pl:rounded-md pl:bg-muted pl:p-2 pl:font-mono pl:text-xs pl:text-foreground";
const inputClass =
  "pl:min-h-10 pl:w-full pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:font-sans pl:text-sm pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:aria-invalid:border-destructive";

/** The default card: a layout over `PermissionRequest`'s parts, styled by the kit. */
function PermissionBody({ interaction, payload }: { interaction: InteractionRecord; payload: PermissionRequestPayload }) {
  return (
    <PermissionRequest.Root interactionId={interaction.id} asChild>
      <InteractionCard.Root interaction={interaction} data-destructive={payload.categories.includes("destructive") || undefined} data-tone={toneOf(payload)}>
        <PermissionLayout interaction={interaction} payload={payload} />
      </InteractionCard.Root>
    </PermissionRequest.Root>
  );
}

function PermissionLayout({ interaction, payload }: { interaction: InteractionRecord; payload: PermissionRequestPayload }) {
  const t = useLabels();
  const request = usePermissionRequestContext("PermissionRequestCard");
  const { pending, editing, argsInvalid, response, destructive } = request;
  const typedId = useId();
  const typedHelpId = useId();
  const argsErrorId = useId();
  const mismatch = request.typedState === "mismatch";
  const locale = useLocale();
  const words = grantsLabels(locale, t.grants);
  const refusal = useDecidingRefusal(interaction);
  const outcome = refusal ? (refusal.interactionId === interaction.id ? words.refusedOutcome : words.deniedByRefusal)(refusalWords(refusal.operation, words)) : outcomeText(interaction, response, t);
  const labels = buttonLabels(payload, t, locale);

  return (
    <>
      <InteractionCard.Header>{payload.summary}</InteractionCard.Header>
      {payload.categories.length ? (
        <ul data-slot="permission-categories" className="pl:m-0 pl:flex pl:list-none pl:flex-wrap pl:gap-1.5 pl:p-0">
          {payload.categories.map((category) => (
            <li key={category} data-slot="permission-category" data-category={category} className={categoryClass}>
              {t.interaction.category[category]}
            </li>
          ))}
        </ul>
      ) : null}
      {payload.operation ? (
        <dl data-slot="permission-facts" className="pl:m-0 pl:grid pl:grid-cols-[auto_1fr] pl:gap-x-3 pl:gap-y-1">
          <dt className="pl:text-muted-foreground">{t.interaction.operation}</dt>
          <dd data-slot="permission-operation" className="pl:m-0 pl:font-mono pl:text-xs pl:leading-5">{payload.operation}</dd>
        </dl>
      ) : null}
      {payload.details !== undefined ? <Facts slot="permission-details" label={t.interaction.details} value={payload.details} /> : null}
      {payload.args !== undefined && !editing ? <Facts slot="permission-args" label={t.interaction.arguments} value={response?.editedArgs ?? payload.args} /> : null}
      {pending && request.editable ? (
        <div data-slot="permission-edit" className="pl:flex pl:flex-col pl:gap-1">
          <label className="pl:flex pl:items-center pl:gap-2 pl:text-xs">
            <input type="checkbox" checked={editing} onChange={(event) => request.setEditing(event.target.checked)} className="pl:size-4" />
            {t.interaction.editArguments}
          </label>
          {editing ? (
            <>
              <textarea
                aria-label={t.interaction.arguments}
                aria-invalid={argsInvalid || undefined}
                aria-describedby={argsInvalid ? argsErrorId : undefined}
                value={request.argsText}
                onChange={(event) => request.setArgsText(event.target.value)}
                rows={4}
                className={cn(inputClass, "pl:font-mono pl:text-xs")}
              />
              {argsInvalid ? <p id={argsErrorId} className="pl:m-0 pl:text-xs pl:text-destructive">{t.interaction.argumentsInvalid}</p> : null}
            </>
          ) : null}
        </div>
      ) : null}
      {pending && request.confirmText !== undefined ? (
        <div data-slot="permission-typed" className="pl:flex pl:flex-col pl:gap-1">
          <label htmlFor={typedId} className="pl:text-xs pl:font-medium">
            {t.interaction.typeToConfirm(request.confirmText)}
          </label>
          <PermissionRequest.TypedConfirm id={typedId} data-slot="permission-typed-input" aria-describedby={mismatch ? typedHelpId : undefined} className={inputClass} />
          {mismatch ? (
            <p id={typedHelpId} data-slot="permission-typed-mismatch" className="pl:m-0 pl:text-xs pl:text-destructive">
              {t.interaction.typedMismatch(request.confirmText, labels.approve)}
            </p>
          ) : null}
        </div>
      ) : null}
      {request.choosing ? (
        <PermissionScopeChoice
          scopes={request.scopes}
          scope={request.scope}
          onScopeChange={request.setScope}
          count={request.count}
          onCountChange={request.setCount}
          conditions={request.conditions}
          condition={request.condition}
          expiries={request.expiries}
          expiresIn={request.expiresIn}
          onExpiresInChange={request.setExpiresIn}
        />
      ) : null}
      {pending ? (
        <InteractionCard.Actions>
          <PermissionRequest.Decline data-slot="permission-decline" className={buttonVariants({ variant: "secondary" })}>
            {labels.decline}
          </PermissionRequest.Decline>
          <PermissionRequest.Approve data-slot="permission-approve" className={buttonVariants({ variant: destructive ? "destructive" : "primary" })}>
            {labels.approve}
          </PermissionRequest.Approve>
        </InteractionCard.Actions>
      ) : null}
      {pending ? <NeverAllow interaction={interaction} words={words} /> : null}
      {request.refusal ? (
        <p role="alert" data-slot="permission-refusal" className="pl:m-0 pl:text-xs pl:text-destructive">
          {request.refusal}
        </p>
      ) : null}
      <InteractionCard.Outcome data-how={interaction.how} data-grant-scope={response?.grantId ? response.scope : undefined}>
        {outcome}
      </InteractionCard.Outcome>
      {askProofOf(interaction)?.stepUp && (pending || response?.approved) ? (
        <Suspense fallback={null}>
          <PasskeyStep interaction={interaction} />
        </Suspense>
      ) : null}
    </>
  );
}

/** A refusal's operation in words: itself, or everything under its namespace. */
function refusalWords(operation: string, words: GrantsLabels): string {
  const prefix = prefixOf(operation);
  return prefix === undefined ? operation : words.everything(prefix);
}

/**
 * "Never allow": decline and refuse for good — the operation, or everything under its namespace
 * (an app, a server) — when the provider's permissions offer it. A refusal the kit refuses is said
 * in words, like any answer.
 */
function NeverAllow({ interaction, words }: { interaction: InteractionRecord; words: GrantsLabels }) {
  const refusals = useRefusalOptions(interaction);
  const { answer } = useInteractionActions();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  if (!refusals.length) return null;
  return (
    <div data-slot="permission-never" className="pl:flex pl:flex-wrap pl:gap-2">
      {refusals.map((never) => {
        const prefix = prefixOf(never);
        return (
          <button
            key={never}
            type="button"
            data-slot="permission-never-allow"
            data-reach={prefix === undefined ? "operation" : "namespace"}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
            onClick={() => {
              const result = answer(interaction.id, { approved: false, never }, "click");
              setProblem(result.ok ? undefined : result.refusal.message);
            }}
          >
            {prefix === undefined ? words.neverAllow(never) : words.neverAllowAll(prefix)}
          </button>
        );
      })}
      {problem ? (
        <p role="alert" data-slot="permission-never-refused" className="pl:m-0 pl:basis-full pl:text-xs pl:text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** English reads a tool's name as the act itself: "Delete files" / "Don't delete files". */
const englishAct = { approve: (act: string) => act[0]!.toUpperCase() + act.slice(1), decline: (act: string) => `Don't ${act}` };

/**
 * What the two buttons say: the request's own `confirmLabel` / `cancelLabel`; else the act its
 * operation names — in the dictionary's words for it (`approveAct` / `declineAct`), or English's
 * when the locale is English; else Approve / Decline.
 */
function buttonLabels(payload: PermissionRequestPayload, t: ReturnType<typeof useLabels>, locale: string): { approve: string; decline: string } {
  const words = t.interaction;
  const act = operationAct(payload.operation);
  const english = /^en\b/i.test(locale);
  const approveAct = words.approveAct ?? (english ? englishAct.approve : undefined);
  const declineAct = words.declineAct ?? (english ? englishAct.decline : undefined);
  return {
    approve: payload.confirmLabel ?? (act && approveAct ? approveAct(act) : words.approve),
    decline: payload.cancelLabel ?? (act && declineAct ? declineAct(act) : words.decline),
  };
}

/** The card's accent: red for what cannot be undone, amber for money and private data, blue otherwise. */
function toneOf(payload: PermissionRequestPayload): "destructive" | "warning" | "info" {
  const has = (category: PermissionRequestPayload["categories"][number]) => payload.categories.includes(category);
  return has("destructive") || has("irreversible") ? "destructive" : has("money") || has("privacy") ? "warning" : "info";
}

/** One argument's value in words: text as is, a list of plain values joined, anything else as compact JSON. */
function valueText(value: unknown): string {
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== "object")) return value.map(String).join(", ");
  return value !== null && typeof value === "object" ? (JSON.stringify(value) ?? "") : String(value);
}

/**
 * The details or the arguments as label–value rows (an object's own keys), with the JSON as sent
 * behind "Show raw" (open when there are no rows: a list, a string, a number).
 */
function Facts({ slot, label, value }: { slot: "permission-details" | "permission-args"; label: string; value: unknown }) {
  const t = useLabels();
  const rows = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : [];
  const row = slot === "permission-args" ? "permission-arg" : "permission-detail";
  return (
    <div data-slot={slot} className="pl:flex pl:flex-col pl:gap-1">
      <div className="pl:text-xs pl:text-muted-foreground">{label}</div>
      {rows.length ? (
        <dl data-slot={`${row}-rows`} className="pl:m-0 pl:grid pl:grid-cols-[auto_1fr] pl:gap-x-3 pl:gap-y-1">
          {rows.map(([key, item]) => (
            <div key={key} data-slot={row} className="pl:contents">
              <dt className="pl:text-muted-foreground">{key}</dt>
              <dd className="pl:m-0 pl:min-w-0 pl:break-words pl:font-mono pl:text-xs pl:leading-5">{valueText(item)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <details data-slot={`${slot}-raw`} open={rows.length ? undefined : true}>
        <summary className="pl:cursor-pointer pl:text-xs pl:text-muted-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring">{t.interaction.showRaw}</summary>
        <pre className={cn(blockClass, "pl:mt-1")}>{prettyJson(value)}</pre>
      </details>
    </div>
  );
}

const categoryClass =
  "pl:rounded-full pl:border pl:px-2 pl:py-0.5 pl:text-xs pl:font-medium pl:border-warning pl:text-warning pl:data-[category=destructive]:border-destructive pl:data-[category=destructive]:text-destructive pl:data-[category=irreversible]:border-destructive pl:data-[category=irreversible]:text-destructive";

/**
 * What a settled card says was decided: approved by an earlier grant (and its scope), declined by
 * the app's policy (and why), approved with a wider scope (a grant was made), or plainly.
 */
function outcomeText(interaction: InteractionRecord, response: PermissionResponse | undefined, t: ReturnType<typeof useLabels>): string | undefined {
  const p = t.permissions;
  if (interaction.status === "declined" && interaction.how === "policy") return p.deniedByPolicy(interaction.problem ?? t.interaction.declined);
  if (interaction.status !== "answered") return undefined;
  if (!response?.approved) return t.interaction.declined;
  const scope = response.scope;
  if (interaction.how === "grant") return p.approvedByGrant(p.scopeWords(scope ?? "once", response.limit));
  if (scope && scope !== "once" && response.grantId) return p.approvedWithGrant(p.scopeWords(scope, response.limit));
  return t.interaction.approved;
}
