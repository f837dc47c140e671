import { describe, expect, it } from "vitest";
import { questionTitle, TITLE_MAX } from "../../src/components/interactions/questionTitle";
import { operationAct } from "../../src/components/interactions/operationAct";

describe("questionTitle", () => {
  it("a short question on one line is the title, with nothing under it", () => {
    expect(questionTitle("  Which train to Lyon?  ")).toEqual({ title: "Which train to Lyon?", body: "" });
    expect(questionTitle("Two hotels are free. Which one should I book?")).toEqual({ title: "Two hotels are free. Which one should I book?", body: "" });
    expect(questionTitle("选哪一班？")).toEqual({ title: "选哪一班？", body: "" });
  });

  it("a longer text is split after its first sentence, when that sentence is short", () => {
    const long = `The export failed: the report service timed out. ${"It had been running for a while before it gave up. ".repeat(3)}`;
    expect(long.length).toBeGreaterThan(TITLE_MAX);
    expect(questionTitle(long)).toEqual({ title: "The export failed:", body: long.slice("The export failed:".length).trim() });
    expect(questionTitle("Where should we deliver?\nWe ship on weekdays.")).toEqual({ title: "Where should we deliver?", body: "We ship on weekdays." });
    expect(questionTitle(`部署失败。${"日志很长".repeat(40)}`)).toEqual({ title: "部署失败。", body: "日志很长".repeat(40) });
  });

  it("a text with no short first sentence keeps the type as the title and shows whole below it", () => {
    const run = "word ".repeat(60).trim();
    expect(questionTitle(run)).toEqual({ title: undefined, body: run });
    expect(questionTitle("")).toEqual({ title: undefined, body: "" });
    expect(questionTitle("   ")).toEqual({ title: undefined, body: "" });
    // A decimal point or a version is not a sentence's end: no white space follows it.
    const version = `Upgrade to 2.4.1 now ${"and then restart the service on every host ".repeat(4)}`;
    expect(questionTitle(version).title).toBeUndefined();
  });
});

describe("operationAct", () => {
  it("reads a verb and what it acts on, from snake, camel, kebab and namespaced names", () => {
    expect(operationAct("delete_files")).toBe("delete files");
    expect(operationAct("deleteFiles")).toBe("delete files");
    expect(operationAct("fs.delete-files")).toBe("delete files");
    expect(operationAct("github/create_pull_request")).toBe("create pull request");
    expect(operationAct("mcp:stripe:charge_card")).toBe("charge card");
    expect(operationAct("SEND_EMAIL")).toBe("send email");
  });

  it("names no act for a name that is not a verb and its object, or too long for a button", () => {
    for (const name of ["shell", "fs.write", "file_deletion", "read_customers", "", "delete", "delete_<b>x</b>", `delete_${"very_".repeat(8)}long`]) {
      expect(operationAct(name), name).toBeUndefined();
    }
  });
});
