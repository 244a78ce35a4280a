/** The committed ajv standalone code for the OpenRPC meta-schemas is what meta-schema-build.ts makes today. */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { COMPILED_FILE, metaSchemaCode } from "../../../generator/validate/meta-schema-build.js";

describe("generator/validate/meta-schema.compiled.ts", () => {
  it("is up to date with ajv and @open-rpc/spec (else: npx tsx generator/validate/meta-schema-build.ts)", async () => {
    const committed = await readFile(COMPILED_FILE, "utf8");
    expect(committed === metaSchemaCode(), "stale: run `npx tsx generator/validate/meta-schema-build.ts`").toBe(true);
  });
});
