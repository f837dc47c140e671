import { describe, expect, it } from "vitest";
import { A2UI_LIMITS, failedChecks, readA2uiContent, readPath, reduceA2ui, resolveDynamic, surfaceActions, surfaceTree, userActionFor, withEdits, writePath } from "../../../src/core/a2ui";
import { BOOKING_SURFACE, bookingComponents, bookingContent, bookingCreate } from "../../support/a2uiBooking";

const create = (surfaceId = "s") => ({ version: "v0.9", createSurface: { surfaceId, catalogId: "basic" } });
const components = (list: unknown[], surfaceId = "s") => ({ version: "v0.9", updateComponents: { surfaceId, components: list } });

describe("the surface model", () => {
  it("builds a surface from create, components and data, in stream order", () => {
    const s = readA2uiContent(bookingContent());
    const surface = s.surfaces[BOOKING_SURFACE]!;
    expect(s.surfaceIds).toEqual([BOOKING_SURFACE]);
    expect(surface.components.title!.text).toBe("Book a table");
    expect(readPath(surface.dataModel, "/booking/guests")).toBe(2);
    expect(s.problems).toEqual([]);
    expect(surface.problems).toEqual([]);
  });

  it("streams: components before root are kept and drawn once root arrives", () => {
    let s = reduceA2ui(undefined, create());
    s = reduceA2ui(s, components([{ id: "a", component: "Text", text: "A" }]));
    expect(surfaceTree(s.surfaces.s!).ready).toBe(false);
    s = reduceA2ui(s, components([{ id: "root", component: "Column", children: ["a", "b"] }]));
    const tree = surfaceTree(s.surfaces.s!);
    expect(tree).toMatchObject({ ready: true, reachable: ["root", "a"], missing: ["b"], problems: [] });
  });

  it("updates the data model by pointer, removes a key without a value, replaces the whole at /", () => {
    let s = reduceA2ui(undefined, create());
    s = reduceA2ui(s, { updateDataModel: { surfaceId: "s", path: "/user/name", value: "Ada" } });
    expect(s.surfaces.s!.dataModel).toEqual({ user: { name: "Ada" } });
    s = reduceA2ui(s, { updateDataModel: { surfaceId: "s", path: "/user/name" } });
    expect(s.surfaces.s!.dataModel).toEqual({ user: {} });
    s = reduceA2ui(s, { updateDataModel: { surfaceId: "s", value: { x: 1 } } });
    expect(s.surfaces.s!.dataModel).toEqual({ x: 1 });
  });

  it("deletes a surface", () => {
    let s = reduceA2ui(undefined, create());
    s = reduceA2ui(s, { deleteSurface: { surfaceId: "s" } });
    expect(s.surfaceIds).toEqual([]);
  });

  it("reads 0.9, 0.10 and 1.0; refuses 0.8 and unknown versions in words", () => {
    expect(reduceA2ui(undefined, { version: "v0.10", createSurface: { surfaceId: "a" } }).surfaceIds).toEqual(["a"]);
    expect(reduceA2ui(undefined, { version: "v1.0", createSurface: { surfaceId: "a" } }).surfaceIds).toEqual(["a"]);
    const legacy = reduceA2ui(undefined, { surfaceUpdate: { surfaceId: "a", components: [] } });
    expect(legacy.problems[0]).toMatch(/0\.8 message \("surfaceUpdate"\) was not read/);
    expect(reduceA2ui(undefined, { version: "v7", createSurface: { surfaceId: "a" } }).problems[0]).toMatch(/version "v7" was not read/);
  });

  it("says what it refused and never throws on hostile input", () => {
    const hostile: unknown[] = [null, 3, "x", [], { createSurface: null }, { createSurface: { surfaceId: 1 } }, { createSurface: { surfaceId: "s" }, deleteSurface: { surfaceId: "s" } }, { updateDataModel: { surfaceId: "nope", value: 1 } }, { deleteSurface: { surfaceId: "nope" } }];
    let s = reduceA2ui(undefined, create());
    for (const message of hostile) s = reduceA2ui(s, message);
    expect(s.problems.length).toBe(hostile.length);
    expect(s.surfaceIds).toEqual(["s"]);
    expect(reduceA2ui(s, create()).problems.at(-1)).toMatch(/already exists/);
  });

  it("names a component type the catalog lacks, and keeps it for a team's own entry", () => {
    const s = reduceA2ui(reduceA2ui(undefined, create()), components([{ id: "root", component: "SeatMap" }]));
    expect(s.surfaces.s!.problems[0]).toMatch(/"SeatMap" is not in the basic catalog/);
    expect(s.surfaces.s!.components.root!.component).toBe("SeatMap");
  });

  it("finds cycles and depth past the limit without looping", () => {
    const s = reduceA2ui(reduceA2ui(undefined, create()), components([
      { id: "root", component: "Column", children: ["a"] },
      { id: "a", component: "Card", child: "b" },
      { id: "b", component: "Column", children: ["a", "root"] },
    ]));
    const tree = surfaceTree(s.surfaces.s!);
    expect(tree.reachable).toEqual(["root", "a", "b"]);
    expect(tree.problems[0]).toMatch(/"a" contains itself \(a → b → a\)/);
    const chain = Array.from({ length: A2UI_LIMITS.depth + 5 }, (_, i) => ({ id: i === 0 ? "root" : `c${i}`, component: "Card", child: `c${i + 1}` }));
    const deep = surfaceTree(reduceA2ui(reduceA2ui(undefined, create()), components(chain)).surfaces.s!);
    expect(deep.problems.join()).toMatch(/deeper than 32 levels/);
  });

  it("limits how many components a surface takes", () => {
    const many = Array.from({ length: A2UI_LIMITS.components + 3 }, (_, i) => ({ id: `c${i}`, component: "Text", text: "x" }));
    const s = reduceA2ui(reduceA2ui(undefined, create()), components(many));
    expect(s.surfaces.s!.componentIds.length).toBe(A2UI_LIMITS.components);
    expect(s.surfaces.s!.problems.join()).toMatch(/More than 1000 components/);
  });

  it("keeps __proto__ an own key: no prototype is swapped by ids, data or paths", () => {
    let s = reduceA2ui(undefined, create("__proto__"));
    s = reduceA2ui(s, components([{ id: "__proto__", component: "Text", text: "x" }, { id: "root", component: "Column", children: ["__proto__"] }], "__proto__"));
    s = reduceA2ui(s, { updateDataModel: { surfaceId: "__proto__", path: "/__proto__/isAdmin", value: true } });
    s = reduceA2ui(s, { updateDataModel: { surfaceId: "__proto__", path: "/a", value: JSON.parse('{"__proto__": {"isAdmin": true}}') } });
    const surface = s.surfaces["__proto__"]!;
    expect(surface.components["__proto__"]!.text).toBe("x");
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getPrototypeOf(surface.dataModel)).toBe(Object.prototype);
    expect(readPath(surface.dataModel, "/__proto__/isAdmin")).toBe(true);
    expect(readPath({}, "/constructor")).toBeUndefined();
  });

  it("reports the middleware's lifecycle before anything is painted", () => {
    expect(readA2uiContent({ status: "building" })).toMatchObject({ status: "building", surfaceIds: [] });
    expect(readA2uiContent({ status: "failed", error: "Bad JSON" })).toMatchObject({ status: "failed", error: "Bad JSON" });
    expect(readA2uiContent({ nothing: 1 }).problems[0]).toMatch(/no "a2ui_operations" list/);
  });
});

describe("bindings and functions", () => {
  const data = { company: "Acme", employees: [{ name: "Ada" }, { name: "Bob" }], n: 3 };

  it("reads absolute and relative paths", () => {
    expect(resolveDynamic({ path: "/company" }, { data })).toBe("Acme");
    expect(resolveDynamic({ path: "name" }, { data, scope: "/employees/1" })).toBe("Bob");
    expect(resolveDynamic("literal", { data })).toBe("literal");
    expect(resolveDynamic({ path: "/employees/x" }, { data })).toBeUndefined();
  });

  it("formats strings and plurals; unknown functions resolve to nothing", () => {
    expect(resolveDynamic({ call: "formatString", args: { value: "Hi ${/employees/0/name} at ${/company}" } }, { data })).toBe("Hi Ada at Acme");
    expect(resolveDynamic({ call: "pluralize", args: { value: { path: "/n" }, one: "# seat", other: "# seats" } }, { data, locale: "en" })).toBe("3 seats");
    expect(resolveDynamic({ call: "eval", args: { code: "alert(1)" } }, { data })).toBeUndefined();
  });

  it("writes copy the path and share the rest", () => {
    const written = writePath(data, "/employees/0/name", "Eve")!.data as typeof data;
    expect(written.employees[0]!.name).toBe("Eve");
    expect(written.employees[1]).toBe(data.employees[1]);
    expect(data.employees[0]!.name).toBe("Ada");
    expect(writePath("text", "/a", 1)).toBeUndefined();
  });

  it("evaluates checks with their own messages, combinators and a bad regex", () => {
    const at = { data: { email: "nope", phone: "" } };
    expect(failedChecks([{ call: "required", args: { value: { path: "/phone" } }, message: "Phone is required." }, { condition: { call: "email", args: { value: { path: "/email" } } }, message: "Not an email." }], at)).toEqual(["Phone is required.", "Not an email."]);
    expect(failedChecks([{ condition: { call: "or", args: { values: [{ call: "required", args: { value: { path: "/email" } } }, { call: "required", args: { value: { path: "/phone" } } }] } }, message: "One of them." }], at)).toEqual([]);
    expect(failedChecks([{ condition: { call: "regex", args: { value: "x", pattern: "(" } }, message: "Bad." }], at)).toEqual(["Bad."]);
    expect(failedChecks([{ condition: { call: "not", args: { value: true } }, message: "Never." }], at)).toEqual(["Never."]);
  });
});

describe("actions", () => {
  const surfaces = readA2uiContent(bookingContent());
  const surface = surfaces.surfaces[BOOKING_SURFACE]!;

  it("lists a surface's event actions in reading order, labelled by their text", () => {
    expect(surfaceActions(surfaces).map((a) => [a.componentId, a.name, a.label, a.consequential])).toEqual([
      ["book", "book_table", "Book", false],
      ["cancel", "cancel_booking", "Cancel", false],
    ]);
  });

  it("resolves the context from the data model with the person's edits", () => {
    const data = withEdits(surface.dataModel, { "/booking/name": "Ada", "/booking/guests": 4 });
    const result = userActionFor(surface, "book", data, "2026-12-02T10:00:00.000Z");
    expect(result).toEqual({ ok: true, action: { name: "book_table", surfaceId: BOOKING_SURFACE, sourceComponentId: "book", timestamp: "2026-12-02T10:00:00.000Z", context: { guests: 4, name: "Ada", when: "2026-12-24T19:30", seating: ["inside"], source: "parley-test" } } });
    expect(readPath(surface.dataModel, "/booking/name")).toBe("");
  });

  it("refuses while an input's check fails, in the check's words", () => {
    expect(userActionFor(surface, "book", surface.dataModel, "t")).toEqual({ ok: false, problems: ["Say whose name the table is under."] });
    expect(userActionFor(surface, "title", surface.dataModel, "t")).toBeUndefined();
  });

  it("reads the agent's consequential mark", () => {
    const marked = bookingComponents.map((c) => (c.id === "book" ? { ...c, action: { event: { name: "book_table", consequential: true } } } : c));
    const s = readA2uiContent(bookingContent([bookingCreate, { version: "v0.9", updateComponents: { surfaceId: BOOKING_SURFACE, components: marked } }]));
    expect(surfaceActions(s)[0]!.consequential).toBe(true);
  });
});
