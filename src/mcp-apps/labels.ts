/**
 * The words of the MCP App frame and its cards. They load with the frame (an app that never shows
 * an MCP App carries none of them); a team overrides them through the dictionary's optional
 * `mcpApps` group (`ParleyLabels["mcpApps"]`).
 */
export interface McpAppLabels {
  /** The gate decides whether the app may be shown. */
  checking: string;
  /** The app's HTML is read and its sandbox starts. */
  loading: string;
  /** The frame's accessible name. */
  frameTitle: (app: string) => string;
  /** Under the app: whose it is. */
  from: (app: string, server: string) => string;
  /** A card: may the app be shown at all? */
  askShow: (app: string) => string;
  /** A card: the app wants to run a tool of its server. */
  askCall: (app: string, tool: string) => string;
  /** A card: the app wants to put a message in the conversation, in the person's name. */
  askMessage: (app: string) => string;
  /** The card's details. */
  appLabel: string;
  serverLabel: string;
  toolLabel: string;
  argumentsLabel: string;
  messageLabel: string;
  allowOnce: string;
  /** A standing grant: this app, this tool, from now on. */
  allowAlways: string;
  /** Sending the app's message (the person's consent). */
  send: string;
  deny: string;
  /** A standing refusal: this app, this call, from now on. */
  denyAlways: string;
  typeToConfirm: (text: string) => string;
  declinesIn: (left: string) => string;
  /** Not shown: the policy refuses the app, in its words. */
  refusedByPolicy: (why: string) => string;
  /** Not shown: the person did not allow it. */
  refusedByPerson: string;
  /** Not shown: the sandbox is missing, on this page's origin, or did not answer. */
  sandboxRefused: (why: string) => string;
  /** Not shown: the app's resource could not be read, or is not an app. */
  resourceFailed: (why: string) => string;
  /** The app asks to open a link; following it is the person's act. */
  openLink: (host: string) => string;
  open: string;
  dismiss: string;
}

const en: McpAppLabels = {
  checking: "Checking whether this app may be shown…",
  loading: "Loading the app…",
  frameTitle: (app) => `App: ${app}`,
  from: (app, server) => `${app} · from ${server}`,
  askShow: (app) => `Show the app ${app}?`,
  askCall: (app, tool) => `${app} wants to run “${tool}”`,
  askMessage: (app) => `${app} wants to send this message as you`,
  appLabel: "App",
  serverLabel: "Server",
  toolLabel: "Tool",
  argumentsLabel: "Arguments",
  messageLabel: "Message",
  allowOnce: "Allow once",
  allowAlways: "Always for this app",
  send: "Send it",
  deny: "Don't allow",
  denyAlways: "Never for this app",
  typeToConfirm: (text) => `Type “${text}” to allow`,
  declinesIn: (left) => `Declined by itself in ${left}`,
  refusedByPolicy: (why) => `Not shown: your policy does not allow this app. ${why}`,
  refusedByPerson: "Not shown: you did not allow this app.",
  sandboxRefused: (why) => `The app could not be shown safely: ${why}`,
  resourceFailed: (why) => `The app could not be loaded: ${why}`,
  openLink: (host) => `The app wants to open a page on ${host}.`,
  open: "Open link",
  dismiss: "Dismiss",
};

const zh: McpAppLabels = {
  checking: "正在确认能否显示此应用…",
  loading: "正在加载应用…",
  frameTitle: (app) => `应用：${app}`,
  from: (app, server) => `${app} · 来自 ${server}`,
  askShow: (app) => `显示应用 ${app}？`,
  askCall: (app, tool) => `${app} 想要运行“${tool}”`,
  askMessage: (app) => `${app} 想以你的名义发送这条消息`,
  appLabel: "应用",
  serverLabel: "服务器",
  toolLabel: "工具",
  argumentsLabel: "参数",
  messageLabel: "消息",
  allowOnce: "允许一次",
  allowAlways: "始终允许此应用",
  send: "发送",
  deny: "不允许",
  denyAlways: "始终拒绝此应用",
  typeToConfirm: (text) => `输入“${text}”以允许`,
  declinesIn: (left) => `${left} 后自动拒绝`,
  refusedByPolicy: (why) => `未显示：你的策略不允许此应用。${why}`,
  refusedByPerson: "未显示：你没有允许此应用。",
  sandboxRefused: (why) => `无法安全地显示此应用：${why}`,
  resourceFailed: (why) => `无法加载此应用：${why}`,
  openLink: (host) => `此应用想打开 ${host} 上的页面。`,
  open: "打开链接",
  dismiss: "忽略",
};

const de: McpAppLabels = {
  checking: "Es wird geprüft, ob diese App angezeigt werden darf …",
  loading: "Die App wird geladen …",
  frameTitle: (app) => `App: ${app}`,
  from: (app, server) => `${app} · von ${server}`,
  askShow: (app) => `Die App ${app} anzeigen?`,
  askCall: (app, tool) => `${app} möchte „${tool}“ ausführen`,
  askMessage: (app) => `${app} möchte diese Nachricht in deinem Namen senden`,
  appLabel: "App",
  serverLabel: "Server",
  toolLabel: "Werkzeug",
  argumentsLabel: "Argumente",
  messageLabel: "Nachricht",
  allowOnce: "Einmal erlauben",
  allowAlways: "Immer für diese App",
  send: "Senden",
  deny: "Nicht erlauben",
  denyAlways: "Nie für diese App",
  typeToConfirm: (text) => `Tippe „${text}“, um zu erlauben`,
  declinesIn: (left) => `Wird in ${left} von selbst abgelehnt`,
  refusedByPolicy: (why) => `Nicht angezeigt: Deine Richtlinie erlaubt diese App nicht. ${why}`,
  refusedByPerson: "Nicht angezeigt: Du hast diese App nicht erlaubt.",
  sandboxRefused: (why) => `Die App ließ sich nicht sicher anzeigen: ${why}`,
  resourceFailed: (why) => `Die App ließ sich nicht laden: ${why}`,
  openLink: (host) => `Die App möchte eine Seite auf ${host} öffnen.`,
  open: "Link öffnen",
  dismiss: "Verwerfen",
};

const es: McpAppLabels = {
  checking: "Comprobando si esta app se puede mostrar…",
  loading: "Cargando la app…",
  frameTitle: (app) => `App: ${app}`,
  from: (app, server) => `${app} · de ${server}`,
  askShow: (app) => `¿Mostrar la app ${app}?`,
  askCall: (app, tool) => `${app} quiere ejecutar «${tool}»`,
  askMessage: (app) => `${app} quiere enviar este mensaje en tu nombre`,
  appLabel: "App",
  serverLabel: "Servidor",
  toolLabel: "Herramienta",
  argumentsLabel: "Argumentos",
  messageLabel: "Mensaje",
  allowOnce: "Permitir una vez",
  allowAlways: "Siempre para esta app",
  send: "Enviarlo",
  deny: "No permitir",
  denyAlways: "Nunca para esta app",
  typeToConfirm: (text) => `Escribe «${text}» para permitirlo`,
  declinesIn: (left) => `Se rechazará solo en ${left}`,
  refusedByPolicy: (why) => `No se muestra: tu política no permite esta app. ${why}`,
  refusedByPerson: "No se muestra: no permitiste esta app.",
  sandboxRefused: (why) => `La app no se pudo mostrar de forma segura: ${why}`,
  resourceFailed: (why) => `La app no se pudo cargar: ${why}`,
  openLink: (host) => `La app quiere abrir una página de ${host}.`,
  open: "Abrir enlace",
  dismiss: "Descartar",
};

const ja: McpAppLabels = {
  checking: "このアプリを表示できるか確認しています…",
  loading: "アプリを読み込んでいます…",
  frameTitle: (app) => `アプリ: ${app}`,
  from: (app, server) => `${app} · ${server} から`,
  askShow: (app) => `アプリ ${app} を表示しますか?`,
  askCall: (app, tool) => `${app} が「${tool}」を実行しようとしています`,
  askMessage: (app) => `${app} があなたの名前でこのメッセージを送ろうとしています`,
  appLabel: "アプリ",
  serverLabel: "サーバー",
  toolLabel: "ツール",
  argumentsLabel: "引数",
  messageLabel: "メッセージ",
  allowOnce: "今回だけ許可",
  allowAlways: "このアプリには常に許可",
  send: "送信する",
  deny: "許可しない",
  denyAlways: "このアプリには常に拒否",
  typeToConfirm: (text) => `許可するには「${text}」と入力してください`,
  declinesIn: (left) => `${left} 後に自動で拒否されます`,
  refusedByPolicy: (why) => `表示されません: ポリシーがこのアプリを許可していません。${why}`,
  refusedByPerson: "表示されません: このアプリを許可しませんでした。",
  sandboxRefused: (why) => `アプリを安全に表示できませんでした: ${why}`,
  resourceFailed: (why) => `アプリを読み込めませんでした: ${why}`,
  openLink: (host) => `アプリが ${host} のページを開こうとしています。`,
  open: "リンクを開く",
  dismiss: "閉じる",
};

const ar: McpAppLabels = {
  checking: "يجري التحقق مما إذا كان يمكن عرض هذا التطبيق…",
  loading: "يجري تحميل التطبيق…",
  frameTitle: (app) => `تطبيق: ${app}`,
  from: (app, server) => `${app} · من ${server}`,
  askShow: (app) => `هل تريد عرض التطبيق ${app}؟`,
  askCall: (app, tool) => `يريد ${app} تشغيل «${tool}»`,
  askMessage: (app) => `يريد ${app} إرسال هذه الرسالة باسمك`,
  appLabel: "التطبيق",
  serverLabel: "الخادم",
  toolLabel: "الأداة",
  argumentsLabel: "الوسائط",
  messageLabel: "الرسالة",
  allowOnce: "السماح مرة واحدة",
  allowAlways: "دائمًا لهذا التطبيق",
  send: "إرسالها",
  deny: "عدم السماح",
  denyAlways: "أبدًا لهذا التطبيق",
  typeToConfirm: (text) => `اكتب «${text}» للسماح`,
  declinesIn: (left) => `سيُرفض تلقائيًا بعد ${left}`,
  refusedByPolicy: (why) => `لم يُعرض: سياستك لا تسمح بهذا التطبيق. ${why}`,
  refusedByPerson: "لم يُعرض: لم تسمح بهذا التطبيق.",
  sandboxRefused: (why) => `تعذّر عرض التطبيق بأمان: ${why}`,
  resourceFailed: (why) => `تعذّر تحميل التطبيق: ${why}`,
  openLink: (host) => `يريد التطبيق فتح صفحة على ${host}.`,
  open: "فتح الرابط",
  dismiss: "تجاهل",
};

const BY_LANGUAGE: Record<string, McpAppLabels> = { en, zh, de, es, ja, ar };

/**
 * The MCP App frame's words for `locale` (a BCP 47 tag; its language decides, English otherwise),
 * with a team's own over them.
 *
 * @example
 * const words = mcpAppLabels(useLocale(), useLabels().mcpApps);
 */
export function mcpAppLabels(locale: string, own?: Partial<McpAppLabels>): McpAppLabels {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? "en";
  return { ...(Object.hasOwn(BY_LANGUAGE, language) ? BY_LANGUAGE[language]! : en), ...own };
}
