#!/usr/bin/env node
// `npm run check:consumer`: proves the published package works for a fresh app.
//  1. `npm run build`, `npm pack` into a temp dir (outside this repo, so nothing resolves from our node_modules);
//  2. a new Vite + React app installs the tarball (from the local npm cache: --prefer-offline);
//  3. `node` imports `parley-ui` and `parley-ui/core` (server-side import must not touch `window`);
//  4. the app's main.tsx renders <ParleyProvider><Thread/></ParleyProvider> (hooks if Thread is
//     missing), imports parley-ui/styles.css when shipped, type-checks with tsc and `vite build`s.
// Exits non-zero on any failure. `--skip-build` reuses dist/; `--keep` keeps the temp dir.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const installed = (name) => JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(cmd, argv, cwd, opts = {}) {
  console.log(`$ ${[cmd, ...argv].join(" ")}${cwd === root ? "" : `   (in ${cwd})`}`);
  return execFileSync(cmd, argv, { cwd, stdio: opts.capture ? ["ignore", "pipe", "inherit"] : "inherit", encoding: "utf8", env: { ...process.env, ...opts.env } });
}

const work = mkdtempSync(join(tmpdir(), "parley-consumer-"));
let ok = false;
try {
  if (!args.has("--skip-build")) run(npm, ["run", "build"], root);
  const packed = JSON.parse(run(npm, ["pack", "--json", "--pack-destination", work], root, { capture: true }));
  const tarball = join(work, packed[0].filename);
  const shipped = new Set(packed[0].files.map((f) => f.path));
  for (const need of ["dist/index.js", "dist/core.js", "dist/testing.js", "dist/types/index.d.ts", "package.json"]) {
    if (!shipped.has(need)) throw new Error(`the tarball lacks ${need}`);
  }
  const hasCss = shipped.has("dist/styles.css");
  console.log(`packed ${packed[0].filename}: ${packed[0].files.length} files, ${(packed[0].size / 1024).toFixed(1)} KB${hasCss ? ", with styles.css" : ", no styles.css"}`);

  const app = join(work, "app");
  mkdirSync(join(app, "src"), { recursive: true });
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify(
      {
        name: "parley-consumer-check",
        private: true,
        type: "module",
        dependencies: { "parley-ui": `file:${tarball}`, react: installed("react"), "react-dom": installed("react-dom") },
        devDependencies: {
          vite: installed("vite"),
          "@vitejs/plugin-react": installed("@vitejs/plugin-react"),
          typescript: installed("typescript"),
          "@types/react": installed("@types/react"),
          "@types/react-dom": installed("@types/react-dom"),
        },
      },
      null,
      2,
    ),
  );
  run(npm, ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], app);

  // Server-side import: plain Node has no window/document; importing must not need them.
  const probe = `const ui = await import("parley-ui"); const core = await import("parley-ui/core"); const http = await import("parley-ui/http");
const server = await import("parley-ui/server");
const asked = await server.createInterruptAsk({ id: "i1", reason: "tool_call" }, { args: { path: "/tmp" } });
if (!asked.interrupt.metadata.parley.nonce) throw new Error("parley-ui/server made no nonce");
if (typeof globalThis.window !== "undefined") throw new Error("window appeared");
console.log(JSON.stringify({ ui: Object.keys(ui), core: Object.keys(core), http: Object.keys(http), server: Object.keys(server) }));`;
  const exportsOut = run(process.execPath, ["--input-type=module", "-e", probe], app, { capture: true });
  const names = JSON.parse(exportsOut.trim().split("\n").pop());
  console.log(`node import ok: parley-ui exports ${names.ui.length} names, parley-ui/core ${names.core.length}`);
  for (const need of ["ParleyProvider", "useMessageIds"]) {
    if (!names.ui.includes(need)) throw new Error(`parley-ui does not export ${need}`);
  }
  // The HTTP/SSE transport is its own entry (parley-ui/http), not part of the kit or the core.
  if (!names.http.includes("createHttpAgent")) throw new Error("parley-ui/http does not export createHttpAgent");
  // The agent's side of verifiable decisions runs in plain Node (no React, no DOM).
  if (!names.server.includes("verifyDecision")) throw new Error("parley-ui/server does not export verifyDecision");
  const hasThread = names.ui.includes("Thread");
  const hasComposer = names.ui.includes("Composer");

  writeFileSync(
    join(app, "index.html"),
    `<!doctype html><html><head><meta charset="UTF-8"><title>consumer</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n`,
  );
  writeFileSync(join(app, "vite.config.ts"), `import { defineConfig } from "vite";\nimport react from "@vitejs/plugin-react";\nexport default defineConfig({ plugins: [react()], build: { chunkSizeWarningLimit: 4096 } });\n`);
  writeFileSync(
    join(app, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { target: "ES2022", lib: ["ES2023", "DOM", "DOM.Iterable"], module: "ESNext", moduleResolution: "Bundler", jsx: "react-jsx", strict: true, noEmit: true, skipLibCheck: false, types: [] },
      include: ["src"],
    }),
  );
  const ui = hasThread
    ? `<ParleyProvider agent={agent}>\n    <Thread />${hasComposer ? "\n    <Composer />" : ""}\n  </ParleyProvider>`
    : `<ParleyProvider agent={agent}>\n    <Ids />\n  </ParleyProvider>`;
  const imports = ["ParleyProvider", "useMessageIds", ...(hasThread ? ["Thread"] : []), ...(hasThread && hasComposer ? ["Composer"] : [])];
  writeFileSync(
    join(app, "src/main.tsx"),
    `import { createRoot } from "react-dom/client";
import { ${imports.join(", ")} } from "parley-ui";
import { foldEvents, createThreadState } from "parley-ui/core";
import { createHttpAgent } from "parley-ui/http";
${hasCss ? 'import "parley-ui/styles.css";\n' : ""}
const agent = createHttpAgent({ url: "/api/agent" });
console.log(foldEvents(createThreadState({ threadId: "t" }), []).messageIds.length);

function Ids() {
  return <p>{useMessageIds().length} messages</p>;
}
void Ids;

createRoot(document.getElementById("root")!).render(
  ${ui},
);
`,
  );
  if (hasCss) writeFileSync(join(app, "src/css.d.ts"), `declare module "*.css";\n`);
  run(join(app, "node_modules/.bin/tsc"), ["-p", "."], app);
  run(join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], app);
  if (!existsSync(join(app, "dist/index.html"))) throw new Error("vite build produced no dist/index.html");
  ok = true;
  console.log(`\ncheck:consumer: ok (${hasThread ? "<Thread/>" : "hooks only (no Thread export yet)"}, ${hasCss ? "styles.css imported" : "no styles.css in the package"}, tsc + vite build + node import)`);
} catch (error) {
  console.error(`\ncheck:consumer: FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (args.has("--keep") || (!ok && process.env.CI_KEEP_CONSUMER)) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
