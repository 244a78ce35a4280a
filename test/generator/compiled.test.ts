/**
 * The committed `*.compiled.ts` modules are what `npm run build:compiled` makes today from their
 * sources: the OpenRPC meta-schemas and extension schemas (ajv standalone code) and the
 * handlebars templates (template specifications).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEMPLATES, templateCode } from "../../generator/print/templates-build.js";
import { ROOT } from "../../generator/root.js";
import { COMPILED_FILE, metaSchemaCode } from "../../generator/validate/meta-schema-build.js";

const STALE = "stale: run `npm run build:compiled` and commit the result";

describe("the compiled modules", () => {
  it("generator/validate/meta-schema.compiled.ts is up to date with ajv, @open-rpc/spec and extension-schemas.ts", async () => {
    const committed = await readFile(COMPILED_FILE, "utf8");
    expect(committed === metaSchemaCode(), STALE).toBe(true);
  });

  it.each(TEMPLATES.map((t) => [t.compiled, t] as const))("%s is up to date with its template", async (file, t) => {
    const committed = await readFile(path.join(ROOT, file), "utf8");
    expect(committed === templateCode(t), STALE).toBe(true);
  });
});
