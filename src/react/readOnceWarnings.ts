import { shallowEqual } from "../core/shallowEqual";

/** The provider's options that are read once, when the conversation is made, and why a change is not applied. */
const READ_ONCE = {
  threadId: "To switch threads, give the provider a key: <ParleyProvider key={threadId} …>.",
  locale: "The agent's context and the person's answers keep the first language; give the provider a key to start again in another.",
  permissions: "Make the permissions once (module scope or useState) and change grants through them.",
  runDefaults: "Declare tools that come and go with useFrontendTool, and context with useAgentContext.",
  parleyTools: "Give the provider a key to start again with the other setting.",
  autoContinue: "Give the provider a key to start again with the other setting.",
  maxAutoRuns: "Give the provider a key to start again with the other setting.",
  interruptAnswersInWords: "Give the provider a key to start again with the other setting.",
  trace: "Give the provider a key to start again with the other setting.",
  persistence: "Give the provider a key to keep another thread.",
  keepPermissions: "Give the provider a key to keep another person's grants.",
  audit: "Make the delivery once (module scope or useState); give the provider a key to send to another sink.",
  parley: "Give the provider a key to provide another conversation.",
  store: "Give the provider a key to provide another store.",
} as const;

export type ReadOnceName = keyof typeof READ_ONCE;


/**
 * Warns once per option that changed since `first` (names already warned about are in `warned`).
 *
 * @example
 * warnChanged(first, props, warned);
 */
export function warnChanged(first: Partial<Record<ReadOnceName, unknown>>, props: Partial<Record<ReadOnceName, unknown>>, warned: Set<string>): void {
  for (const name of Object.keys(READ_ONCE) as ReadOnceName[]) {
    if (warned.has(name) || shallowEqual(first[name], props[name])) continue;
    warned.add(name);
    const was = first[name];
    const what = typeof was === "string" || typeof was === "number" || typeof was === "boolean" ? ` from ${JSON.stringify(was)} to ${JSON.stringify(props[name])}` : "";
    console.warn(`Parley: <ParleyProvider ${name}> changed${what}, but it is read once and the change is not applied. ${READ_ONCE[name]}`);
  }
}
