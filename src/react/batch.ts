/** The fewest and most operations a batch approval may cover from the card. */
export const BATCH_MIN = 1;
export const BATCH_MAX = 1000;
export const BATCH_DEFAULT = 10;

/**
 * The batch size the person typed, or `undefined` when it is not a whole number from
 * {@link BATCH_MIN} to {@link BATCH_MAX}.
 *
 * @example
 * batchLimit("25"); // 25
 * batchLimit("2.5"); // undefined
 */
export function batchLimit(text: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value >= BATCH_MIN && value <= BATCH_MAX ? value : undefined;
}
