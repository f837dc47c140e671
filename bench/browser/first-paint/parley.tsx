/**
 * A thread of `?n=` prior messages as the README's "Use it" page ships it: `ParleyProvider`,
 * `ParleyUIProvider`, `Thread`, `RunError`, `Composer` and the stylesheet, from the kit's entry,
 * bundled for production. Timed from navigation: the kit's script, the first fold of
 * `initialMessages`, the first layout and paint all count.
 */
import { createRoot } from "react-dom/client";
import { Composer, createThreadStore, ParleyProvider, ParleyUIProvider, RunError, Thread } from "../../../src";
import "../../../src/theme/parley.css";
import { seedMessages } from "../seed";
import { priorMessages, reportFirstPaint } from "./report";

const n = priorMessages();
const store = createThreadStore({ threadId: "bench", initialMessages: seedMessages(n) });
createRoot(document.getElementById("root") as HTMLElement).render(
  <ParleyProvider store={store}>
    <ParleyUIProvider style={{ height: 700 }}>
      <Thread />
      <RunError />
      <Composer />
    </ParleyUIProvider>
  </ParleyProvider>,
);
reportFirstPaint(`[data-message-id="seed-${n - 1}"]`, '[data-slot="thread-viewport"]');
