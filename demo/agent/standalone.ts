/**
 * The reference agent on its own port, to try `PARLEY_AGENT_URL` against a separate origin:
 *
 *   node --import tsx demo/agent/standalone.ts            # http://127.0.0.1:8787/agent
 *   PARLEY_AGENT_URL=http://127.0.0.1:8787/agent npm start
 */
import { createServer } from "node:http";
import { createAgentMiddleware } from "./server.js";

const port = Number(process.env.PORT ?? 8787);
const agent = createAgentMiddleware();
createServer((req, res) => {
  if (req.url?.split("?")[0] === "/agent") return agent(req, res);
  res.statusCode = 404;
  res.end("POST /agent\n");
}).listen(port, "127.0.0.1", () => console.log(`reference AG-UI agent at http://127.0.0.1:${port}/agent`));
