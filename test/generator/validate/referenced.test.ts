/**
 * Objects reached through `$ref`s are checked against the meta-schema as if written in place
 * (validate/referenced.ts): hostile or broken referenced files give one problem each, where the
 * object is written, instead of reaching normalize.
 */
import { describe, expect, it } from "vitest";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { validateSpec } from "../../../generator/validate/spec.js";
import { loaded } from "../../helpers/spec.js";

const descriptor = { name: "n", schema: { type: "string" } };
/** A document with exactly these methods (test/helpers/spec.ts's `doc` adds params and a result to each). */
const doc = (methods: unknown[], extra: Record<string, unknown> = {}) => ({
  openrpc: "1.3.2",
  info: { title: "Test API", version: "1.0.0" },
  methods,
  ...extra,
});
const problemsOf = (methods: unknown[], other: Record<string, unknown>) =>
  validateSpec(loaded(doc(methods), { "spec/other.json": other })).problems.map(
    (p) => `${p.file}#${p.pointer}: ${p.message}`,
  );

describe("validateSpec: objects reached through $ref", () => {
  it.each<[string, unknown[], Record<string, unknown>, string[]]>([
    [
      "a method whose params are not a list",
      [{ $ref: "other.json#/m" }],
      { m: { name: "x", params: 5 } },
      ["spec/other.json#/m/params: does not follow the OpenRPC 1.3 meta-schema: must be array, found 5."],
    ],
    [
      "a param without a schema",
      [{ name: "x", params: [{ $ref: "other.json#/p" }] }],
      { p: { name: "n" } },
      ['spec/other.json#/p: does not follow the OpenRPC 1.3 meta-schema: is missing required property "schema".'],
    ],
    [
      "a result with an unknown member",
      [{ name: "x", params: [], result: { $ref: "other.json#/r" } }],
      { r: { ...descriptor, colour: "red" } },
      ['spec/other.json#/r: does not follow the OpenRPC 1.3 meta-schema: has unknown property "colour".'],
    ],
    [
      "an error whose code is text",
      [{ name: "x", params: [], errors: [{ $ref: "other.json#/e" }] }],
      { e: { code: "-32000", message: "m" } },
      ['spec/other.json#/e/code: does not follow the OpenRPC 1.3 meta-schema: must be integer, found "-32000".'],
    ],
    [
      "an example pairing without params",
      [{ name: "x", params: [], examples: [{ $ref: "other.json#/pair" }] }],
      { pair: { name: "p" } },
      ['spec/other.json#/pair: does not follow the OpenRPC 1.3 meta-schema: is missing required property "params".'],
    ],
    [
      "an example without a value, reached from a referenced pairing",
      [{ name: "x", params: [], examples: [{ $ref: "other.json#/pair" }] }],
      { pair: { name: "p", params: [{ $ref: "#/ex" }] }, ex: { name: "e" } },
      ['spec/other.json#/ex: does not follow the OpenRPC 1.3 meta-schema: is missing required property "value".'],
    ],
    [
      "the end of a chain of references",
      [{ $ref: "other.json#/a" }],
      { a: { $ref: "#/b" }, b: { $ref: "#/c" }, c: "not a method" },
      ['spec/other.json#/c: does not follow the OpenRPC 1.3 meta-schema: must be object, found "not a method".'],
    ],
    [
      "one object referenced from two methods, reported once",
      [{ $ref: "other.json#/m" }, { name: "y", params: [], result: { $ref: "other.json#/m/result" } }],
      { m: { name: "x", params: [], result: { name: "r" } } },
      [
        'spec/other.json#/m/result: does not follow the OpenRPC 1.3 meta-schema: is missing required property "schema".',
      ],
    ],
    ["valid referenced objects", [{ $ref: "other.json#/m" }], { m: { name: "x", params: [descriptor] } }, []],
  ])("%s", (_name, methods, other, expected) => {
    expect(problemsOf(methods, other)).toEqual(expected);
  });

  it("checks a method elsewhere in the entry document (outside components) too", () => {
    const spec = loaded(doc([{ $ref: "#/x-stash/m" }], { "x-stash": { m: { name: "x", params: {} } } }));
    expect(validateSpec(spec).problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      "/x-stash/m/params: does not follow the OpenRPC 1.3 meta-schema: must be array, found {}.",
    ]);
  });

  it("lets a valid referenced method through to normalize", () => {
    const spec = loaded(doc([{ $ref: "other.json#/m" }]), {
      "spec/other.json": { m: { name: "x", params: [descriptor], result: descriptor } },
    });
    expect(validateSpec(spec).problems).toEqual([]);
    expect(normalizeDocument(spec).methods.map((m) => m.rpcName)).toEqual(["x"]);
  });
});
