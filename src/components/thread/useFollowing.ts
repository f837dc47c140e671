import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject, type TouchEvent, type WheelEvent } from "react";

/** How close to the bottom (px) still counts as "at the bottom". */
const STICK_THRESHOLD = 48;

/** How long after a person's last gesture a scroll is still theirs (a wheel's smooth scroll, a fling). */
const GESTURE_MS = 400;

const UP_KEYS = new Set(["ArrowUp", "PageUp", "Home"]);
const DOWN_KEYS = new Set(["ArrowDown", "PageDown", "End"]);

type Intent = "up" | "down" | "either";

/** True when an element between `target` and the viewport can scroll up itself (a long tool result): it takes the gesture. */
function nestedScrollsUp(target: EventTarget, viewport: EventTarget): boolean {
  for (let el = target as HTMLElement | null; el && el !== viewport; el = el.parentElement) {
    if (el.scrollTop > 0 && el.scrollHeight > el.clientHeight && /auto|scroll/.test(getComputedStyle(el).overflowY)) return true;
  }
  return false;
}

/** The viewport's handlers: a person's gestures, and the scroll they cause. */
export interface FollowingHandlers {
  onScroll: () => void;
  onWheel: (event: WheelEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onTouchStart: (event: TouchEvent) => void;
  onTouchMove: (event: TouchEvent) => void;
  onTouchEnd: () => void;
  onPointerDown: (event: PointerEvent) => void;
}

export interface Following {
  following: boolean;
  /** Start or stop following from code (Jump to latest, bringing a row into view). */
  setFollowing: (value: boolean) => void;
  /** True while the view should be pinned to the end: following, and no finger or scrollbar held. */
  shouldPin: () => boolean;
  handlers: FollowingHandlers;
}

/**
 * Whether the thread follows the stream. Only a person stops it: a wheel, a finger, a key or the
 * scrollbar moving the view up. A scroll event alone is no proof of that — when a streaming row
 * grows by hundreds of pixels in one frame, the browser fires one before the list's height
 * catches up, and the view looks "scrolled up" though nobody touched it. Reaching the bottom, by
 * any means, follows again.
 */
/** Gesture times; read in event handlers only, never while rendering. */
const clock = () => performance.now();

export function useFollowing(viewportRef: RefObject<HTMLElement | null>): Following {
  const [following, setState] = useState(true);
  const followingRef = useRef(true);
  const gesture = useRef({ until: 0, intent: "either", holding: false, touchY: 0, lastTop: 0 });

  const setFollowing = useCallback((value: boolean) => {
    followingRef.current = value;
    setState(value);
  }, []);

  const handlers = useMemo<FollowingHandlers>(() => {
    const g = gesture.current;
    const scrollable = () => {
      const el = viewportRef.current;
      return !!el && el.scrollHeight > el.clientHeight;
    };
    const mark = (intent: Intent) => {
      g.until = clock() + GESTURE_MS;
      g.intent = intent;
      // Moving up is unmistakable: stop at once, so the next token does not pull the view back.
      if (intent === "up" && scrollable() && followingRef.current) setFollowing(false);
    };
    // Where a held gesture starts from: its scroll events are compared with it.
    const hold = () => {
      g.holding = true;
      g.lastTop = viewportRef.current?.scrollTop ?? 0;
    };
    const release = () => {
      g.holding = false;
      g.until = clock() + GESTURE_MS;
      removeEventListener("pointerup", release);
      removeEventListener("pointercancel", release);
      removeEventListener("pointermove", releaseIfUp);
    };
    // Browsers have not always sent an up after a drag of a scrollbar: the first move with no
    // button held ends the hold too, or the view would never be pinned again.
    const releaseIfUp = (event: globalThis.PointerEvent) => {
      if (event.buttons === 0) release();
    };
    return {
      onScroll() {
        const el = viewportRef.current;
        if (!el) return;
        const moved = el.scrollTop - g.lastTop;
        g.lastTop = el.scrollTop;
        const byPerson = g.holding || clock() < g.until;
        const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_THRESHOLD;
        if (atBottom) {
          if (!followingRef.current && !(byPerson && g.intent === "up")) setFollowing(true);
        } else if (byPerson && followingRef.current && (g.intent === "up" || (g.intent === "either" && moved < 0))) {
          // A gesture down (a wheel turned down while a row above shrank) never stops following.
          setFollowing(false);
        }
      },
      onWheel(event) {
        if (event.deltaY === 0 || event.ctrlKey) return; // ctrl + wheel zooms
        mark(event.deltaY > 0 ? "down" : nestedScrollsUp(event.target, event.currentTarget) ? "either" : "up");
      },
      onKeyDown(event) {
        const target = event.target as HTMLElement;
        if (event.defaultPrevented || target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
        // Space scrolls only when the viewport itself has focus; on a button inside it, it presses.
        const space = event.key === " " && target === event.currentTarget;
        // A focused scroller inside a row (a long tool result) takes the key while it can go up.
        if (UP_KEYS.has(event.key) || (space && event.shiftKey)) mark(nestedScrollsUp(target, event.currentTarget) ? "either" : "up");
        else if (DOWN_KEYS.has(event.key) || space) mark("down");
      },
      onTouchStart(event) {
        hold();
        g.touchY = event.touches[0]?.clientY ?? 0;
      },
      onTouchMove(event) {
        const y = event.touches[0]?.clientY ?? g.touchY;
        // The finger moving down drags the content down: the view goes up the thread.
        if (y !== g.touchY) mark(y < g.touchY ? "down" : nestedScrollsUp(event.target, event.currentTarget) ? "either" : "up");
        g.touchY = y;
      },
      onTouchEnd: release,
      onPointerDown(event) {
        // A press on the scroller itself, not on a row: its scrollbar. Held until released anywhere.
        if (event.target !== event.currentTarget || event.pointerType === "touch") return;
        hold();
        g.intent = "either";
        addEventListener("pointerup", release);
        addEventListener("pointercancel", release);
        addEventListener("pointermove", releaseIfUp);
      },
    };
  }, [viewportRef, setFollowing]);

  const shouldPin = useCallback(() => followingRef.current && !gesture.current.holding, []);

  return { following, setFollowing, shouldPin, handlers };
}
