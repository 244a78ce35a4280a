/**
 * A method whose result is the component of the very name its result type would have
 * (`auth` → `$ref: AuthResult`) uses that component: one schema, one name, no `AuthResult2`.
 * test/generator/corpus.test.ts type-checks the fixture's whole package.
 */
import { describe, expect, it } from "vitest";
import { loadSpec } from "../../../generator/load/load.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { ROOT } from "../../../generator/root.js";
import { loaded } from "../../helpers/spec.js";

/** The document with its `#/definitions/X` refs written as the embedded-definitions fallback writes them. */
function applyEmbedded(doc: { methods: { result: { schema: unknown } }[] }): unknown {
  const copy = structuredClone(doc);
  copy.methods.forEach((m, i) => {
    const text = JSON.stringify(m.result.schema).replaceAll(
      '"#/definitions/',
      `"#/methods/${i}/result/schema/definitions/`,
    );
    m.result.schema = JSON.parse(text) as unknown;
  });
  return copy;
}

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
    // The params object of `auth` ({ params: AuthParams }) is another schema: it has a name of its own, not a number.
    expect(names.filter((n) => /\d$/.test(n))).toEqual([]);
    expect(document.methods[0]!.paramsType).toBe("AuthCallParams");
    expect(document.warnings.filter((w) => w.rule === "rename")).toEqual([]);
  });

  it("a params object that is the document's own schema of its name is that schema (soulseek's DownloadStartParams)", () => {
    const doc = {
      openrpc: "1.3.2",
      info: { title: "T", version: "1" },
      methods: [
        {
          name: "download.start",
          paramStructure: "by-name",
          params: [
            { name: "filename", required: true, schema: { type: "string" } },
            { name: "size", schema: { $ref: "#/components/schemas/Size" } },
          ],
          result: { name: "r", schema: { type: "boolean" } },
        },
      ],
      components: {
        schemas: {
          Size: { type: "integer", minimum: 0 },
          DownloadStartParams: {
            type: "object",
            title: "Another title does not matter",
            properties: { size: { $ref: "#/components/schemas/Size" }, filename: { type: "string" } },
            required: ["filename"],
          },
        },
      },
    };
    const model = normalizeDocument(loaded(doc));
    expect(model.methods[0]!.paramsType).toBe("DownloadStartParams");
    expect(model.schemas.filter((s) => s.name.startsWith("DownloadStart")).map((s) => s.name)).toEqual([
      "DownloadStartParams",
      "DownloadStartResult",
    ]);
    // Not the same object once a param is required that the schema leaves optional: a name of its own.
    const other = structuredClone(doc) as { methods: { params: Record<string, unknown>[] }[] };
    other.methods[0]!.params[1]!.required = true;
    expect(normalizeDocument(loaded(other)).methods[0]!.paramsType).toBe("DownloadStartCallParams");
  });

  it("one schema written twice under one name (schemars' copies, a $schema or title apart) is one type", () => {
    const copy = { type: "object", properties: { id: { type: "string" } }, required: ["id"] };
    const doc = {
      openrpc: "1.3.2",
      info: { title: "T", version: "1" },
      methods: [
        {
          name: "a",
          params: [],
          result: {
            name: "r",
            schema: { type: "object", properties: { x: { $ref: "#/definitions/Tx" } }, definitions: { Tx: copy } },
          },
        },
        {
          name: "b",
          params: [],
          result: {
            name: "r",
            schema: {
              type: "array",
              items: { $ref: "#/definitions/Tx" },
              definitions: { Tx: { ...copy, $schema: "x", title: "Tx" } },
            },
          },
        },
      ],
    };
    const lenient = applyEmbedded(doc);
    const model = normalizeDocument(loaded(lenient));
    expect(model.schemas.map((s) => s.name).filter((n) => n.startsWith("Tx"))).toEqual(["Tx"]);
  });
});
