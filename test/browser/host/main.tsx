/**
 * The page of test/browser/host.e2e.test.ts: the kit (a reply with Markdown — a table, code, a
 * list, a link —, a tool call, an advice card, a permission card, the composer) on a page that may
 * carry the global element rules long-lived apps have (`?hostile`), and may leave the kit's own
 * stylesheet out (`?bare`, to show the kit's stylesheet leaves the host's elements alone).
 */
import { createRoot } from "react-dom/client";
import { EventType, type BaseEvent, type Message } from "@ag-ui/core";
import { Composer, createThreadStore, foldEvents, ParleyProvider, ParleyUIProvider, Thread } from "../../../src";

const params = new URLSearchParams(location.search);

/**
 * What an app that has lived a while carries in its global stylesheet. (Not the root font size:
 * the kit is sized in rem on purpose, so it follows the person's own text-size setting.)
 */
const HOSTILE = `
  * { box-sizing: content-box; }
  body { font-family: Georgia, serif; line-height: 2; color: #333; letter-spacing: 0.02em; }
  div { line-height: 1.9; }
  p { margin: 1.5em 0; font-size: 17px; text-align: justify; }
  a { color: #c00; text-decoration: none; font-weight: bold; }
  button { background: #777; color: white; border: 3px solid black; border-radius: 12px; padding: 12px 24px; font-size: 20px; text-transform: uppercase; box-shadow: 0 2px 4px black; min-height: 50px; }
  textarea, input, select { border: 2px dashed red; padding: 10px; font-family: Courier; font-size: 19px; background: yellow; border-radius: 0; }
  ul, ol { list-style: square; margin: 2em; padding: 0 0 0 3em; }
  li { margin-bottom: 1em; line-height: 2.2; }
  table { border-collapse: separate; border-spacing: 8px; width: 100%; }
  th, td { padding: 12px; border: 2px solid green; text-align: center; background: #eef; }
  pre, code { font-family: "Comic Sans MS"; background: #fdd; padding: 6px; font-size: 15px; white-space: pre-wrap; }
  h1, h2, h3 { font-size: 40px; margin: 1em 0; }
  span { letter-spacing: 0.1em; }
  label { font-weight: bold; display: block; }
  strong { color: purple; }
  svg { width: 48px; height: 48px; }
`;

if (params.has("hostile")) {
  const style = document.createElement("style");
  style.textContent = HOSTILE;
  document.head.append(style);
}
if (!params.has("bare")) await import("../../../src/theme/parley.css");

const REPLY = `Here are **three** trains and a [timetable](https://example.com/t):

| Departs | Arrives |
|---|---|
| 07:04 | 09:00 |

- the *first* is fastest
- the second is cheapest

\`\`\`json
{ "from": "Paris" }
\`\`\`

Use \`seat\` to choose.`;

const messages: Message[] = [
  { id: "u1", role: "user", content: "Find me a train" },
  { id: "a1", role: "assistant", content: REPLY },
];
const store = createThreadStore({ batch: "sync", threadId: "host", initialMessages: messages });
const ADVICE = { content: "Which one?", options: [{ id: "a", label: "07:04" }, { id: "b", label: "09:04" }] };
const PERMISSION = { operation: "send_mail", summary: "Mail the timetable?", categories: ["privacy"] };
const events: BaseEvent[] = [
  { type: EventType.RUN_STARTED, threadId: "host", runId: "r1" },
  { type: EventType.TOOL_CALL_START, toolCallId: "t1", toolCallName: "search_trains", parentMessageId: "a2" },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: "t1", delta: '{"from":"Paris","to":"Lyon"}' },
  { type: EventType.TOOL_CALL_END, toolCallId: "t1" },
  { type: EventType.TOOL_CALL_RESULT, messageId: "res1", toolCallId: "t1", content: '{"trains":3}', role: "tool" },
  { type: EventType.TOOL_CALL_START, toolCallId: "q1", toolCallName: "parley_advise", parentMessageId: "a3" },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: "q1", delta: JSON.stringify(ADVICE) },
  { type: EventType.TOOL_CALL_END, toolCallId: "q1" },
  { type: EventType.TOOL_CALL_START, toolCallId: "q2", toolCallName: "parley_request_permission", parentMessageId: "a4" },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: "q2", delta: JSON.stringify(PERMISSION) },
  { type: EventType.TOOL_CALL_END, toolCallId: "q2" },
  { type: EventType.RUN_FINISHED, threadId: "host", runId: "r1" },
];
store.setState((s) => ({ thread: foldEvents(s.thread, events) }));

// `?scheme=light|dark|auto` sets colorScheme; `?darkAncestor` puts `.dark` on an ancestor, as an app's own dark switch does.
const scheme = params.get("scheme");
const colorScheme = scheme === "light" || scheme === "dark" || scheme === "auto" ? scheme : undefined;
if (params.has("darkAncestor")) document.getElementById("root")!.classList.add("dark");

createRoot(document.getElementById("root")!).render(
  <ParleyProvider store={store}>
    <ParleyUIProvider style={{ height: 900, width: 800 }} {...(colorScheme ? { colorScheme } : {})}>
      <Thread />
      <Composer />
    </ParleyUIProvider>
  </ParleyProvider>,
);
