import { describe, expect, it } from "vitest";
import { validateMetaSchema } from "../../../generator/validate/meta-schema.js";
import { doc } from "../../helpers/spec.js";
import type { Doc } from "../spec-diff/build.js";

describe("validateMetaSchema", () => {
  it("accepts a valid document, including templated server URLs", () => {
    const valid = doc(
      [{ name: "m" }],
      {},
      {
        servers: [
          {
            name: "s",
            url: "{base}/{apiKey}",
            variables: { base: { default: "https://x.example/a" }, apiKey: { default: "KEY" } },
          },
        ],
      },
    );
    expect(validateMetaSchema(valid, "a.json")).toEqual([]);
  });

  it.each([
    ["missing info.version", (d: Doc) => delete d.info.version, "/info", 'missing required property "version"'],
    ["unknown method property", (d: Doc) => (d.methods[0].colour = 1), "/methods/0", 'unknown property "colour"'],
    ["params not an array", (d: Doc) => (d.methods[0].params = {}), "/methods/0/params", "must be array, found {}."],
    ["a name that is a number", (d: Doc) => (d.methods[0].name = 12), "/methods/0/name", "must be string, found 12."],
    [
      "bad paramStructure",
      (d: Doc) => (d.methods[0].paramStructure = "sideways"),
      "/methods/0/paramStructure",
      'must be one of "by-position", "by-name", "either", found "sideways".',
    ],
    [
      "server URL that is not a URL even after expansion",
      (d: Doc) => (d.servers = [{ url: "not a url" }]),
      "/servers/0/url",
      'must match format "uri", found "not a url".',
    ],
  ])("reports %s at its JSON pointer", (_name, breakIt, pointer, message) => {
    const d = doc([{ name: "m" }]);
    breakIt(d);
    const problems = validateMetaSchema(d, "a.json");
    expect(problems.map((p) => p.pointer)).toContain(pointer);
    const p = problems.find((x) => x.pointer === pointer)!;
    expect(p.message).toContain(message);
    expect(p.file).toBe("a.json");
    expect(p.hint).toBeTruthy();
  });

  it("does not report the Reference-object branch for a method that is not a $ref", () => {
    const d = doc([{ name: "m", colour: 1 }]);
    const problems = validateMetaSchema(d, "a.json");
    expect(problems.map((p) => p.message).join("\n")).not.toContain('"$ref"');
    expect(problems).toHaveLength(1);
  });

  it("names the method, the param and the value of a misspelt schema type, and not the list branch", () => {
    const d = doc([{ name: "eth_call", params: [{ name: "block", schema: { type: "strng" } }] }]);
    const problems = validateMetaSchema(d, "a.json");
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      [
        "/methods/0/params/0/schema/type",
        'does not follow the OpenRPC 1.3 meta-schema (method "eth_call", param "block"): must be one of "array", "boolean", "integer", "null", "number", "object", "string", found "strng".',
      ],
    ]);
  });

  it("names the method of a problem in its result", () => {
    const d = doc([{ name: "m", result: { name: "r", schema: { type: "strng" } } }]);
    expect(validateMetaSchema(d, "a.json")[0]?.message).toContain('meta-schema (method "m", result): must be one of');
  });
});
