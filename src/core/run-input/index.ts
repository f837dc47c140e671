export { buildRunInput, type BuildRunInputOptions, type RunOptions } from "./buildRunInput";
