/**
 * The words of standing refusals, the grants page and the audit's provenance. They load with the
 * permissions UI (its chunk imports this module; the kit's first load carries none of them), in the
 * six shipped languages; a team overrides them through the dictionary's optional `grants` group
 * (`ParleyLabels["grants"]`).
 */
export interface GrantsLabels {
  // The permission card
  /** The button that declines and refuses the operation for good. */
  neverAllow: (operation: string) => string;
  /** The button that refuses everything under a namespace (`prefix` without its `*`: "mcp:files/"). */
  neverAllowAll: (prefix: string) => string;
  /** A card declined with "never allow": what was refused. */
  refusedOutcome: (what: string) => string;
  /** A card declined without asking because of an earlier refusal. */
  deniedByRefusal: (what: string) => string;

  // The grants page (`PermissionsPanel`)
  /** Its title: what the agent may do without asking the person. */
  pageTitle: string;
  pageIntro: string;
  allowedHeading: string;
  refusedHeading: string;
  endedHeading: string;
  noneAllowed: string;
  noneRefused: string;
  /** A refusal of a namespace: "everything under mcp:files/". */
  everything: (prefix: string) => string;
  decided: string;
  /** Who decided, and when. */
  decidedByAt: (who: string, time: string) => string;
  ends: string;
  /** A refusal without an expiry, or a standing grant with none: until the person revokes it. */
  untilRevoked: string;
  /** A session grant without an expiry. */
  untilSessionEnds: string;
  /** A grant limited by uses only. */
  afterUses: (left: number) => string;
  /** How many requests a refusal declined without asking. */
  blocked: string;
  blockedCount: (count: number) => string;
  /** The Revoke button's text on a refusal (its accessible name, `revokeRefusal`, contains it: both come from here, so they never differ while a language loads). */
  revoke: string;
  /** The Revoke button's accessible name on a refusal: the agent may ask again. */
  revokeRefusal: (what: string) => string;

  // The audit log's provenance
  /** The decisions added with refusals and provenance. */
  decisionRefused: string;
  decisionExecuted: string;
  arguments: string;
  proposed: string;
  approved: string;
  executed: string;
  /** An `executed` record whose arguments are not the ones approved. */
  argsMismatch: string;
  decisionId: string;
}

/** What a pattern names, without its trailing `*`. */
export const prefixOf = (operation: string): string | undefined => (operation.endsWith("*") ? operation.slice(0, -1) : undefined);

const en: GrantsLabels = {
  neverAllow: (operation) => `Never allow ${operation}`,
  neverAllowAll: (prefix) => `Never allow anything from ${prefix}`,
  refusedOutcome: (what) => `Declined, and never allowed from now on: ${what}`,
  deniedByRefusal: (what) => `Declined without asking: you chose never to allow ${what}`,
  pageTitle: "What the agent may do without asking you",
  pageIntro: "What you allowed for longer than once, and what you refused for good. Revoke one to be asked again.",
  allowedHeading: "Allowed without asking",
  refusedHeading: "Never allowed",
  endedHeading: "Ended",
  noneAllowed: "Nothing: the agent asks you first.",
  noneRefused: "Nothing refused for good.",
  everything: (prefix) => `everything under ${prefix}`,
  decided: "Decided",
  decidedByAt: (who, time) => `${who}, ${time}`,
  ends: "Ends",
  untilRevoked: "When you revoke it",
  untilSessionEnds: "When this session ends",
  afterUses: (left) => `After ${left} more ${left === 1 ? "use" : "uses"}`,
  blocked: "Declined",
  blockedCount: (count) => (count === 0 ? "Not yet asked again" : `${count} ${count === 1 ? "request" : "requests"} without asking you`),
  revoke: "Revoke",
  revokeRefusal: (what) => `Revoke the refusal of ${what}: the agent may ask again`,
  decisionRefused: "Never allowed",
  decisionExecuted: "Executed",
  arguments: "Arguments",
  proposed: "Proposed",
  approved: "Approved",
  executed: "Executed (as the agent reports)",
  argsMismatch: "Ran other arguments than approved",
  decisionId: "Decision",
};

const zh: GrantsLabels = {
  neverAllow: (operation) => `永不允许 ${operation}`,
  neverAllowAll: (prefix) => `永不允许 ${prefix} 下的任何操作`,
  refusedOutcome: (what) => `已拒绝，今后永不允许：${what}`,
  deniedByRefusal: (what) => `未询问即已拒绝：你已选择永不允许 ${what}`,
  pageTitle: "代理无需询问你即可做的事",
  pageIntro: "你允许了不止一次的操作，以及你永久拒绝的操作。撤销后，代理会重新询问你。",
  allowedHeading: "无需询问即允许",
  refusedHeading: "永不允许",
  endedHeading: "已结束",
  noneAllowed: "没有：代理会先询问你。",
  noneRefused: "没有永久拒绝的操作。",
  everything: (prefix) => `${prefix} 下的所有操作`,
  decided: "决定",
  decidedByAt: (who, time) => `${who}，${time}`,
  ends: "结束",
  untilRevoked: "直到你撤销",
  untilSessionEnds: "本次会话结束时",
  afterUses: (left) => `再使用 ${left} 次后`,
  blocked: "已拒绝",
  blockedCount: (count) => (count === 0 ? "尚未再次请求" : `未询问你即拒绝了 ${count} 次请求`),
  revoke: "撤销",
  revokeRefusal: (what) => `撤销对 ${what} 的拒绝：代理可以再次询问`,
  decisionRefused: "永不允许",
  decisionExecuted: "已执行",
  arguments: "参数",
  proposed: "提议的",
  approved: "批准的",
  executed: "执行的（据代理报告）",
  argsMismatch: "执行的参数与批准的不同",
  decisionId: "决定",
};

const de: GrantsLabels = {
  neverAllow: (operation) => `${operation} nie erlauben`,
  neverAllowAll: (prefix) => `Nichts von ${prefix} erlauben`,
  refusedOutcome: (what) => `Abgelehnt und ab jetzt nie erlaubt: ${what}`,
  deniedByRefusal: (what) => `Ohne Rückfrage abgelehnt: Du hast ${what} nie erlaubt`,
  pageTitle: "Was der Agent tun darf, ohne dich zu fragen",
  pageIntro: "Was du länger als einmal erlaubt und was du für immer abgelehnt hast. Widerrufe etwas, um wieder gefragt zu werden.",
  allowedHeading: "Ohne Rückfrage erlaubt",
  refusedHeading: "Nie erlaubt",
  endedHeading: "Beendet",
  noneAllowed: "Nichts: Der Agent fragt dich zuerst.",
  noneRefused: "Nichts für immer abgelehnt.",
  everything: (prefix) => `alles unter ${prefix}`,
  decided: "Entschieden",
  decidedByAt: (who, time) => `${who}, ${time}`,
  ends: "Endet",
  untilRevoked: "Wenn du es widerrufst",
  untilSessionEnds: "Wenn diese Sitzung endet",
  afterUses: (left) => `Nach ${left} weiteren ${left === 1 ? "Nutzung" : "Nutzungen"}`,
  blocked: "Abgelehnt",
  blockedCount: (count) => (count === 0 ? "Noch nicht wieder gefragt" : `${count} ${count === 1 ? "Anfrage" : "Anfragen"} ohne Rückfrage`),
  revoke: "Widerrufen",
  revokeRefusal: (what) => `Ablehnung von ${what} widerrufen: Der Agent darf wieder fragen`,
  decisionRefused: "Nie erlaubt",
  decisionExecuted: "Ausgeführt",
  arguments: "Argumente",
  proposed: "Vorgeschlagen",
  approved: "Erlaubt",
  executed: "Ausgeführt (laut Agent)",
  argsMismatch: "Mit anderen Argumenten ausgeführt als erlaubt",
  decisionId: "Entscheidung",
};

const es: GrantsLabels = {
  neverAllow: (operation) => `No permitir nunca ${operation}`,
  neverAllowAll: (prefix) => `No permitir nunca nada de ${prefix}`,
  refusedOutcome: (what) => `Rechazado, y no permitido nunca más: ${what}`,
  deniedByRefusal: (what) => `Rechazado sin preguntar: elegiste no permitir nunca ${what}`,
  pageTitle: "Lo que el agente puede hacer sin preguntarte",
  pageIntro: "Lo que permitiste más de una vez y lo que rechazaste para siempre. Revoca algo para que vuelva a preguntarte.",
  allowedHeading: "Permitido sin preguntar",
  refusedHeading: "Nunca permitido",
  endedHeading: "Terminado",
  noneAllowed: "Nada: el agente te pregunta primero.",
  noneRefused: "Nada rechazado para siempre.",
  everything: (prefix) => `todo lo que hay en ${prefix}`,
  decided: "Decidido",
  decidedByAt: (who, time) => `${who}, ${time}`,
  ends: "Termina",
  untilRevoked: "Cuando lo revoques",
  untilSessionEnds: "Cuando termine esta sesión",
  afterUses: (left) => `Tras ${left} ${left === 1 ? "uso más" : "usos más"}`,
  blocked: "Rechazado",
  blockedCount: (count) => (count === 0 ? "Aún no se ha vuelto a pedir" : `${count} ${count === 1 ? "solicitud" : "solicitudes"} sin preguntarte`),
  revoke: "Revocar",
  revokeRefusal: (what) => `Revocar el rechazo de ${what}: el agente podrá volver a preguntar`,
  decisionRefused: "Nunca permitido",
  decisionExecuted: "Ejecutado",
  arguments: "Argumentos",
  proposed: "Propuestos",
  approved: "Aprobados",
  executed: "Ejecutados (según el agente)",
  argsMismatch: "Se ejecutó con argumentos distintos de los aprobados",
  decisionId: "Decisión",
};

const ja: GrantsLabels = {
  neverAllow: (operation) => `${operation} を今後許可しない`,
  neverAllowAll: (prefix) => `${prefix} のすべてを今後許可しない`,
  refusedOutcome: (what) => `拒否し、今後も許可しません: ${what}`,
  deniedByRefusal: (what) => `確認せずに拒否しました: ${what} は許可しないと選んでいます`,
  pageTitle: "エージェントがあなたに確認せずにできること",
  pageIntro: "一度きりでなく許可したことと、今後許可しないと決めたこと。取り消すと、また確認されます。",
  allowedHeading: "確認なしで許可",
  refusedHeading: "許可しない",
  endedHeading: "終了",
  noneAllowed: "ありません。エージェントはまずあなたに確認します。",
  noneRefused: "今後許可しないと決めたものはありません。",
  everything: (prefix) => `${prefix} 以下のすべて`,
  decided: "決定",
  decidedByAt: (who, time) => `${who}、${time}`,
  ends: "終了",
  untilRevoked: "取り消すまで",
  untilSessionEnds: "このセッションの終了時",
  afterUses: (left) => `あと ${left} 回使った後`,
  blocked: "拒否",
  blockedCount: (count) => (count === 0 ? "まだ再度の依頼はありません" : `確認せずに ${count} 件の依頼を拒否`),
  revoke: "取り消す",
  revokeRefusal: (what) => `${what} の拒否を取り消す: エージェントはまた確認できます`,
  decisionRefused: "許可しない",
  decisionExecuted: "実行済み",
  arguments: "引数",
  proposed: "提案",
  approved: "承認",
  executed: "実行（エージェントの報告）",
  argsMismatch: "承認とは異なる引数で実行されました",
  decisionId: "決定",
};

const ar: GrantsLabels = {
  neverAllow: (operation) => `عدم السماح أبدًا بـ ${operation}`,
  neverAllowAll: (prefix) => `عدم السماح أبدًا بأي شيء من ${prefix}`,
  refusedOutcome: (what) => `رُفض، ولن يُسمح به من الآن: ${what}`,
  deniedByRefusal: (what) => `رُفض دون سؤالك: اخترت ألا تسمح أبدًا بـ ${what}`,
  pageTitle: "ما يمكن للوكيل فعله دون أن يسألك",
  pageIntro: "ما سمحت به لأكثر من مرة، وما رفضته نهائيًا. ألغِ أيًّا منها ليُطرح عليك السؤال من جديد.",
  allowedHeading: "مسموح دون سؤال",
  refusedHeading: "غير مسموح أبدًا",
  endedHeading: "منتهٍ",
  noneAllowed: "لا شيء: يسألك الوكيل أولًا.",
  noneRefused: "لم ترفض شيئًا نهائيًا.",
  everything: (prefix) => `كل ما تحت ${prefix}`,
  decided: "القرار",
  decidedByAt: (who, time) => `${who}، ${time}`,
  ends: "ينتهي",
  untilRevoked: "عندما تلغيه",
  untilSessionEnds: "عند انتهاء هذه الجلسة",
  afterUses: (left) => `بعد ${left} من الاستخدامات الأخرى`,
  blocked: "رُفض",
  blockedCount: (count) => (count === 0 ? "لم يُطلب مجددًا بعد" : `${count} من الطلبات دون سؤالك`),
  revoke: "إلغاء",
  revokeRefusal: (what) => `إلغاء رفض ${what}: يمكن للوكيل أن يسأل مجددًا`,
  decisionRefused: "غير مسموح أبدًا",
  decisionExecuted: "نُفّذ",
  arguments: "الوسائط",
  proposed: "المقترحة",
  approved: "الموافق عليها",
  executed: "المنفّذة (حسب الوكيل)",
  argsMismatch: "نُفّذ بوسائط غير التي وافقت عليها",
  decisionId: "القرار",
};

const BY_LANGUAGE: Record<string, GrantsLabels> = { en, zh, de, es, ja, ar };

/**
 * The grants page's, refusals' and provenance's words for `locale` (a BCP 47 tag; its language
 * decides, English otherwise), with a team's own over them.
 *
 * @example
 * const words = grantsLabels(useLocale(), useLabels().grants);
 */
export function grantsLabels(locale: string, own?: Partial<GrantsLabels>): GrantsLabels {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? "en";
  return { ...(Object.hasOwn(BY_LANGUAGE, language) ? BY_LANGUAGE[language]! : en), ...own };
}
