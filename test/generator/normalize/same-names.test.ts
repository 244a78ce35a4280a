/**
 * A method whose result is the component of the very name its result type would have
 * (`auth` → `$ref: AuthResult`) uses that component: one schema, one name, no `AuthResult2`.
 * test/generator/corpus.test.ts type-checks the fixture's whole package.
 */
import { describe, expect, it } from "vitest";
import { loadSpec } from "../../../generator/load/load.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { ROOT } from "../../../generator/root.js";

const document = normalizeDocument(await loadSpec("test/fixtures/openrpc/same-names.openrpc.json", ROOT));

describe("one schema, one name", () => {
  it("a result that is its own type name's component is that component", () => {
    expect(document.methods.map((m) => [m.rpcName, m.resultType])).toEqual([
      ["auth", "AuthResult"],
      ["authentication_token", "AuthenticationTokenResult"],
      ["other", "OtherResult"],
    ]);
    const names = document.schemas.map((s) => s.name);
    expect(names.filter((n) => n === "AuthResult")).toHaveLength(1);
    // The params object of `auth` ({ params: AuthParams }) is another schema: it keeps a suffix, with a warning.
    expect(names.filter((n) => /\d$/.test(n))).toEqual(["AuthParams2"]);
    expect(document.warnings.filter((w) => w.rule === "rename").map((w) => w.message)).toEqual([
      expect.stringContaining('name "AuthParams" is already taken'),
    ]);
  });
});
