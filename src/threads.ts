/**
 * `parley-ui/threads`: the person's conversations — the ones they began and the sessions the agent
 * began (pull and push are one model). A `ThreadsAdapter` (a back end, or
 * `createMemoryThreadsAdapter()`), `useThreads` over TanStack Query with optimistic rename, delete
 * and mark-read, `ThreadList` (also exported as `SessionList`), and `connectSessions` for sessions
 * pushed over a WebSocket. An entry of its own so an app with a single thread ships none of it.
 */
export * from "./core/threads";
export { applyThreadsChange, useThreads, type ThreadsProblem, type ThreadsView } from "./react/threads";
export { SessionList, ThreadList, type ThreadListProps } from "./components/threads/ThreadList";
export type { ThreadLabels } from "./i18n/threadLabels";
