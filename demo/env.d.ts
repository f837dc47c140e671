/** Where the demo sends runs: `PARLEY_AGENT_URL` at `npm start`, else the embedded `/api/agent`. */
declare const __PARLEY_AGENT_URL__: string;
/** False when `PARLEY_AGENT_URL` points the demo at another agent (the scenario picker is hidden). */
declare const __PARLEY_AGENT_EMBEDDED__: boolean;
