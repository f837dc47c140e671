import type * as Door from "./mcpAppDoor";

/**
 * MCP Apps as a way of asking. An app in the thread (an `mcp-apps` activity) may want to be shown,
 * to call a tool of its server, or to put a message in the conversation; the host's gate
 * (`core/mcp-apps/gate.ts`) decides each by the person's policy and writes the verdict through the
 * person's door as an `app-call` action: an audit record naming the app (allowed, by a grant,
 * refused), or a question of this origin — a permission card the app's own row shows. Only the
 * person's answer settles it; the app learns the outcome from the host, never the other way round,
 * and nothing of it goes to the agent (`undeliveredIds` leaves it out, as the kit's own questions).
 */

/**
 * How the person's door takes an `app-call` (checks, the card, the audit record): set by the host
 * as it loads (`parley-ui/mcp-apps`), the only thing that writes such actions; until then one is
 * refused. Not imported from here, so an app without MCP Apps ships none of it.
 */
export const mcpAppDoor: { loaded?: typeof Door } = {};
