// fast-json-patch ships its ESM core as `module/core.mjs` with types beside it as `core.d.ts`,
// which TypeScript does not pair with an `.mjs` import: this names them.
declare module "fast-json-patch/module/core.mjs" {
  export { applyOperation } from "fast-json-patch/module/core";
}
