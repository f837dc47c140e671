/**
 * The agent's server of test/browser/passkey.e2e.test.ts, as Vite middleware: passkey registration
 * (`createPasskeyRegistration` / `verifyPasskeyRegistration`), and an AG-UI agent whose deletion asks
 * with `stepUp` and, on the resume, runs only what `verifyDecision` accepts — saying in its reply
 * what it did ("Deleted …") or why not ("Not run: <reason>").
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { EventType, type BaseEvent, type RunAgentInput } from "@ag-ui/core";
import { EventEncoder } from "@ag-ui/encoder";
import type { Plugin } from "vite";
import {
  createInterruptAsk,
  createMemorySeenStore,
  createPasskeyRegistration,
  verifyDecision,
  verifyPasskeyRegistration,
  type AskRecord,
  type PasskeyCredential,
  type PasskeyRegistrationRecord,
} from "../../../src/server";

export interface PasskeyAgentLog {
  /** Every verification's outcome, in order (`ok`, or the refusal's reason). */
  verdicts: string[];
  /** The tools that ran. */
  ran: string[];
}

const ARGS = { path: "/srv/backups/2025" };

export function passkeyAgent(log: PasskeyAgentLog): Plugin {
  let registration: PasskeyRegistrationRecord | undefined;
  let credential: PasskeyCredential | undefined;
  const asks = new Map<string, AskRecord>();
  const seen = createMemorySeenStore();
  let n = 0;

  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (chunk) => (text += chunk));
      req.on("end", () => resolve(text));
    });
  const json = (res: ServerResponse, value: unknown) => {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(value));
  };

  return {
    name: "passkey-agent",
    configureServer(server) {
      server.middlewares.use((req, res, next) => void handle(req, res, next));
      async function handle(req: IncomingMessage, res: ServerResponse, next: () => void) {
        const url = new URL(req.url ?? "/", "http://localhost");
        const origin = req.headers.origin ?? `http://${req.headers.host}`;
        if (req.method === "POST" && url.pathname === "/passkey/options") {
          const made = await createPasskeyRegistration({ rpName: "Parley test", rpId: "localhost", user: { name: "ana@example.com" } });
          registration = made.record;
          return json(res, made.options);
        }
        if (req.method === "POST" && url.pathname === "/passkey/register") {
          if (!registration) return json(res, { ok: false, message: "no registration started" });
          const result = await verifyPasskeyRegistration(JSON.parse(await body(req)), { record: registration, expectedOrigin: origin });
          if (result.ok) credential = result.credential;
          return json(res, result.ok ? { ok: true } : result);
        }
        if (req.method !== "POST" || url.pathname !== "/agent") return next();
        const input = JSON.parse(await body(req)) as RunAgentInput;
        const encoder = new EventEncoder();
        res.setHeader("Content-Type", encoder.getContentType());
        const send = (event: BaseEvent) => res.write(encoder.encodeSSE(event));
        const { threadId, runId } = input;
        send({ type: EventType.RUN_STARTED, threadId, runId });
        const resume = input.resume?.[0];
        if (resume) {
          const ask = asks.get(resume.interruptId);
          const verified = ask
            ? await verifyDecision((resume.metadata as { parley?: unknown } | undefined)?.parley, {
                ask,
                args: ARGS,
                seen,
                ...(credential ? { passkey: { credential, expectedOrigin: origin, expectedRPID: "localhost" } } : {}),
              })
            : { ok: false as const, reason: "unknown-ask", message: "" };
          log.verdicts.push(verified.ok ? `ok${verified.passkeyFallback ? ":typed" : ""}` : verified.reason);
          if (verified.ok) log.ran.push(`delete ${ARGS.path}`);
          const text = verified.ok ? `Deleted ${ARGS.path}.` : `Not run: ${verified.reason}.`;
          send({ type: EventType.TEXT_MESSAGE_START, messageId: `m${++n}`, role: "assistant" });
          send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: `m${n}`, delta: text });
          send({ type: EventType.TEXT_MESSAGE_END, messageId: `m${n}` });
          send({ type: EventType.RUN_FINISHED, threadId, runId });
          return res.end();
        }
        const toolCallId = `tc${++n}`;
        const fallback = url.searchParams.get("fallback") === "typed" ? "typed" : "refuse";
        const { interrupt, record } = await createInterruptAsk(
          { id: `int-${n}`, reason: "tool_call", toolCallId, message: "Delete the old backups?", metadata: { categories: ["irreversible"] } },
          { args: ARGS, stepUp: { rpId: "localhost", fallback } },
        );
        asks.set(interrupt.id, record);
        send({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: "delete_files", parentMessageId: `a${n}` });
        send({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(ARGS) });
        send({ type: EventType.TOOL_CALL_END, toolCallId });
        send({ type: EventType.RUN_FINISHED, threadId, runId, outcome: { type: "interrupt", interrupts: [interrupt] } });
        res.end();
      }
    },
  };
}
