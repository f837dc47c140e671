/**
 * The baseline: the simplest thing — a React list of every message, plain text, stuck to the
 * bottom, with a textarea under it. Same messages, same box, bundled the same way.
 *
 * With `?last=12`, the floor: the same page showing only the last 12 messages (about what a
 * virtualized list shows), no kit, no measuring — what React itself takes on this machine to show
 * the thread.
 */
import { useLayoutEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import type { Message } from "@ag-ui/core";
import { seedMessages } from "../seed";
import { priorMessages, reportFirstPaint } from "./report";

function NaiveList({ messages }: { messages: Message[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  return (
    <>
      <div ref={ref} className="naive-viewport" role="log" data-slot="naive-thread">
        {messages.map((m) => (
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
const last = Number(new URLSearchParams(location.search).get("last") ?? 0);
const messages = seedMessages(n);
createRoot(document.getElementById("root") as HTMLElement).render(<NaiveList messages={last > 0 ? messages.slice(-last) : messages} />);
reportFirstPaint(`[data-message-id="seed-${n - 1}"]`, '[data-slot="naive-thread"]');
