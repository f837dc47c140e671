/**
 * Verbs a tool's name starts with when it does something a person would approve. A name that
 * starts with one reads as the act ("delete_files" → "delete files"); any other name does not, and
 * the buttons keep their plain words (Approve / Decline).
 */
const VERBS = new Set(
  ("add apply approve archive book buy call cancel change charge close commit create delete deploy disable download drop edit email " +
    "empty enable erase execute export format grant import install invite kill merge modify move order overwrite pay post publish " +
    "purchase push refund remove rename reply replace reset restart restore revoke rewrite run schedule send set share shut sign " +
    "start stop submit transfer truncate uninstall unpublish update upload wipe write").split(" "),
);

/**
 * The act a permission request's operation names, in lower-case words, when its name is a verb
 * and what it acts on: `delete_files`, `deleteFiles`, `fs.delete-files` and `github/create_pull_request`
 * read "delete files" and "create pull request". `undefined` for a name that is not one (`shell`,
 * `fs.write`, `file_deletion`), or too long to be a button.
 *
 * @example
 * operationAct("delete_files"); // "delete files"
 * operationAct("shell"); // undefined
 */
export function operationAct(operation: string): string | undefined {
  const name = operation.split(/[./:]/).pop() ?? "";
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  if (words.length < 2 || !VERBS.has(words[0]!) || !words.every((word) => /^[a-z0-9]+$/.test(word))) return undefined;
  const act = words.join(" ");
  return act.length <= 32 ? act : undefined;
}
