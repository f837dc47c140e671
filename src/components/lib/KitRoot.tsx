import { useMemo, useState, type ComponentPropsWithoutRef, type DragEvent } from "react";
import { ThreadNavigationContext, type ThreadNavigation } from "../thread/ThreadNavigation";
import { ComposerFocusContext, createComposerFocus, type ComposerFocus } from "../composer/ComposerFocus";

/**
 * Files dropped anywhere in the kit go to a `<Composer attachments>`, if one is mounted: a drop
 * that misses the composer would otherwise be opened by the browser in place of the page. The
 * composer's own handlers run first and mark the event handled.
 */
function useDropAnywhere(composerFocus: ComposerFocus) {
  return useMemo(() => {
    const targetOf = (event: DragEvent) => (event.dataTransfer && Array.from(event.dataTransfer.types).includes("Files") ? composerFocus.dropTarget() : undefined);
    return {
      onDragOver(event: DragEvent<HTMLDivElement>) {
        const target = event.defaultPrevented ? undefined : targetOf(event);
        if (!target) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        target.over(true);
      },
      onDragLeave(event: DragEvent<HTMLDivElement>) {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) composerFocus.dropTarget()?.over(false);
      },
      onDrop(event: DragEvent<HTMLDivElement>) {
        const target = targetOf(event);
        target?.over(false);
        if (!target || event.defaultPrevented) return;
        event.preventDefault();
        target.drop(Array.from(event.dataTransfer.files));
      },
    };
  }, [composerFocus]);
}

/**
 * The kit's root element and how its parts reach each other across the tree: the thread's scroll
 * navigation (the queue or a panel brings a message into view) and the composer's focus and file
 * drops. `ParleyUIProvider` renders it; the look, the words and the registry stay there.
 *
 * @example
 * <KitRoot className="parley">{children}</KitRoot>
 */
export function KitRoot(props: ComponentPropsWithoutRef<"div">) {
  const [navigation] = useState<ThreadNavigation>(() => ({}));
  const [composerFocus] = useState(createComposerFocus);
  const fileDrop = useDropAnywhere(composerFocus);
  return (
    <ThreadNavigationContext.Provider value={navigation}>
      <ComposerFocusContext.Provider value={composerFocus}>
        <div {...props} {...fileDrop} />
      </ComposerFocusContext.Provider>
    </ThreadNavigationContext.Provider>
  );
}
