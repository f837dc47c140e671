#!/usr/bin/env node
// `npm run size` (after `npm run build`): gzip sizes of what we publish and of what an app really
// ships, against size-budgets.json. Exits 1 when anything is over budget or missing.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import react from "@vitejs/plugin-react";

const root = resolve(import.meta.dirname, "..");
const budgets = JSON.parse(readFileSync(join(root, "size-budgets.json"), "utf8"));
const gzip = (buf) => gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

if (!existsSync(join(root, "dist/index.js"))) {
  console.error("size: dist/ is missing; run `npm run build` first.");
  process.exit(1);
}

/** Rows: [name, raw bytes, gzip bytes, optional] */
const rows = [];

// 1. The files we publish: our own code; dependencies stay external (the module graph shares
// chunks, so each entry's own chunks are counted with it).
function publishedWeight(entryFile) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(root, "dist", file), "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
  };
  visit(entryFile);
  const parts = [...seen].map((f) => readFileSync(join(root, "dist", f)));
  const joined = Buffer.concat(parts);
  return { raw: joined.length, gz: gzip(joined), files: [...seen] };
}
for (const file of ["index.js", "core.js", "http.js", "policy.js", "persistence.js", "channels.js", "panels.js", "threads.js", "rtui.js", "a2ui.js", "mcp-apps.js", "mcp-sandbox.js", "headless.js", "server.js", "passkey.js", "testing.js"]) {
  const w = publishedWeight(file);
  rows.push({ name: `dist/${file}`, raw: w.raw, gz: w.gz, note: w.files.length > 1 ? `with ${w.files.slice(1).join(", ")}` : "" });
}
const css = join(root, "dist/styles.css");
if (existsSync(css)) {
  const buf = readFileSync(css);
  rows.push({ name: "dist/styles.css", raw: buf.length, gz: gzip(buf), note: "" });
} else {
  rows.push({ name: "dist/styles.css", raw: 0, gz: 0, note: "absent (not built yet)", skip: true });
}

// 2. What an app ships: each entry bundled with its non-React dependencies, minified.
const out = mkdtempSync(join(tmpdir(), "parley-size-"));
const outCore = mkdtempSync(join(tmpdir(), "parley-size-core-"));
try {
  // Each entry in a build of its own, as an app that imports only it would bundle it: built
  // together, the chunks the two entries share would count code only the other entry uses.
  const bundle = (input, dir) => build({
    configFile: false,
    root,
    logLevel: "silent",
    plugins: [react()],
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: true,
      sourcemap: false,
      write: true,
      rolldownOptions: {
        input,
        preserveEntrySignatures: "strict",
        external: [/^react($|\/)/, /^react-dom($|\/)/, /^@ag-ui\/client($|\/)/, /^rxjs($|\/)/],
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunk-[name]-[hash].js" },
      },
    },
  });
  await bundle({ "parley-ui": join(root, "src/index.ts") }, out);
  await bundle({ "parley-ui__core": join(root, "src/core/index.ts") }, outCore);
  const files = readdirSync(join(out), { recursive: true }).filter((f) => String(f).endsWith(".js")).map(String);
  // Eager: what loads with the entry (static imports). With `lazy`, also the chunks it loads on
  // demand (dynamic `import("./x.js")`, e.g. the JSON Schema form), reported on their own row.
  const weigh = (entry, lazy = false, dir = out) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(dir, file), "utf8");
      for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
      if (lazy) for (const m of code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)) visit(m[1]);
    };
    visit(entry);
    const joined = Buffer.concat([...seen].map((f) => readFileSync(join(dir, f))));
    return { raw: joined.length, gz: gzip(joined) };
  };
  if (!files.includes("parley-ui.js")) throw new Error(`bundle missing; got ${files.join(", ")}`);
  const ui = weigh("parley-ui.js");
  const core = weigh("parley-ui__core.js", false, outCore);
  rows.push({ name: "bundled:parley-ui", ...ui, note: "src/index.ts + deps, minified; what loads with the entry" });
  const all = weigh("parley-ui.js", true);
  rows.push({ name: "bundled:parley-ui+lazy", ...all, note: "plus the chunks loaded on first use (the JSON Schema form)" });
  rows.push({ name: "bundled:parley-ui/core", ...core, note: "src/core + deps, minified" });
} finally {
  rmSync(out, { recursive: true, force: true });
  rmSync(outCore, { recursive: true, force: true });
}

let failed = false;
console.log("\nsize (gzip -9)                     raw          gzip        budget");
for (const r of rows) {
  const budget = budgets[r.name];
  let verdict = "";
  if (r.skip) verdict = "skipped";
  else if (typeof budget !== "number") verdict = "no budget";
  else if (r.gz > budget) {
    verdict = `OVER by ${kb(r.gz - budget)}`;
    failed = true;
  } else verdict = "ok";
  console.log(
    `${r.name.padEnd(30)} ${kb(r.raw).padStart(12)} ${kb(r.gz).padStart(12)} ${(typeof budget === "number" ? kb(budget) : "-").padStart(12)}  ${verdict}${r.note ? `  (${r.note})` : ""}`,
  );
}
if (failed) {
  console.error("\nsize: over budget (see size-budgets.json)");
  process.exit(1);
}
console.log("\nsize: all within budget");
