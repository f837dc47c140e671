import { createContext, forwardRef, useContext, type ComponentPropsWithoutRef } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ThreadMessage } from "../../core/fold";
import { useLabels } from "../../i18n/LabelsContext";
import { useSubagentName } from "../../react/support";
import { subagentDisplayName } from "../thread/threadTurns";
import { cn } from "../lib/cn";

const MessageContext = createContext<ThreadMessage | null>(null);
MessageContext.displayName = "ParleyMessage";

function useMessageContext(part: string): ThreadMessage {
  const message = useContext(MessageContext);
  if (!message) throw new Error(`<Message.${part}> must be used inside <Message.Root message={…}>.`);
  return message;
}

const messageVariants = cva("pl:flex pl:min-w-0 pl:flex-col pl:gap-1", {
  variants: {
    variant: {
      // Sized to its text, up to most of the column, at the end of the line. The bubble (a soft
      // neutral, not a slab of colour) is the text's own box inside it, so the actions sit below
      // it, outside (EditableUserMessage).
      user: "pl:ms-auto pl:w-fit pl:max-w-[85%] pl:items-end pl:text-body pl:text-foreground",
      assistant: "pl:py-1 pl:text-body pl:text-foreground",
      system: "pl:rounded-lg pl:border pl:border-dashed pl:border-border pl:bg-muted pl:px-3 pl:py-2 pl:text-xs pl:text-muted-foreground",
      tool: "pl:rounded-lg pl:bg-muted pl:px-3 pl:py-2 pl:text-xs pl:text-foreground",
      reasoning: "pl:text-sm pl:text-muted-foreground",
      activity: "pl:rounded-lg pl:border pl:border-border pl:bg-background pl:px-3 pl:py-2 pl:text-sm pl:text-foreground",
    },
  },
  defaultVariants: { variant: "assistant" },
});

export type MessageVariant = NonNullable<VariantProps<typeof messageVariants>["variant"]>;

function variantOf(message: ThreadMessage): MessageVariant {
  switch (message.role) {
    case "user":
    case "assistant":
    case "tool":
    case "reasoning":
    case "activity":
      return message.role;
    case "system":
    case "developer":
      return "system";
    default:
      return "assistant";
  }
}

export interface MessageRootProps extends ComponentPropsWithoutRef<"article"> {
  message: ThreadMessage;
  variant?: MessageVariant;
  /** Render your own element (its props merged with the part's) instead of an `<article>`. */
  asChild?: boolean;
}

/** Props of the structural parts: a `<div>`, or with `asChild` the element you pass. */
export interface MessagePartProps extends ComponentPropsWithoutRef<"div"> {
  asChild?: boolean;
}

/** One message: an `<article>` with `data-role`, `data-state="streaming|complete"` and `data-variant`. */
const Root = forwardRef<HTMLElement, MessageRootProps>(function MessageRoot({ message, variant, asChild, className, ...props }, ref) {
  const v = variant ?? variantOf(message);
  const Comp = asChild ? Slot.Root : "article";
  return (
    <MessageContext.Provider value={message}>
      <Comp
        ref={ref}
        data-slot="message"
        data-role={message.role}
        data-message-id={message.id}
        data-state={message.streaming ? "streaming" : "complete"}
        data-variant={v}
        aria-busy={message.streaming || undefined}
        {...props}
        className={cn(messageVariants({ variant: v }), className)}
      />
    </MessageContext.Provider>
  );
});
Root.displayName = "Message.Root";

/**
 * The line above the body: who wrote it and, for sub-agents, on whose behalf. With
 * `data-role-label` (as the default messages render it) the role is for screen readers only,
 * unless `showRoleLabels` is set on `<ParleyUIProvider>`.
 */
const Header = forwardRef<HTMLDivElement, MessagePartProps>(function MessageHeader({ asChild, className, ...props }, ref) {
  useMessageContext("Header");
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp
      ref={ref}
      data-slot="message-header"
      {...props}
      className={cn("pl:flex pl:flex-wrap pl:items-baseline pl:gap-x-2 pl:text-xs pl:font-medium pl:text-muted-foreground", className)}
    />
  );
});
Header.displayName = "Message.Header";

/** The author: the message's `name` when it has one, else the role in words. */
const Author = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span">>(function MessageAuthor({ className, children, ...props }, ref) {
  const message = useMessageContext("Author");
  const t = useLabels();
  const roleName: Record<ThreadMessage["role"], string> = {
    user: t.roleUser,
    assistant: t.roleAssistant,
    system: t.roleSystem,
    developer: t.roleDeveloper,
    tool: t.roleTool,
    reasoning: t.reasoning,
    activity: t.planTitle,
    // The agent asked the question the row shows.
    interaction: t.roleAssistant,
  };
  const name = "name" in message && typeof message.name === "string" && message.name ? message.name : roleName[message.role];
  return (
    <span ref={ref} data-slot="message-author" {...props} className={className}>
      {children ?? name}
    </span>
  );
});
Author.displayName = "Message.Author";

/**
 * The sub-agent's name chip ("Sales agent") when the message came from a sub-agent run, read
 * aloud as "via sub-agent Sales agent"; renders nothing for the main agent's messages.
 */
const Attribution = forwardRef<HTMLSpanElement, ComponentPropsWithoutRef<"span">>(function MessageAttribution({ className, ...props }, ref) {
  const message = useMessageContext("Attribution");
  const t = useLabels();
  const started = useSubagentName(message.subagentRunId);
  // A run the thread never saw start has no name: its id, as sent.
  const name = started ? subagentDisplayName(started) : (message.subagentRunId ?? "");
  if (!message.subagentRunId) return null;
  return (
    <span
      ref={ref}
      data-slot="message-attribution"
      data-subagent-run-id={message.subagentRunId}
      {...props}
      className={cn("pl:inline-flex pl:items-center pl:rounded-full pl:border pl:border-border pl:bg-muted pl:px-2 pl:py-px pl:text-xs pl:font-medium pl:text-foreground", className)}
    >
      <span aria-hidden>{name}</span>
      <span className="pl:sr-only">{t.subagent(name)}</span>
    </span>
  );
});
Attribution.displayName = "Message.Attribution";

/** The content area. */
const Body = forwardRef<HTMLDivElement, MessagePartProps>(function MessageBody({ asChild, className, ...props }, ref) {
  useMessageContext("Body");
  const Comp = asChild ? Slot.Root : "div";
  return <Comp ref={ref} data-slot="message-body" {...props} className={cn("pl:min-w-0", className)} />;
});
Body.displayName = "Message.Body";

/**
 * The parts every message component is built from. Headless apart from the default classes,
 * which `className` overrides; state is in `data-role`, `data-state` and `data-variant`.
 *
 * @example
 * <Message.Root message={message}>
 *   <Message.Header><Message.Author /><Message.Attribution /></Message.Header>
 *   <Message.Body>{text}</Message.Body>
 * </Message.Root>
 */
export const Message = { Root, Header, Author, Attribution, Body };
