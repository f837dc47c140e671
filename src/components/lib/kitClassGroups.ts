import { validators, type Config } from "tailwind-merge";

/**
 * tailwind-merge's class groups for the classes the kit itself writes, and only those.
 *
 * Every utility in the kit's stylesheet carries the `pl:` prefix and is generated from the kit's
 * own source (a host's classes are not prefixed, so `cn()` leaves them alone). The library's
 * default configuration knows all of Tailwind (~9 KB gzip of the eager bundle); this one knows the
 * ~100 groups the kit uses, with the same names, order and conflicts, so `cn()` merges every class
 * the kit ships exactly as the full configuration does. test/components/kitClassGroups.test.ts
 * proves it pair by pair over every `pl:` class in src/ and names the group to add when a new
 * class falls outside these.
 *
 * Order matters where validators overlap: a size before a colour (`text-body` is a font size,
 * `border-2` a width, `ring-1` a ring width, `shadow-float` a shadow), as in the default config.
 */
const {
  isAny,
  isArbitraryLength,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableLength,
  isFraction,
  isInteger,
  isNumber,
  isTshirtSize,
} = validators;

type Value = Config<string, string>["classGroups"][string][number];

const arbitrary = [isArbitraryVariable, isArbitraryValue];
const spacing = ["px", isNumber, ...arbitrary];
const inset = [isFraction, "full", "auto", ...spacing];
const margin = ["auto", ...spacing];
const sizing = [isFraction, "auto", "full", "screen", "dvw", "dvh", "lvw", "lvh", "svw", "svh", "min", "max", "fit", ...spacing];
const color = [isAny, ...arbitrary];
const borderWidth = ["", isNumber, isArbitraryVariableLength, isArbitraryLength];
const one = (prefix: string, values: Value[]) => [{ [prefix]: values }];

export const kitClassGroups = (): Config<string, string> => ({
  cacheSize: 500,
  prefix: "pl",
  theme: {},
  classGroups: {
    // Layout
    display: ["block", "inline-block", "inline", "flex", "inline-flex", "table", "grid", "inline-grid", "contents", "list-item", "hidden"],
    "object-fit": one("object", ["contain", "cover", "fill", "none", "scale-down"]),
    overflow: one("overflow", ["auto", "hidden", "clip", "visible", "scroll"]),
    "overflow-x": one("overflow-x", ["auto", "hidden", "clip", "visible", "scroll"]),
    "overflow-y": one("overflow-y", ["auto", "hidden", "clip", "visible", "scroll"]),
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    "inset-x": one("inset-x", inset),
    top: one("top", inset),
    bottom: one("bottom", inset),
    left: one("left", inset),
    z: one("z", [isInteger, "auto", ...arbitrary]),
    // Flexbox and grid
    basis: one("basis", [isFraction, "full", "auto", "container", ...spacing]),
    "flex-direction": one("flex", ["row", "row-reverse", "col", "col-reverse"]),
    "flex-wrap": one("flex", ["nowrap", "wrap", "wrap-reverse"]),
    flex: one("flex", [isNumber, isFraction, "auto", "initial", "none", isArbitraryValue]),
    shrink: one("shrink", ["", isNumber, ...arbitrary]),
    "grid-cols": one("grid-cols", [isInteger, "none", "subgrid", ...arbitrary]),
    "col-start-end": one("col", ["auto", { span: ["full", isInteger, ...arbitrary] }, isInteger, ...arbitrary]),
    gap: one("gap", spacing),
    "gap-x": one("gap-x", spacing),
    "gap-y": one("gap-y", spacing),
    "justify-content": one("justify", ["start", "end", "center", "between", "around", "evenly", "stretch", "baseline", "normal"]),
    "align-items": one("items", ["start", "end", "center", "stretch", "baseline"]),
    "align-self": one("self", ["auto", "start", "end", "center", "stretch", "baseline"]),
    "place-items": one("place-items", ["start", "end", "center", "stretch", "baseline"]),
    // Spacing
    p: one("p", spacing),
    px: one("px", spacing),
    py: one("py", spacing),
    ps: one("ps", spacing),
    pe: one("pe", spacing),
    pt: one("pt", spacing),
    pb: one("pb", spacing),
    m: one("m", margin),
    mx: one("mx", margin),
    my: one("my", margin),
    ms: one("ms", margin),
    me: one("me", margin),
    mt: one("mt", margin),
    mb: one("mb", margin),
    "space-y": one("space-y", spacing),
    // Sizing
    size: one("size", sizing),
    w: one("w", sizing),
    "min-w": one("min-w", sizing),
    "max-w": one("max-w", ["column", "none", "prose", isTshirtSize, ...sizing]),
    h: one("h", sizing),
    "min-h": one("min-h", sizing),
    "max-h": one("max-h", ["none", ...sizing]),
    // Typography
    "font-size": one("text", ["base", "body", "code", isTshirtSize, isArbitraryVariableLength, isArbitraryLength]),
    "font-weight": one("font", ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black", isArbitraryValue]),
    "font-family": one("font", ["sans", "serif", "mono", ...arbitrary]),
    "fvn-spacing": ["proportional-nums", "tabular-nums"],
    "line-clamp": one("line-clamp", [isNumber, "none", ...arbitrary]),
    leading: one("leading", ["none", "tight", "snug", "normal", "relaxed", "loose", ...spacing]),
    "list-style-type": one("list", ["disc", "decimal", "none", ...arbitrary]),
    "text-alignment": one("text", ["left", "center", "right", "justify", "start", "end"]),
    "text-color": one("text", color),
    "text-decoration": ["underline", "overline", "line-through", "no-underline"],
    "underline-offset": one("underline-offset", [isNumber, "auto", ...arbitrary]),
    "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
    "text-overflow": ["truncate", "text-ellipsis", "text-clip"],
    "vertical-align": one("align", ["baseline", "top", "middle", "bottom", "text-top", "text-bottom", "sub", "super", ...arbitrary]),
    whitespace: one("whitespace", ["normal", "nowrap", "pre", "pre-line", "pre-wrap", "break-spaces"]),
    break: one("break", ["normal", "words", "all", "keep"]),
    // Backgrounds
    "bg-color": one("bg", color),
    // Borders
    rounded: one("rounded", ["", "none", "full", isTshirtSize, ...arbitrary]),
    "rounded-ee": one("rounded-ee", ["", "none", "full", isTshirtSize, ...arbitrary]),
    "border-w": one("border", borderWidth),
    "border-w-s": one("border-s", borderWidth),
    "border-w-t": one("border-t", borderWidth),
    "border-w-b": one("border-b", borderWidth),
    "border-w-l": one("border-l", borderWidth),
    "border-style": one("border", ["solid", "dashed", "dotted", "double", "hidden", "none"]),
    "border-color": one("border", color),
    "border-color-s": one("border-s", color),
    "outline-style": one("outline", ["", "solid", "dashed", "dotted", "double", "none", "hidden"]),
    "outline-offset": one("outline-offset", [isNumber, ...arbitrary]),
    "outline-w": one("outline", ["", isNumber, isArbitraryVariableLength, isArbitraryLength]),
    "outline-color": one("outline", color),
    // Effects
    shadow: one("shadow", ["", "inner", "none", "float", isTshirtSize, ...arbitrary]),
    "shadow-color": one("shadow", color),
    "ring-w": one("ring", borderWidth),
    "ring-color": one("ring", color),
    opacity: one("opacity", [isNumber, ...arbitrary]),
    // Tables
    "border-collapse": one("border", ["collapse", "separate"]),
    // Transitions and transforms
    transition: one("transition", ["", "all", "colors", "opacity", "shadow", "transform", "none", ...arbitrary]),
    duration: one("duration", [isNumber, "initial", ...arbitrary]),
    animate: one("animate", ["none", "spin", "ping", "pulse", "bounce", ...arbitrary]),
    rotate: one("rotate", ["none", isNumber, ...arbitrary]),
    "scale-x": one("scale-x", ["none", isNumber, ...arbitrary]),
    "translate-x": one("translate-x", [isFraction, "full", ...spacing]),
    // Interactivity
    accent: one("accent", color),
    cursor: one("cursor", ["auto", "default", "pointer", "wait", "text", "move", "help", "not-allowed", "none", "grab", "grabbing", ...arbitrary]),
    resize: one("resize", ["none", "", "y", "x"]),
    "field-sizing": one("field-sizing", ["fixed", "content"]),
    // Accessibility
    sr: ["sr-only", "not-sr-only"],
  },
  conflictingClassGroups: {
    overflow: ["overflow-x", "overflow-y"],
    "inset-x": ["left"],
    flex: ["basis", "shrink"],
    gap: ["gap-x", "gap-y"],
    "place-items": ["align-items"],
    p: ["px", "py", "ps", "pe", "pt", "pb"],
    px: ["ps", "pe"],
    py: ["pt", "pb"],
    m: ["mx", "my", "ms", "me", "mt", "mb"],
    mx: ["ms", "me"],
    my: ["mt", "mb"],
    size: ["w", "h"],
    "line-clamp": ["display", "overflow"],
    sr: ["position", "size", "w", "h", "p", "px", "py", "ps", "pe", "pt", "pb", "m", "mx", "my", "ms", "me", "mt", "mb", "overflow", "overflow-x", "overflow-y", "whitespace"],
    rounded: ["rounded-ee"],
    "border-w": ["border-w-s", "border-w-t", "border-w-b", "border-w-l"],
    "border-color": ["border-color-s"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: ["*", "**", "after", "backdrop", "before", "details-content", "file", "first-letter", "first-line", "marker", "placeholder", "selection"],
});
