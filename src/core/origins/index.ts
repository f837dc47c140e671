import type { Draft } from "../thread/draft";
import { writeToolResult } from "../thread/write";
import type { Interaction, InteractionOrigin } from "../interactions/types";
import * as parleyTool from "./parley-tool";
import * as frontendTool from "./frontend-tool";
import * as a2ui from "./a2ui";

/**
 * One module per way of asking. Each owns how its questions are derived (called by the fold),
 * what settling one does (here, for the person's door) and how its answer goes on the wire (called
 * by `buildRunInput`, or the RTUI connection). A new origin is a module beside these and one line
 * in {@link ORIGINS}.
 */
export interface Origin {
  /** What settling a question of this origin writes into the thread (answered, declined, timed out). */
  settled?(d: Draft, interaction: Interaction, who?: string): void;
  /** The app took the question back: what the thread still owes for it. */
  withdrawn?(d: Draft, interaction: Interaction): void;
}

/** A tool call must still get a result, or the next run's history is one model APIs reject. */
const answerCallWithdrawn = (d: Draft, interaction: Interaction): void => {
  if (interaction.origin.kind === "tool" || interaction.origin.kind === "frontend-tool") writeToolResult(d, interaction.origin.toolCallId, parleyTool.toolResultContent("withdrawn"));
};

/** Every origin of a question, by `origin.kind`. The `interrupt`, `custom` and `rtui` answers go out with the next run or frame, so settling writes nothing. */
export const ORIGINS: { readonly [K in InteractionOrigin["kind"]]: Origin } = {
  tool: { settled: parleyTool.settled, withdrawn: answerCallWithdrawn },
  "frontend-tool": { settled: frontendTool.settled, withdrawn: answerCallWithdrawn },
  interrupt: {},
  custom: {},
  rtui: {},
  a2ui: { settled: a2ui.settled, withdrawn: a2ui.withdrawn },
  // An MCP App's question goes to no one: its host tells the app (origins/mcp-app.ts).
  "mcp-app": {},
  kit: {},
};
