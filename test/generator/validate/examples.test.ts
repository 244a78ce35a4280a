import { describe, expect, it } from "vitest";
import { validateExamples } from "../../../generator/validate/examples.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { doc, loaded } from "../../helpers/spec.js";

const method = (examples: unknown[]) => ({
  name: "get",
  params: [{ name: "n", required: true, schema: { type: "integer", maximum: 5 } }],
  result: { name: "r", schema: { $ref: "#/components/schemas/Thing" } },
  examples,
});
const schemas = {
  Thing: {
    type: "object",
    required: ["id", "chain"],
    properties: { id: { type: "string" }, chain: { type: "string" } },
    "x-response-deviations": { omitted: ["chain"] },
  },
};
const check = (examples: unknown[]) => validateExamples(normalizeDocument(loaded(doc([method(examples)], schemas))));

describe("validateExamples", () => {
  it("accepts valid examples, with the result checked after x-response-deviations", () => {
    expect(
      check([{ name: "ok", params: [{ name: "n", value: 3 }], result: { name: "r", value: { id: "a" } } }]),
    ).toEqual([]);
  });

  it.each([
    [
      "params over the maximum",
      { name: "big", params: [{ name: "n", value: 9 }], result: { name: "r", value: { id: "a" } } },
      "/methods/0/examples/0/params",
      "has invalid params: /n must be <= 5",
    ],
    [
      "a result missing a documented field that has no deviation",
      { name: "noid", params: [{ name: "n", value: 1 }], result: { name: "r", value: { chain: "x" } } },
      "/methods/0/examples/0/result",
      "has an invalid result: (result) must have required property 'id'",
    ],
  ])("reports %s", (_name, example, pointer, message) => {
    const problems = check([example]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe(pointer);
    expect(problems[0]!.message).toContain(message);
  });
});
