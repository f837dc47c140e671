import { useId, useState } from "react";
import type { PermissionRequestPayload } from "../../core/protocol";
import type { Interaction as InteractionRecord, PermissionResponse } from "../../core/interactions";
import type { GrantScope } from "../../core/policy/types";
import { useGrantOptions, useInteractionActions } from "../../react/interactions";
import { useAgentCapabilities } from "../../react/capabilities";
import { useLabels } from "../../i18n/LabelsContext";
import { buttonVariants } from "../lib/button";
import type { MessageComponentProps } from "../registry/registry";
import { cn } from "../lib/cn";
import { BATCH_DEFAULT, batchLimit } from "../permissions/batch";
import { PermissionScopeChoiceView as PermissionScopeChoice } from "../permissions/PermissionScopeChoice";
import { InteractionFallback } from "./InteractionFallback";
import { InteractionCard, useCardFocus, useRowInteraction } from "./InteractionParts";

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

function pretty(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return String(value);
  }
}

const blockClass = "pl:m-0 pl:max-h-56 pl:overflow-auto pl:whitespace-pre-wrap pl:break-words pl:rounded-md pl:bg-muted pl:p-2 pl:font-mono pl:text-xs pl:text-foreground";
const inputClass =
  "pl:min-h-10 pl:w-full pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:font-sans pl:text-sm pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:aria-invalid:border-destructive";

function PermissionBody({ interaction, payload }: { interaction: InteractionRecord; payload: PermissionRequestPayload }) {
  const t = useLabels();
  const { answer, decline } = useInteractionActions();
  // An agent that declares it takes no edited arguments is not offered them.
  const { supports } = useAgentCapabilities();
  const editable = payload.editable === true && supports("approveWithEdits");
  const pending = interaction.status === "pending";
  const [typed, setTyped] = useState("");
  const [cardRef, focusCard] = useCardFocus();
  const [editing, setEditing] = useState(false);
  const [argsText, setArgsText] = useState(() => pretty(payload.args ?? {}));
  const typedId = useId();
  const typedHelpId = useId();
  const argsErrorId = useId();
  const destructive = payload.categories.includes("destructive");
  // The policy's choices: scopes (conditional ones only with a condition it offers) and expiries.
  const { scopes, conditions, expiries } = useGrantOptions(interaction);
  const choosing = pending && (scopes.length > 1 || conditions.length > 0);
  const [scope, setScope] = useState<GrantScope>("once");
  const [conditionIndex, setConditionIndex] = useState(0);
  const [expiresIn, setExpiresIn] = useState<number | undefined>(undefined);
  const [count, setCount] = useState(String(BATCH_DEFAULT));
  const chosen: GrantScope = scopes.includes(scope) ? scope : "once";
  const limit = chosen === "batch" ? batchLimit(count) : undefined;
  const condition = chosen === "conditional" ? conditions[conditionIndex]?.condition : undefined;
  const scopeInvalid = (chosen === "batch" && limit === undefined) || (chosen === "conditional" && !condition);

  const needsTyping = payload.confirmText !== undefined;
  const typedMatches = !needsTyping || typed.trim() === payload.confirmText!.trim();
  // The editor is open only while the question is: a settled card shows the arguments as sent.
  const editingArgs = pending && editing;
  let editedArgs: unknown;
  let argsInvalid = false;
  if (editingArgs) {
    try {
      editedArgs = JSON.parse(argsText);
    } catch {
      argsInvalid = true;
    }
  }
  // Why the last Approve or Decline did nothing, said on the card (never a silent no-op).
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const settled = (result: { ok: true } | { ok: false; refusal: { message: string } }) => {
    setRefusal(result.ok ? undefined : result.refusal.message);
    if (result.ok) focusCard();
  };
  const approve = () => {
    if (!typedMatches || argsInvalid || scopeInvalid) return;
    const response: PermissionResponse = { approved: true };
    if (choosing) response.scope = chosen;
    if (choosing && limit !== undefined) response.limit = limit;
    if (choosing && condition) response.condition = condition;
    if (choosing && chosen !== "once" && expiresIn !== undefined && expiries.includes(expiresIn)) response.expiresIn = expiresIn;
    if (needsTyping) response.typedConfirmation = typed;
    if (editingArgs) response.editedArgs = editedArgs;
    settled(answer(interaction.id, response, "click"));
  };

  const response = interaction.response as PermissionResponse | undefined;
  const outcome = outcomeText(interaction, response, t);

  return (
    <InteractionCard.Root ref={cardRef} interaction={interaction} data-destructive={destructive || undefined}>
      <InteractionCard.Header>{payload.summary}</InteractionCard.Header>
      {payload.categories.length ? (
        <ul data-slot="permission-categories" className="pl:m-0 pl:flex pl:list-none pl:flex-wrap pl:gap-1.5 pl:p-0">
          {payload.categories.map((category) => (
            <li
              key={category}
              data-slot="permission-category"
              data-category={category}
              className={cn(
                "pl:rounded-full pl:border pl:px-2 pl:py-0.5 pl:text-xs pl:font-medium",
                category === "destructive" || category === "irreversible" ? "pl:border-destructive pl:text-destructive" : "pl:border-warning pl:text-warning",
              )}
            >
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
      {payload.details !== undefined ? (
        <div data-slot="permission-details">
          <div className="pl:mb-1 pl:text-xs pl:text-muted-foreground">{t.interaction.details}</div>
          <pre className={blockClass}>{pretty(payload.details)}</pre>
        </div>
      ) : null}
      {payload.args !== undefined && !editingArgs ? (
        <div data-slot="permission-args">
          <div className="pl:mb-1 pl:text-xs pl:text-muted-foreground">{t.interaction.arguments}</div>
          <pre className={blockClass}>{pretty(response?.editedArgs ?? payload.args)}</pre>
        </div>
      ) : null}
      {pending && editable ? (
        <div data-slot="permission-edit" className="pl:flex pl:flex-col pl:gap-1">
          <label className="pl:flex pl:items-center pl:gap-2 pl:text-xs">
            <input type="checkbox" checked={editing} onChange={(event) => setEditing(event.target.checked)} className="pl:size-4" />
            {t.interaction.editArguments}
          </label>
          {editingArgs ? (
            <>
              <textarea
                aria-label={t.interaction.arguments}
                aria-invalid={argsInvalid || undefined}
                aria-describedby={argsInvalid ? argsErrorId : undefined}
                value={argsText}
                onChange={(event) => setArgsText(event.target.value)}
                rows={4}
                className={cn(inputClass, "pl:font-mono pl:text-xs")}
              />
              {argsInvalid ? <p id={argsErrorId} className="pl:m-0 pl:text-xs pl:text-destructive">{t.interaction.argumentsInvalid}</p> : null}
            </>
          ) : null}
        </div>
      ) : null}
      {pending && needsTyping ? (
        <div data-slot="permission-typed" className="pl:flex pl:flex-col pl:gap-1">
          <label htmlFor={typedId} className="pl:text-xs pl:font-medium">
            {t.interaction.typeToConfirm(payload.confirmText!)}
          </label>
          <input
            id={typedId}
            data-slot="permission-typed-input"
            value={typed}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={(typed !== "" && !typedMatches) || undefined}
            aria-describedby={typed !== "" && !typedMatches ? typedHelpId : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                approve();
              }
            }}
            className={inputClass}
          />
          {typed !== "" && !typedMatches ? (
            <p id={typedHelpId} data-slot="permission-typed-mismatch" className="pl:m-0 pl:text-xs pl:text-destructive">
              {t.interaction.typedMismatch(payload.confirmText!, payload.confirmLabel ?? t.interaction.approve)}
            </p>
          ) : null}
        </div>
      ) : null}
      {choosing ? (
        <PermissionScopeChoice
          scopes={scopes}
          scope={chosen}
          onScopeChange={(next, index) => {
            setScope(next);
            if (index !== undefined) setConditionIndex(index);
          }}
          count={count}
          onCountChange={setCount}
          conditions={conditions}
          condition={conditionIndex}
          expiries={expiries}
          expiresIn={expiresIn}
          onExpiresInChange={setExpiresIn}
        />
      ) : null}
      {pending ? (
        <InteractionCard.Actions>
          <button
            type="button"
            data-slot="permission-approve"
            className={buttonVariants({ variant: destructive ? "destructive" : "primary" })}
            disabled={!typedMatches || argsInvalid || scopeInvalid}
            onClick={approve}
          >
            {payload.confirmLabel ?? t.interaction.approve}
          </button>
          <button type="button" data-slot="permission-decline" className={buttonVariants({ variant: "secondary" })} onClick={() => settled(decline(interaction.id, "click"))}>
            {payload.cancelLabel ?? t.interaction.decline}
          </button>
        </InteractionCard.Actions>
      ) : null}
      {pending && refusal ? (
        <p role="alert" data-slot="permission-refusal" className="pl:m-0 pl:text-xs pl:text-destructive">
          {refusal}
        </p>
      ) : null}
      <InteractionCard.Outcome data-how={interaction.how} data-grant-scope={response?.grantId ? response.scope : undefined}>
        {outcome}
      </InteractionCard.Outcome>
    </InteractionCard.Root>
  );
}

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
