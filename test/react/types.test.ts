import { describe, expectTypeOf, it } from "vitest";
import type {
  AgentRun,
  AgentStatus,
  ReadonlyTable,
  RunFailure,
  ThreadMessage,
  ThreadState,
  ToolCallState,
} from "../../src";
import { useAgentState, useMessage, useMessageIds, useThread, useToolCall } from "../../src";

/**
 * Type tests: `npm test` type-checks this file (tsc), so a public type that drifts fails there;
 * at run time the assertions are no-ops.
 */
describe("public types", () => {
  it("hooks return what the thread holds", () => {
    expectTypeOf(useMessageIds).returns.toEqualTypeOf<readonly string[]>();
    expectTypeOf(useMessage).returns.toEqualTypeOf<ThreadMessage | undefined>();
    expectTypeOf(useToolCall).returns.toEqualTypeOf<ToolCallState | undefined>();
    expectTypeOf(useThread<number>).returns.toEqualTypeOf<number>();
  });

  it("useAgentState infers the slice from the selector", () => {
    const useSlice = () => useAgentState((state: { cart?: string[] }) => state.cart);
    expectTypeOf(useSlice).returns.toEqualTypeOf<string[] | undefined>();
    expectTypeOf(() => useAgentState()).returns.toEqualTypeOf<unknown>();
  });

  it("the run exposes a status, an error and the actions", () => {
    expectTypeOf<AgentRun["status"]>().toEqualTypeOf<AgentStatus>();
    expectTypeOf<AgentRun["error"]>().toEqualTypeOf<RunFailure | undefined>();
    expectTypeOf<AgentRun["send"]>().parameter(0).toEqualTypeOf<string | import("@ag-ui/core").ContentPart[]>();
  });

  it("the thread's tables are read-only maps keyed by id", () => {
    expectTypeOf<ThreadState["messages"]>().toEqualTypeOf<ReadonlyTable<ThreadMessage>>();
    expectTypeOf<ThreadState["messages"]>().toHaveProperty("get");
    expectTypeOf<ThreadState["messages"]>().not.toHaveProperty("set");
    expectTypeOf<AgentStatus>().toEqualTypeOf<"idle" | "thinking" | "acting" | "waiting">();
  });
});
