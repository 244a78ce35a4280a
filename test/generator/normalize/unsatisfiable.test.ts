/**
 * Schemas no value satisfies (spec/README.md, "Schemas no value satisfies"): each a warning that
 * names it, then read one documented way by every output, since all read the same nodes.
 */
import { describe, expect, it } from "vitest";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import type { ObjectNode } from "../../../generator/model/schema.js";
import { generateValue } from "../../../generator/mock/values.js";
import { nodeDefinitions } from "../../../generator/model/definitions.js";
import { doc, loaded } from "../../helpers/spec.js";

const document = normalizeDocument(
  loaded(
    doc(
      [
        { name: "get_op", result: { name: "op", schema: { $ref: "#/components/schemas/WrappedOperation" } } },
        { name: "ban", result: { name: "No return", schema: false } },
        { name: "ok", result: { name: "fine", schema: { $ref: "#/components/schemas/Fine" } } },
      ],
      {
        // massa's: `required` names properties that additionalProperties: false forbids.
        WrappedOperation: {
          type: "object",
          properties: { content_creator_pub_key: { type: "string" }, id: { type: "string" } },
          required: ["creator_public_key", "creator_address", "id"],
          additionalProperties: false,
        },
        // A required name that a pattern admits is satisfiable.
        Fine: {
          type: "object",
          patternProperties: { "^x_": { type: "string" } },
          required: ["x_id"],
          additionalProperties: false,
        },
      },
    ),
  ),
);

describe("unsatisfiable schemas", () => {
  it("are warnings that name the schema, its place and the fix", () => {
    const warnings = document.warnings.filter((w) => w.rule === "unsatisfiable");
    expect(warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/components/schemas/WrappedOperation",
        'schema WrappedOperation requires "creator_public_key", "creator_address", which its additionalProperties: false forbids, so no value fits it; the generated code treats them as not required.',
      ],
      [
        "/methods/1/result/schema",
        'the result schema of method "ban" is `false`, which no value fits; the generated code reads it as "returns null".',
      ],
    ]);
    for (const w of warnings) expect(w.hint).toMatch(/\.$/);
  });

  it("required names that are forbidden are no longer required; the others stay", () => {
    const node = document.schemas.find((s) => s.name === "WrappedOperation")!.node as ObjectNode;
    expect(node.requiredOnly).toEqual([]);
    expect(node.properties.find((p) => p.name === "id")!.required).toBe(true);
    expect((document.schemas.find((s) => s.name === "Fine")!.node as ObjectNode).requiredOnly).toEqual(["x_id"]);
  });

  it("a result schema `false` is null, for the types, the validators and the mock alike", () => {
    const result = document.schemas.find((s) => s.name === "BanResult")!;
    expect(result.node.kind).toBe("null");
    expect(result.lenientNode).toBe(result.node);
    const definitions = nodeDefinitions(document.schemas, false);
    expect(generateValue({ kind: "ref", name: "BanResult", pointer: "" }, definitions, "seed")).toBeNull();
    // The mock's value for the relaxed object passes: no required name is left that it cannot make.
    const value = generateValue({ kind: "ref", name: "WrappedOperation", pointer: "" }, definitions, "seed");
    expect(Object.keys(value as object).sort()).toEqual(expect.arrayContaining(["id"]));
    expect(value).not.toHaveProperty("creator_public_key");
  });
});
