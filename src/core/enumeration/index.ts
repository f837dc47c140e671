export { resolveReply, parseNumeral, type ReplyRange, type ResolvedReply } from "./resolveReply";
export { enumerationContext, formatRange, selectRespondable, type RespondableItem, type RespondableRange } from "./range";
