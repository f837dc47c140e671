import { useRef, useState } from "react";
import { Dialog, Tabs } from "radix-ui";
import { A2UI_LIMITS, childrenOf, valueAt } from "../../../core/a2ui";
import { buttonVariants } from "../../lib/button";
import { cn } from "../../lib/cn";
import { useA2uiSurface, type A2uiComponentProps } from "../surfaceContext";

/**
 * The basic catalog's containers: Row, Column and List (flex boxes, no spacing of their own beyond
 * a gap), Card, Divider, Tabs (Radix Tabs: arrow keys between the titles) and Modal (Radix Dialog:
 * focus trapped inside, Escape and the close button close it, focus back on the trigger).
 */

const JUSTIFY: Record<string, string> = { start: "pl:justify-start", center: "pl:justify-center", end: "pl:justify-end", spaceBetween: "pl:justify-between", spaceAround: "pl:justify-around", spaceEvenly: "pl:justify-evenly", stretch: "pl:justify-stretch" };
const ALIGN: Record<string, string> = { start: "pl:items-start", center: "pl:items-center", end: "pl:items-end", stretch: "pl:items-stretch" };

/** A child of a Row or Column, grown by its `weight` (the catalog's flex-grow). */
function Child({ id, scope, depth, item }: { id: string; scope: string | undefined; depth: number; item: boolean }) {
  const { surface, render } = useA2uiSurface();
  const weight = Object.hasOwn(surface.components, id) ? surface.components[id]!.weight : undefined;
  const node = render(id, scope, depth + 1);
  const grow = typeof weight === "number" && weight > 0 ? { flexGrow: Math.min(weight, 100), flexBasis: 0, minWidth: 0 } : undefined;
  if (item) return <div role="listitem" style={grow}>{node}</div>;
  return grow ? <div data-slot="a2ui-weighted" style={grow}>{node}</div> : node;
}

/** The children of a container: its ids, or its template once per item of the bound list. */
function Children({ component, scope, depth }: Pick<A2uiComponentProps, "component" | "scope" | "depth">) {
  const { data } = useA2uiSurface();
  const children = childrenOf(component);
  const item = component.component === "List";
  if (children.kind === "ids") return <>{children.ids.map((id, i) => <Child key={`${id}-${i}`} id={id} scope={scope} depth={depth} item={item} />)}</>;
  const items = valueAt(data, children.path, scope);
  if (!Array.isArray(items)) return null;
  const base = children.path.startsWith("/") ? children.path : `${scope ?? ""}/${children.path}`;
  return <>{items.slice(0, A2UI_LIMITS.templateItems).map((_, i) => <Child key={i} id={children.componentId} scope={`${base}/${i}`} depth={depth} item={item} />)}</>;
}

export function A2uiRow(props: A2uiComponentProps) {
  const c = props.component;
  const list = c.component === "List";
  const horizontal = c.component === "Row" || (list && c.direction === "horizontal");
  return (
    <div
      data-slot={`a2ui-${c.component.toLowerCase()}`}
      data-a2ui-id={c.id}
      role={list ? "list" : undefined}
      className={cn(
        "pl:flex pl:min-w-0 pl:gap-2",
        horizontal ? "pl:flex-row pl:flex-wrap" : "pl:flex-col",
        JUSTIFY[String(c.justify)],
        ALIGN[String(c.align)],
        list && (horizontal ? "pl:flex-nowrap pl:overflow-x-auto" : "pl:max-h-96 pl:overflow-y-auto"),
        list && "pl:*:shrink-0",
      )}
    >
      <Children component={c} scope={props.scope} depth={props.depth} />
    </div>
  );
}

export function A2uiCard({ component: c, render }: A2uiComponentProps) {
  return (
    <div data-slot="a2ui-card" data-a2ui-id={c.id} className="pl:flex pl:min-w-0 pl:flex-col pl:gap-2 pl:rounded-lg pl:border pl:border-border pl:bg-card pl:p-3 pl:text-card-foreground">
      {typeof c.child === "string" ? render(c.child) : null}
    </div>
  );
}

export function A2uiDivider({ component: c }: A2uiComponentProps) {
  const vertical = c.axis === "vertical";
  return <hr data-slot="a2ui-divider" data-a2ui-id={c.id} aria-orientation={vertical ? "vertical" : "horizontal"} className={cn("pl:m-0 pl:border-0 pl:bg-border", vertical ? "pl:w-px pl:self-stretch" : "pl:h-px pl:w-full")} />;
}

export function A2uiTabs({ component: c, text, render }: A2uiComponentProps) {
  const tabs = Array.isArray(c.tabs) ? c.tabs.filter((t): t is { title?: unknown; child: string } => typeof t === "object" && t !== null && typeof (t as { child?: unknown }).child === "string").slice(0, 50) : [];
  if (tabs.length === 0) return null;
  return (
    <Tabs.Root data-slot="a2ui-tabs" data-a2ui-id={c.id} defaultValue="0" className="pl:flex pl:flex-col pl:gap-2">
      <Tabs.List className="pl:flex pl:gap-1 pl:overflow-x-auto pl:border-b pl:border-border">
        {tabs.map((tab, i) => (
          <Tabs.Trigger
            key={i}
            value={String(i)}
            data-slot="a2ui-tab"
            className="pl:-mb-px pl:min-h-9 pl:border-b-2 pl:border-transparent pl:px-3 pl:text-sm pl:text-muted-foreground pl:focus-visible:outline-2 pl:focus-visible:outline-ring pl:data-[state=active]:border-primary pl:data-[state=active]:font-medium pl:data-[state=active]:text-foreground pl:pointer-coarse:min-h-11"
          >
            {text(tab.title) || String(i + 1)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab, i) => (
        <Tabs.Content key={i} value={String(i)} className="pl:flex pl:flex-col pl:gap-2 pl:focus-visible:outline-2 pl:focus-visible:outline-ring">
          {render(tab.child)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

// Placed by style, not classes: the kit's class merging knows only the classes the rest of it writes.
const OVERLAY = { position: "fixed", inset: 0 } as const;
const CENTRED = { position: "fixed", left: "50%", top: "50%", transform: "translate(-50%, -50%)", width: "min(32rem, calc(100vw - 1rem))", maxHeight: "85vh" } as const;

export function A2uiModal({ component: c, text, render }: A2uiComponentProps) {
  const { surface, words } = useA2uiSurface();
  const at = useRef<HTMLSpanElement>(null);
  // The dialog is drawn inside the kit's root, so the kit's tokens and theme reach it.
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const trigger = typeof c.trigger === "string" && Object.hasOwn(surface.components, c.trigger) ? surface.components[c.trigger]! : undefined;
  // The trigger (usually a Button) opens the modal: its own child is drawn inside the opener.
  const opener = trigger?.component === "Button" && typeof trigger.child === "string" ? trigger.child : trigger?.id;
  const title = trigger ? text(trigger.text ?? trigger.label) || text(typeof trigger.child === "string" ? surface.components[trigger.child]?.text : undefined) : "";
  return (
    <Dialog.Root onOpenChange={(open) => open && setContainer(at.current?.closest<HTMLElement>(".parley") ?? null)}>
      <span ref={at} data-slot="a2ui-modal" data-a2ui-id={c.id} className="pl:inline-flex">
        <Dialog.Trigger className={buttonVariants({ variant: trigger?.variant === "primary" ? "primary" : "secondary", size: "sm" })}>{opener ? render(opener) : title || "…"}</Dialog.Trigger>
      </span>
      <Dialog.Portal container={container}>
        <Dialog.Overlay style={OVERLAY} className="pl:z-50 pl:bg-black/40" />
        <Dialog.Content data-slot="a2ui-modal-content" aria-describedby={undefined} style={CENTRED} className="pl:z-50 pl:flex pl:flex-col pl:gap-3 pl:overflow-y-auto pl:rounded-lg pl:border pl:border-border pl:bg-popover pl:p-4 pl:text-popover-foreground pl:shadow-float">
          <Dialog.Title className="pl:sr-only">{title || words.close}</Dialog.Title>
          {typeof c.content === "string" ? render(c.content) : null}
          <Dialog.Close className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "pl:self-end")}>{words.close}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
