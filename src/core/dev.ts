/**
 * Whether development warnings are on. Bundlers replace the literal `process.env.NODE_ENV`, so
 * the expression must appear as written; where nothing replaces it and there is no `process`
 * (plain browser ESM), reading it throws and warnings stay off.
 *
 * @example
 * if (isDevelopment()) console.warn("Parley: …");
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== "production";
  } catch {
    return false;
  }
}
