import { memo, useEffect, useState, type CSSProperties } from "react";
import {
  useAgentRun,
  useAgentState,
  useFrontendTool,
  useSetAgentState,
  useStateRenderer,
  useToolRenderer,
  type StateRendererProps,
  type ToolRendererProps,
} from "../src";
import { TEXT } from "./text";

/**
 * The demo page's side of AG-UI's dojo: the tools and renderers named as the dojo names them, so
 * the page works against the reference agent and against any server that speaks the dojo's names.
 * Registered while `<DojoPanel>` is mounted (inside the kit's providers).
 */

const card: CSSProperties = { border: "1px solid var(--demo-border)", borderRadius: "0.6rem", padding: "0.6rem 0.8rem", maxWidth: "36rem" };
const row: CSSProperties = { display: "flex", gap: "0.5rem", alignItems: "center", flexWrap: "wrap" };
// Inside the kit's root, whose base resets buttons: the demo styles its own.
const button: CSSProperties = { font: "inherit", padding: "0.3rem 0.8rem", borderRadius: "0.4rem", border: "1px solid var(--demo-border)", cursor: "pointer" };
const primary: CSSProperties = { ...button, background: "var(--demo-accent)", borderColor: "var(--demo-accent)", color: "#fff" };

// Front-end tool: the agent paints the page.
const BACKGROUND_PARAMETERS = {
  type: "object",
  properties: { background: { type: "string", description: "A CSS background (a colour or a gradient)" } },
  required: ["background"],
};

// Human in the loop: the person picks the steps.
type TaskStep = { description: string; status: "enabled" | "disabled" };
const STEP_PARAMETERS = {
  type: "object",
  properties: {
    steps: {
      type: "array",
      items: { type: "object", properties: { description: { type: "string" }, status: { enum: ["enabled", "disabled"] } }, required: ["description"] },
    },
  },
  required: ["steps"],
};

function TaskStepPicker({ args, status, respond, result }: ToolRendererProps<{ steps: TaskStep[] }, { steps?: TaskStep[] }>) {
  const offered = args?.steps ?? [];
  const [off, setOff] = useState<ReadonlySet<string>>(() => new Set());
  const answered = result?.steps;
  const shown = answered ?? offered.map((s) => ({ description: s.description ?? "", status: off.has(s.description ?? "") ? "disabled" : "enabled" }));
  return (
    <section style={card} data-testid="task-steps" data-status={status} aria-label={TEXT.taskSteps}>
      <strong>{TEXT.pickSteps}</strong>
      <ul style={{ listStyle: "none", padding: 0, margin: "0.4rem 0" }}>
        {shown.map((step) => (
          <li key={step.description}>
            <label style={row}>
              <input
                type="checkbox"
                checked={step.status === "enabled"}
                disabled={!respond}
                onChange={(e) => setOff((prev) => {
                  const next = new Set(prev);
                  if (e.target.checked) next.delete(step.description);
                  else next.add(step.description);
                  return next;
                })}
              />
              {step.description}
            </label>
          </li>
        ))}
      </ul>
      {respond ? (
        <div style={row}>
          <button type="button" style={primary} onClick={() => respond({ steps: shown })}>{TEXT.confirm}</button>
          <button type="button" style={button} onClick={() => respond({ steps: shown.map((s) => ({ ...s, status: "disabled" })) })}>{TEXT.reject}</button>
        </div>
      ) : answered ? (
        <small>{TEXT.confirmedSteps(answered.filter((s) => s.status === "enabled").length, answered.length)}</small>
      ) : status === "streaming-args" ? (
        <small>{TEXT.planning}</small>
      ) : null}
    </section>
  );
}

// Tool-based generative UI: the haiku card fills in as the arguments stream.
function HaikuCard({ args, status }: ToolRendererProps<{ japanese: string[]; english: string[] }>) {
  return (
    <figure style={{ ...card, margin: 0 }} data-testid="haiku" data-status={status}>
      {(args?.japanese ?? []).map((line, i) => (
        <p key={i} style={{ margin: "0.2rem 0", fontSize: "1.1rem" }} lang="ja">
          {line}
          <span style={{ display: "block", fontSize: "0.85rem", opacity: 0.75 }} lang="en">{args?.english?.[i] ?? ""}</span>
        </p>
      ))}
    </figure>
  );
}

function WritingDocument({ args, status }: ToolRendererProps<{ document: string }>) {
  return <small data-testid="writing-document">{status === "streaming-args" ? TEXT.writing(args?.document?.length ?? 0) : TEXT.written}</small>;
}

function ConfirmChanges({ respond, result }: ToolRendererProps<object, { accepted?: boolean }>) {
  return (
    <section style={card} data-testid="confirm-changes" aria-label={TEXT.confirmChanges}>
      {respond ? (
        <div style={row}>
          <span>{TEXT.keepChanges}</span>
          <button type="button" style={primary} onClick={() => respond({ accepted: true })}>{TEXT.confirm}</button>
          <button type="button" style={button} onClick={() => respond({ accepted: false })}>{TEXT.reject}</button>
        </div>
      ) : result ? (
        <small>{result.accepted ? TEXT.accepted : TEXT.rejected}</small>
      ) : (
        <small>…</small>
      )}
    </section>
  );
}

// Agentic generative UI: the step list ticks off in the thread; each step re-renders only when it changes.
type PlanStep = { description: string; status: "pending" | "completed" };
const PlanStepItem = memo(function PlanStepItem({ step }: { step: PlanStep }) {
  return (
    <li data-status={step.status}>
      <span aria-hidden>{step.status === "completed" ? "✓ " : "○ "}</span>
      {step.description}
    </li>
  );
});
function PlanSteps({ state }: StateRendererProps<PlanStep[]>) {
  const done = state.filter((s) => s.status === "completed").length;
  return (
    <section style={card} data-testid="plan-steps" aria-label={TEXT.progress}>
      <strong>{TEXT.progressOf(done, state.length)}</strong>
      <ol style={{ margin: "0.4rem 0 0", paddingLeft: "1.2rem" }}>
        {state.map((step, i) => <PlanStepItem key={i} step={step} />)}
      </ol>
    </section>
  );
}

// Predictive state: the document grows in the thread as the tool's argument streams.
function DocumentView({ state }: StateRendererProps<string>) {
  if (!state) return null;
  return (
    <article style={card} data-testid="document" aria-label={TEXT.document}>
      <p style={{ margin: 0, whiteSpace: "pre-wrap" }}>{state}</p>
    </article>
  );
}

const selectSteps = (state: { steps?: PlanStep[] }) => (Array.isArray(state.steps) ? state.steps : undefined);
const selectDocument = (state: { document?: string }) => (typeof state.document === "string" ? state.document : undefined);

// Shared state: the recipe the person and the agent both edit.
type Recipe = { title?: string; skill_level?: string; ingredients?: { icon?: string; name?: string; amount?: string }[]; instructions?: string[] };

function RecipeEditor() {
  const recipe = useAgentState((s: { recipe?: Recipe } | undefined) => s?.recipe);
  const setState = useSetAgentState();
  const { send, isRunning } = useAgentRun();
  const edit = (patch: Partial<Recipe>) =>
    setState((state: Record<string, unknown> | undefined) => ({ ...(state ?? {}), recipe: { ...((state?.recipe as Recipe | undefined) ?? {}), ...patch } }));
  return (
    <section className="demo-card demo-form" aria-label={TEXT.recipe} data-testid="recipe">
      <h2>{TEXT.recipe}</h2>
      <label>
        {TEXT.recipeTitle}
        <input value={recipe?.title ?? ""} placeholder={TEXT.recipePlaceholder} onChange={(e) => edit({ title: e.target.value })} />
      </label>
      <label>
        {TEXT.recipeSkill}
        <select value={recipe?.skill_level ?? "Beginner"} onChange={(e) => edit({ skill_level: e.target.value })}>
          {(["Beginner", "Intermediate", "Advanced"] as const).map((level) => (
            <option key={level} value={level}>
              {TEXT.skills[level]}
            </option>
          ))}
        </select>
      </label>
      <ul data-testid="recipe-ingredients">
        {(recipe?.ingredients ?? []).map((item, i) => <li key={i}>{`${item.icon ?? ""} ${item.name ?? ""} — ${item.amount ?? ""}`}</li>)}
      </ul>
      <button type="button" className="demo-button" disabled={isRunning} onClick={() => send("Improve my recipe (recipe)")}>
        {TEXT.improveRecipe}
      </button>
    </section>
  );
}

/**
 * The dojo's tools and renderers, and the panel that shows what the front-end tool changed and the
 * shared recipe. Mount it inside `<ParleyProvider>` and `<ParleyUIProvider>`.
 */
export function DojoPanel() {
  const [background, setBackground] = useState<string | undefined>(undefined);
  useFrontendTool<{ background: string }>({
    name: "change_background",
    description: "Change the background of the page: a CSS colour or gradient.",
    parameters: BACKGROUND_PARAMETERS,
    handler: ({ background: value }) => {
      setBackground(value);
      return { background: value };
    },
  });
  useFrontendTool<{ steps: TaskStep[] }>({
    name: "generate_task_steps",
    description: "Offer the person a list of steps; they choose which to do.",
    parameters: STEP_PARAMETERS,
    render: (props) => <TaskStepPicker {...(props as ToolRendererProps<{ steps: TaskStep[] }, { steps?: TaskStep[] }>)} />,
  });
  useFrontendTool({ name: "confirm_changes", description: "Ask the person to keep or discard the changes to the document.", render: (props) => <ConfirmChanges {...(props as ToolRendererProps<object, { accepted?: boolean }>)} /> });
  useToolRenderer("generate_haiku", HaikuCard);
  useToolRenderer("write_document_local", WritingDocument);
  useStateRenderer(selectSteps, PlanSteps);
  useStateRenderer(selectDocument, DocumentView);

  // The page itself changes colour (what the dojo's front-end tool does).
  useEffect(() => {
    if (!background) return;
    const shell = document.querySelector<HTMLElement>(".demo-main");
    shell?.style.setProperty("background", background);
  }, [background]);

  return (
    <>
      <section className="demo-card" aria-label={TEXT.background}>
        <h2>{TEXT.background}</h2>
        <div data-testid="dojo-background" data-background={background ?? ""} style={{ height: "1.5rem", borderRadius: "0.4rem", border: "1px solid var(--demo-border)", background }} />
      </section>
      <RecipeEditor />
    </>
  );
}
