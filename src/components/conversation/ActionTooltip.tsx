import { useEffect, useState, type RefObject } from "react";
import { Tooltip } from "radix-ui";

/**
 * The names of a row's icon buttons, shown on hover (after a moment) and at once when focus
 * arrives by keyboard, with Radix Tooltip. One tooltip serves the whole row and is anchored over the button it
 * names, so the buttons themselves are never re-mounted when this chunk arrives (tooltipChunk
 * loads it after the first row appears: the positioning code is not on the kit's first load).
 * The tip renders inside the kit's root (`.parley`), where the theme's variables are.
 */
export function RowTooltip({ row }: { row: RefObject<HTMLElement | null> }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const named = (event: Event) => {
      const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>("button[aria-label]");
      return button && el.contains(button) && !button.disabled ? button : null;
    };
    const hide = () => {
      clearTimeout(timer);
      setTarget(null);
    };
    const hover = (event: Event) => {
      const button = named(event);
      clearTimeout(timer);
      if (!button) return setTarget(null);
      timer = setTimeout(() => setTarget(button), 300);
    };
    // Focus that follows a press is the pointer's: its name shows on hover, not again on focus.
    let pressed = false;
    const press = () => {
      pressed = true;
      hide();
    };
    const key = () => {
      pressed = false;
    };
    const focus = (event: Event) => {
      const button = named(event);
      if (button && !pressed) setTarget(button);
    };
    const listeners: [string, (event: Event) => void][] = [
      ["pointerover", hover],
      ["pointerleave", hide],
      ["pointerdown", press],
      ["keydown", key],
      ["focusin", focus],
      ["focusout", hide],
    ];
    for (const [type, listener] of listeners) el.addEventListener(type, listener);
    // This chunk arrives after the row (in idle time): a pointer already on a button, or keyboard
    // focus already there, is named as if it had just come.
    const focused = el.querySelector<HTMLButtonElement>("button[aria-label]:focus-visible");
    const already = focused ?? el.querySelector<HTMLButtonElement>("button[aria-label]:hover");
    if (already && !already.disabled) timer = setTimeout(() => setTarget(already), focused ? 0 : 300);
    return () => {
      hide();
      for (const [type, listener] of listeners) el.removeEventListener(type, listener);
    };
  }, [row]);
  // A button that left the page (Edit opens the editor in its place) has nothing to name.
  const shown = target?.isConnected ? target : null;
  return (
    <Tooltip.Provider delayDuration={0}>
      <Tooltip.Root open={shown !== null} onOpenChange={(open) => open || setTarget(null)}>
        <Tooltip.Trigger asChild>
          <span
            aria-hidden
            data-slot="action-tooltip-anchor"
            style={{ position: "absolute", pointerEvents: "none", left: shown?.offsetLeft ?? 0, top: shown?.offsetTop ?? 0, width: shown?.offsetWidth ?? 0, height: shown?.offsetHeight ?? 0 }}
          />
        </Tooltip.Trigger>
        <Tooltip.Portal container={shown?.closest<HTMLElement>(".parley") ?? undefined}>
          <Tooltip.Content
            data-slot="action-tooltip"
            side="bottom"
            sideOffset={4}
            collisionPadding={8}
            className="pl:z-50 pl:rounded-md pl:bg-foreground pl:px-2 pl:py-1 pl:text-xs pl:font-medium pl:text-background pl:shadow-float"
          >
            {shown?.getAttribute("aria-label")}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
