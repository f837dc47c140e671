import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from "react";
import { Direction } from "radix-ui";
import { LabelsContext, useLocaleLabels } from "../../i18n/LabelsContext";
import type { ParleyLocaleDefinition } from "../../i18n/catalogue";
import type { ParleyLabels } from "../../i18n/labels";
import { cn } from "../lib/cn";
import { createMessageRegistry, type MessageComponents, type MessageRegistry, type ToolRenderers } from "./registry";
import { UIContext } from "./UIContext";
import type { UrlPolicy } from "../lib/urlPolicy";
import { KitRoot } from "../lib/KitRoot";
import { shallowEqual } from "../../core/shallowEqual";
import { markdownChunk } from "../markdown/markdownChunk";
import { permissionsUi } from "../permissions/permissionsChunk";
import { cardsUi } from "../interactions/cardsChunk";

export interface ParleyUIProviderProps {
  /** Components by message kind; they win over the defaults, and runtime registrations win over them. */
  components?: MessageComponents;
  /**
   * Cards for tool calls by tool name (`"*"`: every tool without its own), in place of the kit's
   * default card. `useToolRenderer` registrations win over them, as runtime registrations win over
   * `components`.
   */
  toolRenderers?: ToolRenderers;
  /** A registry you made with `createMessageRegistry()`; otherwise one is made per provider. */
  registry?: MessageRegistry;
  /** A BCP 47 tag: `"en"` (default), `"zh-CN"`, `"ja"`, `"es"`, `"de"`, `"ar"` (right to left), or one of `locales`; also used for `Intl` formatting and the root's `dir`. */
  locale?: string;
  /** Locales of the app's own or changed ones (`defineLocale`); they come before the kit's. */
  locales?: readonly ParleyLocaleDefinition[];
  /** Strings to change on top of the locale's dictionary. */
  labels?: Partial<ParleyLabels>;
  /** `light` (default), `dark`, or `auto` to follow the system. A `.dark` ancestor also works. */
  colorScheme?: "light" | "dark" | "auto";
  /**
   * Show "You" / "Assistant" above each message. Off by default: the roles stay in the text for
   * screen readers, and the layout (bubble or not) says who wrote what. Same as
   * `data-role-labels="shown"` on any ancestor.
   */
  showRoleLabels?: boolean;
  /**
   * Which of the agent's images load without a click (`{ imageOrigins: ["https://cdn.example.com"] }`);
   * others show "Load image from …". See docs/security.md.
   */
  urlPolicy?: UrlPolicy;
  /**
   * How long before an ask's deadline its card warns, visibly and to screen readers, that it will
   * be declined (ms; default 30 000; 0: no warning).
   */
  deadlineWarningMs?: number;
  className?: string;
  /**
   * Inline styles of the root, e.g. its size: `style={{ height: 600 }}`. The thread fills the
   * root's height; `--parley-thread-height` (here or on any ancestor) sets the thread's own.
   */
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * The kit's look and words: the themed root (`.parley`, where the CSS variables live), the
 * locale and labels, and which component renders which kind of message. Put it inside
 * `<ParleyProvider>` (which holds the thread) or around it.
 *
 * @example
 * <ParleyProvider agent={agent}>
 *   <ParleyUIProvider locale="zh-CN" style={{ height: 600 }} components={{ "activity:WEATHER": WeatherCard }}>
 *     <Thread />
 *     <Composer />
 *   </ParleyUIProvider>
 * </ParleyProvider>
 */
export function ParleyUIProvider({ components, toolRenderers, registry: given, locale = "en", locales, labels, colorScheme = "light", showRoleLabels = false, urlPolicy, deadlineWarningMs, className, style, children }: ParleyUIProviderProps) {
  const [registry] = useState(() => given ?? createMessageRegistry());
  // Inline objects (`components={{ … }}`) are new on every render; compared by their entries, an
  // unrelated re-render of the parent does not re-render every message.
  const stableComponents = useShallowStable(components);
  const stableTools = useShallowStable(toolRenderers);
  const stableLabels = useShallowStable(labels);
  const stableLocales = useShallowStable(locales);
  // The origins compared item by item: an inline `{ imageOrigins: [...] }` must not re-render every image.
  const imageOrigins = useShallowStable(urlPolicy?.imageOrigins);
  const ui = useMemo(
    () => ({ components: stableComponents ?? {}, toolRenderers: stableTools ?? {}, registry, deadlineWarningMs, ...(imageOrigins ? { urlPolicy: { imageOrigins } } : {}) }),
    [stableComponents, stableTools, registry, imageOrigins, deadlineWarningMs],
  );
  const { value: labelsValue, dir } = useLocaleLabels(locale, stableLabels, stableLocales);
  // The Markdown renderer loads on first use; starting when idle, it is there before the first reply.
  // What most screens show soon, loaded when the browser is idle: the formatted answer, the permission card.
  useEffect(() => markdownChunk.preloadWhenIdle(), []);
  useEffect(() => permissionsUi.preloadWhenIdle(), []);
  useEffect(() => cardsUi.preloadWhenIdle(), []);
  return (
    <UIContext.Provider value={ui}>
      <LabelsContext.Provider value={labelsValue}>
      {/* Radix reads the direction from context, not the DOM: arrow keys in radio groups follow it. */}
      <Direction.Provider dir={dir}>
        <KitRoot
          data-slot="parley-root"
          data-color-scheme={colorScheme}
          data-role-labels={showRoleLabels ? "shown" : "hidden"}
          lang={locale}
          dir={dir}
          style={style}
          className={cn(colorScheme === "dark" ? "parley dark pl:flex pl:min-h-0 pl:flex-col" : "parley pl:flex pl:min-h-0 pl:flex-col", className)}
        >
          {children}
        </KitRoot>
      </Direction.Provider>
      </LabelsContext.Provider>
    </UIContext.Provider>
  );
}

/** The previous object while `value` has the same own entries (same keys, identical values). */
function useShallowStable<T extends object | undefined>(value: T): T {
  // Kept in state and replaced while rendering (React's pattern for information from previous
  // renders): refs are not read during render. Boxed, so a function value is never an updater.
  const [stable, setStable] = useState({ value });
  if (shallowEqual(stable.value, value)) return stable.value;
  setStable({ value });
  return value;
}
