/**
 * `applyDeviations` (generator/normalize/deviations.ts): the lenient copy of a schema, made only
 * when the schema mentions `x-response-deviations`; otherwise the schema itself (the same object,
 * which tells the examples check and the emitters that the two are one).
 */
import { describe, expect, it } from "vitest";
import { applyDeviations } from "../../../generator/normalize/deviations.js";
import type { JsonSchema } from "../../../generator/model/document.js";

type Schema = Exclude<JsonSchema, boolean>;

const thing = (extra: Record<string, unknown> = {}): Schema => ({
  type: "object",
  required: ["id", "chain"],
  properties: { id: { type: "string" }, chain: { type: "string" } },
  ...extra,
});

describe("applyDeviations", () => {
  it.each<[string, JsonSchema]>([
    ["no deviations", thing()],
    ["a description that names the keyword in a sentence", thing({ description: "See x-response-deviations." })],
    ["the keyword with no value", thing({ "x-response-deviations": undefined })],
  ])("leaves a schema alone: %s", (_name, schema) => {
    expect(applyDeviations(schema)).toBe(schema);
  });

  it("applies deviations found deep inside (an array of an anyOf of an object)", () => {
    const inner = thing({ "x-response-deviations": { omitted: ["chain"], nullable: ["id"] } });
    const schema: Schema = { anyOf: [{ type: "array", items: inner }, { type: "null" }] };
    expect(applyDeviations(schema)).toEqual({
      anyOf: [
        {
          type: "array",
          items: {
            ...inner,
            required: ["id"],
            properties: { id: { type: ["string", "null"] }, chain: { type: "string" } },
          },
        },
        { type: "null" },
      ],
    });
    // The documented schema is not changed.
    expect(inner.required).toEqual(["id", "chain"]);
  });

  it("copies (unchanged) a schema that holds the word only as a value, as before", () => {
    const schema = thing({ enum: ["x-response-deviations"] });
    const lenient = applyDeviations(schema);
    expect(lenient).not.toBe(schema);
    expect(lenient).toEqual(schema);
  });

  it("answers for a schema that shares a subschema many times, without walking it again each time", () => {
    let shared: Schema = { type: "string" };
    for (let i = 0; i < 40; i++) shared = { anyOf: [shared, shared] };
    expect(applyDeviations(shared)).toBe(shared);
  });
});
