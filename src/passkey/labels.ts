/**
 * The words of the passkey step-up on the permission card. They load with the step-up itself (an
 * app whose server never asks for a passkey carries none of them); a team overrides them through
 * the dictionary's optional `passkey` group (`ParleyLabels["passkey"]`).
 */
export interface PasskeyLabels {
  /** Under an open request whose approval needs the passkey. */
  needed: string;
  /** Approved, waiting for the passkey (the system prompt is open). */
  waiting: string;
  /** The button that asks the authenticator (again). */
  use: string;
  /** The person changes their mind: the approval becomes a decline. */
  declineInstead: string;
  /** The passkey was not given (cancelled, timed out, none here). */
  cancelled: string;
  /** This browser has no passkey and the ask allows no fallback. */
  unsupported: string;
  /** This browser has no passkey; the ask allows the typed confirmation (`phrase`: what to type). */
  typeInstead: (phrase: string) => string;
  /** The button of the typed fallback. */
  confirmTyped: string;
  /** Typed text that does not match. */
  typedMismatch: string;
  /** The authenticator failed, or the page's address may not use the passkey (`why`: the browser's words). */
  failed: (why: string) => string;
  /** The settled card: signed with the passkey. */
  signed: string;
  /** The settled card: confirmed by typing, without a passkey. */
  typed: string;
}

const en: PasskeyLabels = {
  needed: "Approving needs your passkey.",
  waiting: "Confirm with your passkey to approve.",
  use: "Use passkey",
  declineInstead: "Decline instead",
  cancelled: "The passkey was not given, so nothing is approved yet.",
  unsupported: "This approval needs a passkey, and this browser has none. Decline it, or answer on a device with your passkey.",
  typeInstead: (phrase) => `This browser has no passkey. Type “${phrase}” to approve without it.`,
  confirmTyped: "Approve without passkey",
  typedMismatch: "The text does not match yet.",
  failed: (why) => `The passkey could not be used: ${why}`,
  signed: "Confirmed with your passkey.",
  typed: "Confirmed by typing (no passkey on this device).",
};

const zh: PasskeyLabels = {
  needed: "批准需要使用你的通行密钥。",
  waiting: "请用通行密钥确认批准。",
  use: "使用通行密钥",
  declineInstead: "改为拒绝",
  cancelled: "未提供通行密钥，尚未批准。",
  unsupported: "此批准需要通行密钥，而此浏览器没有。请拒绝，或在有通行密钥的设备上作答。",
  typeInstead: (phrase) => `此浏览器没有通行密钥。输入“${phrase}”即可不用它批准。`,
  confirmTyped: "不用通行密钥批准",
  typedMismatch: "输入的文字还不一致。",
  failed: (why) => `无法使用通行密钥：${why}`,
  signed: "已用通行密钥确认。",
  typed: "已通过输入确认（此设备没有通行密钥）。",
};

const de: PasskeyLabels = {
  needed: "Zum Erlauben braucht es deinen Passkey.",
  waiting: "Bestätige mit deinem Passkey, um zu erlauben.",
  use: "Passkey verwenden",
  declineInstead: "Stattdessen ablehnen",
  cancelled: "Der Passkey wurde nicht gegeben, also ist noch nichts erlaubt.",
  unsupported: "Diese Erlaubnis braucht einen Passkey, und dieser Browser hat keinen. Lehne ab oder antworte auf einem Gerät mit deinem Passkey.",
  typeInstead: (phrase) => `Dieser Browser hat keinen Passkey. Tippe „${phrase}“, um ohne ihn zu erlauben.`,
  confirmTyped: "Ohne Passkey erlauben",
  typedMismatch: "Der Text stimmt noch nicht überein.",
  failed: (why) => `Der Passkey ließ sich nicht verwenden: ${why}`,
  signed: "Mit deinem Passkey bestätigt.",
  typed: "Durch Eintippen bestätigt (kein Passkey auf diesem Gerät).",
};

const es: PasskeyLabels = {
  needed: "Para aprobar hace falta tu llave de acceso.",
  waiting: "Confirma con tu llave de acceso para aprobar.",
  use: "Usar llave de acceso",
  declineInstead: "Rechazar en su lugar",
  cancelled: "No se dio la llave de acceso, así que aún no se aprueba nada.",
  unsupported: "Esta aprobación necesita una llave de acceso y este navegador no tiene. Recházala o responde desde un dispositivo con tu llave.",
  typeInstead: (phrase) => `Este navegador no tiene llave de acceso. Escribe «${phrase}» para aprobar sin ella.`,
  confirmTyped: "Aprobar sin llave de acceso",
  typedMismatch: "El texto aún no coincide.",
  failed: (why) => `No se pudo usar la llave de acceso: ${why}`,
  signed: "Confirmado con tu llave de acceso.",
  typed: "Confirmado escribiendo (sin llave de acceso en este dispositivo).",
};

const ja: PasskeyLabels = {
  needed: "承認にはパスキーが必要です。",
  waiting: "パスキーで確認して承認してください。",
  use: "パスキーを使う",
  declineInstead: "代わりに拒否",
  cancelled: "パスキーが使われなかったため、まだ承認されていません。",
  unsupported: "この承認にはパスキーが必要ですが、このブラウザにはありません。拒否するか、パスキーのある端末で答えてください。",
  typeInstead: (phrase) => `このブラウザにはパスキーがありません。「${phrase}」と入力すると、パスキーなしで承認できます。`,
  confirmTyped: "パスキーなしで承認",
  typedMismatch: "入力がまだ一致しません。",
  failed: (why) => `パスキーを使えませんでした: ${why}`,
  signed: "パスキーで確認しました。",
  typed: "入力で確認しました（この端末にパスキーはありません）。",
};

const ar: PasskeyLabels = {
  needed: "تحتاج الموافقة إلى مفتاح المرور الخاص بك.",
  waiting: "أكّد بمفتاح المرور لتتم الموافقة.",
  use: "استخدام مفتاح المرور",
  declineInstead: "الرفض بدلًا من ذلك",
  cancelled: "لم يُقدَّم مفتاح المرور، لذا لم تتم الموافقة بعد.",
  unsupported: "تحتاج هذه الموافقة إلى مفتاح مرور، ولا يوجد في هذا المتصفح. ارفضها، أو أجب من جهاز عليه مفتاح المرور.",
  typeInstead: (phrase) => `لا يوجد مفتاح مرور في هذا المتصفح. اكتب «${phrase}» للموافقة من دونه.`,
  confirmTyped: "الموافقة من دون مفتاح مرور",
  typedMismatch: "النص لا يطابق بعد.",
  failed: (why) => `تعذّر استخدام مفتاح المرور: ${why}`,
  signed: "تم التأكيد بمفتاح المرور.",
  typed: "تم التأكيد بالكتابة (لا مفتاح مرور على هذا الجهاز).",
};

const BY_LANGUAGE: Record<string, PasskeyLabels> = { en, zh, de, es, ja, ar };

/**
 * The step-up's words for `locale` (a BCP 47 tag; its language decides, English otherwise), with a
 * team's own over them.
 *
 * @example
 * const words = passkeyLabels(useLocale(), useLabels().passkey);
 */
export function passkeyLabels(locale: string, own?: Partial<PasskeyLabels>): PasskeyLabels {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? "en";
  return { ...(Object.hasOwn(BY_LANGUAGE, language) ? BY_LANGUAGE[language]! : en), ...own };
}
