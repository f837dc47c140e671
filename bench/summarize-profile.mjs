// Self time per function (top 25) of a V8 .cpuprofile: node bench/summarize-profile.mjs file.cpuprofile
import { readFileSync } from "node:fs";

const profile = JSON.parse(readFileSync(process.argv[2], "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
let total = 0;
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const f = node.callFrame;
  const key = `${f.functionName || "(anonymous)"}  ${f.url.replace(/^.*\/work\/main\//, "")}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  total += dt[i] ?? 0;
});
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 25));
for (const [key, us] of top) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
