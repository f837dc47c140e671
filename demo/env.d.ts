/** Where the demo sends runs: `PARLEY_AGENT_URL` at `npm start`, else the embedded `/api/agent`. */
declare const __PARLEY_AGENT_URL__: string;
