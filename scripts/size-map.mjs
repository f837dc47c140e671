/**
 * Where the eager kit's bytes come from: `npm run size:map [entry] [rows]` bundles an entry as
 * scripts/size.mjs does (minified, react and the optional peers external), follows its static
 * imports only (what loads with it), and attributes every minified character to its source module
 * through the source maps. Raw minified characters, not gzip: a ranking of what to move out of
 * the eager bundle, beside `npm run size`'s gzip figures. Default: src/index.ts, 60 rows.
 */
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { decode } from "@jridgewell/sourcemap-codec";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";

const root = resolve(import.meta.dirname, "..");
const entry = process.argv[2] ?? "src/index.ts";
const rows = Number(process.argv[3] ?? 60);
const dir = mkdtempSync(join(tmpdir(), "parley-size-map-"));
try {
  await build({
    configFile: false,
    root,
    logLevel: "silent",
    plugins: [react()],
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: true,
      sourcemap: true,
      write: true,
      rolldownOptions: {
        input: { entry: join(root, entry) },
        preserveEntrySignatures: "strict",
        external: [/^react($|\/)/, /^react-dom($|\/)/, /^@ag-ui\/client($|\/)/, /^rxjs($|\/)/],
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "chunk-[name]-[hash].js" },
      },
    },
  });
  const eager = new Set();
  const visit = (file) => {
    if (eager.has(file)) return;
    eager.add(file);
    const code = readFileSync(join(dir, file), "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
  };
  visit("entry.js");
  const sizes = new Map();
  for (const file of eager) {
    const code = readFileSync(join(dir, file), "utf8");
    let map;
    try {
      map = JSON.parse(readFileSync(join(dir, `${file}.map`), "utf8"));
    } catch {
      sizes.set(`(${file}, no source map)`, code.length);
      continue;
    }
    const lines = code.split("\n");
    decode(map.mappings).forEach((segments, index) => {
      const line = lines[index] ?? "";
      segments.forEach((segment, i) => {
        const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
        const source = segment.length > 1 ? map.sources[segment[1]].replace(/^.*node_modules\//, "node_modules/").replace(/^.*\/src\//, "src/") : "(generated)";
        sizes.set(source, (sizes.get(source) ?? 0) + end - segment[0]);
      });
    });
  }
  const ranked = [...sizes].sort((a, b) => b[1] - a[1]);
  const total = ranked.reduce((sum, [, n]) => sum + n, 0);
  console.log(`${entry}: ${(total / 1024).toFixed(1)} KB minified in ${eager.size} eager files; the largest ${Math.min(rows, ranked.length)} sources:`);
  for (const [source, n] of ranked.slice(0, rows)) console.log(`${(n / 1024).toFixed(2).padStart(8)} KB  ${(100 * n / total).toFixed(1).padStart(5)} %  ${source}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
