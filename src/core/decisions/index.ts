export { canonicalJson, digestOf, sha256 } from "./digest";
export type { AskProof, DecisionOutcome, DecisionRecord, DecisionSubject } from "./types";
export { decisionDigest, stepUpChallenge } from "./binding";
