/**
 * Saves `text` as a file through a temporary `<a download>`. Returns false where there is no
 * document (server rendering) or no `URL.createObjectURL`, so a caller can say so.
 *
 * @example
 * downloadText("audit.csv", csv, "text/csv;charset=utf-8");
 */
export function downloadText(filename: string, text: string, type: string): boolean {
  if (typeof document === "undefined" || typeof URL === "undefined" || typeof URL.createObjectURL !== "function") return false;
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL?.(url), 0);
  }
  return true;
}
