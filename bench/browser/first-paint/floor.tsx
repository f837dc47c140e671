/**
 * The floor: what React itself takes to show this thread on this machine — the naive list's page,
 * but rendering only the last 12 messages (about what a virtualized list shows), no kit, no
 * measuring. No thread component can be shown sooner from the same bundle of React and the same
 * messages; the gap between it and the target is the machine's and the browser's, not the kit's.
 */
import { useLayoutEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import type { Message } from "@ag-ui/core";
import { seedMessages } from "../seed";
import { priorMessages, reportFirstPaint } from "./report";

function LastMessages({ messages }: { messages: Message[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  return (
    <>
      <div ref={ref} className="naive-viewport" role="log" data-slot="floor-thread">
        {messages.slice(-12).map((m) => (
          <article key={m.id} className="naive-message" data-message-id={m.id}>
            <div className="naive-author">{m.role}</div>
            <div className="naive-body">{typeof m.content === "string" ? m.content : ""}</div>
          </article>
        ))}
      </div>
      <textarea aria-label="Message" className="naive-composer" />
    </>
  );
}

const n = priorMessages();
createRoot(document.getElementById("root") as HTMLElement).render(<LastMessages messages={seedMessages(n)} />);
reportFirstPaint(`[data-message-id="seed-${n - 1}"]`, '[data-slot="floor-thread"]');
