import { useEffect, useId, useRef, useState } from "react";
import type { Interaction } from "../../core/interactions";
import { awaitsPasskey } from "../../core/decisions/writeRecord";
import { useLabels, useLocale } from "../../i18n/LabelsContext";
import { passkeyLabels } from "../../passkey/labels";
import { confirmWithoutPasskey, fallbackPhrase, signDecision, typedFallbackAllowed, type PasskeyOutcome } from "../../passkey/stepUp";
import { useInteractionActions } from "../../react/interactions";
import { useThreadStore } from "../../react/ParleyProvider";
import { buttonVariants } from "../lib/button";

/** An approval this recent asks the authenticator by itself; an older one (a reload) waits for the button. */
const AUTO_START_MS = 10_000;

type Phase = { kind: "idle" } | { kind: "signing" } | { kind: "problem"; outcome: Extract<PasskeyOutcome, { ok: false }>; typed: boolean };

const inputClass =
  "pl:min-h-10 pl:w-full pl:rounded-md pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:font-sans pl:text-sm pl:text-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:aria-invalid:border-destructive";

/**
 * The passkey step-up on the permission card, loaded with the WebAuthn code only when an ask
 * requires a passkey: before approval it says so; once approved, it asks the platform authenticator
 * (by itself right after the person's approval, else with "Use passkey"), says in words why a
 * signature did not come, offers "Decline instead", and — where the ask allows it and the browser
 * has no passkey — the typed confirmation in its place; a settled card says how it was confirmed.
 */
export function PasskeyStepView({ interaction }: { interaction: Interaction }) {
  const t = useLabels();
  const words = passkeyLabels(useLocale(), t.passkey);
  if (interaction.status === "pending") {
    return <p data-slot="permission-passkey-needed" className="pl:m-0 pl:text-xs pl:text-muted-foreground">{words.needed}</p>;
  }
  const record = interaction.decision;
  if (record?.assertion !== undefined || record?.passkeyFallback) {
    return (
      <p data-slot="permission-passkey-done" data-how={record.passkeyFallback ?? "passkey"} className="pl:m-0 pl:text-xs pl:text-muted-foreground">
        {record.passkeyFallback ? words.typed : words.signed}
      </p>
    );
  }
  return awaitsPasskey(interaction) ? <Signing interaction={interaction} words={words} /> : null;
}

function Signing({ interaction, words }: { interaction: Interaction; words: ReturnType<typeof passkeyLabels> }) {
  const store = useThreadStore("PermissionRequestCard");
  const { correct } = useInteractionActions();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const started = useRef(false);
  const typedId = useId();
  const id = interaction.id;

  const sign = async () => {
    setPhase({ kind: "signing" });
    const outcome = await signDecision(store, id);
    if (outcome.ok || outcome.problem === "not-needed") return setPhase({ kind: "idle" });
    const current = store.getState().thread.interactions.get(id);
    setPhase({ kind: "problem", outcome, typed: !!current && (await typedFallbackAllowed(current)) });
  };

  useEffect(() => {
    if (started.current || Date.now() - (interaction.settledAt ?? 0) > AUTO_START_MS) return;
    started.current = true;
    void sign();
    // Once per mount, right after the approval: a later render never asks again by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirmTyped = async () => {
    const outcome = await confirmWithoutPasskey(store, id, typed);
    if (!outcome.ok) setMismatch(true);
  };

  const problem = phase.kind === "problem" ? phase.outcome : undefined;
  const typedFallback = phase.kind === "problem" && phase.typed;
  const phrase = fallbackPhrase(interaction);
  const message = !problem
    ? words.waiting
    : problem.problem === "unsupported"
      ? words.unsupported
      : problem.problem === "cancelled"
        ? words.cancelled
        : words.failed(problem.message);

  return (
    <div data-slot="permission-passkey" data-state={phase.kind} aria-busy={phase.kind === "signing" || undefined} className="pl:flex pl:flex-col pl:gap-2 pl:rounded-md pl:border pl:border-border pl:p-2">
      {typedFallback ? null : (
        <p role={problem ? "alert" : "status"} data-slot="permission-passkey-message" className="pl:m-0 pl:text-sm">
          {message}
        </p>
      )}
      {typedFallback ? (
        <div className="pl:flex pl:flex-col pl:gap-1">
          <label htmlFor={typedId} className="pl:text-xs pl:font-medium">
            {words.typeInstead(phrase)}
          </label>
          <input
            id={typedId}
            data-slot="permission-passkey-typed"
            value={typed}
            aria-invalid={mismatch || undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setMismatch(false);
            }}
            autoComplete="off"
            className={inputClass}
          />
          {mismatch ? <p data-slot="permission-passkey-mismatch" role="alert" className="pl:m-0 pl:text-xs pl:text-destructive">{words.typedMismatch}</p> : null}
        </div>
      ) : null}
      <div className="pl:flex pl:flex-wrap pl:justify-end pl:gap-2">
        <button type="button" data-slot="permission-passkey-decline" className={buttonVariants({ variant: "secondary" })} onClick={() => correct(id, { approved: false })}>
          {words.declineInstead}
        </button>
        {typedFallback ? (
          <button type="button" data-slot="permission-passkey-confirm-typed" className={buttonVariants({ variant: "primary" })} onClick={() => void confirmTyped()}>
            {words.confirmTyped}
          </button>
        ) : problem?.problem === "unsupported" ? null : (
          <button type="button" data-slot="permission-passkey-use" disabled={phase.kind === "signing"} className={buttonVariants({ variant: "primary" })} onClick={() => void sign()}>
            {words.use}
          </button>
        )}
      </div>
    </div>
  );
}
