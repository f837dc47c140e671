/**
 * `parley-ui/testing`: tools for stories, demos and your own tests. A separate entry because it
 * pulls in `@ag-ui/client` and rxjs, which `parley-ui/core` does not need.
 *
 * @example
 * import { ScriptedAgent } from "parley-ui/testing";
 */
export { ScriptedAgent } from "./core/transport/scriptedAgent";
export type { Script, ScriptDelay, ScriptError, ScriptStep, ScriptedAgentConfig } from "./core/transport/scriptedAgent";
