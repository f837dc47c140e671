import { useState } from "react";
import { useRtui } from "../src/rtui";
import { TEXT } from "./text";

/**
 * "Delete over RTUI" (seed 001 §3): the page keeps an RTUI WebSocket to the reference server at
 * `/rtui` (demo/agent/rtuiServer.ts). The button asks that server to run its scenario: it sends
 * `rtui/action` (confirm deleting a file), the card shows in the same thread as the AG-UI agent's,
 * the answer goes back as `rtui/action_result`, and the server says what it did (a notify action).
 */
export function RtuiDemo() {
  const status = useRtui("/rtui");
  const [problem, setProblem] = useState<string>();
  const start = () => {
    setProblem(undefined);
    fetch("/rtui-demo?scenario=delete", { method: "POST" })
      .then((response) => {
        if (!response.ok) setProblem(TEXT.rtuiAnswered(response.status));
      })
      .catch((error: unknown) => setProblem(TEXT.rtuiUnreachable(error instanceof Error ? error.message : String(error))));
  };
  return (
    <span className="demo-rtui">
      <button type="button" disabled={status.state !== "open"} onClick={start}>
        {TEXT.rtuiStart}
      </button>
      <small data-testid="rtui-status" data-state={status.state}>
        {TEXT.rtuiStatus(status.state === "reconnecting" ? TEXT.rtuiReconnecting(status.attempt) : TEXT.connection[status.state])}
      </small>
      {problem ? <small role="alert">{problem}</small> : null}
    </span>
  );
}
