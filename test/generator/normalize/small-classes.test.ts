/** Smaller defect classes of real documents: white space around a method name, `allOf` members that admit anything. */
import { describe, expect, it } from "vitest";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { emitTypes } from "../../../generator/plugins/types/types.js";
import { doc, loaded } from "../../helpers/spec.js";

describe("smaller classes", () => {
  it("a method name with white space at its end is sent as written, with a warning that says so", () => {
    const model = normalizeDocument(loaded(doc([{ name: "get_thing " }])));
    expect(model.methods[0]!.rpcName).toBe("get_thing ");
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        "/methods/0/name",
        'method name "get_thing " begins or ends with white space; it is sent as written, and its client method is "getThing".',
      ],
    ]);
  });

  it("an allOf member that admits any value adds nothing to the type (no `unknown &`)", () => {
    const items = {
      allOf: [{}, { description: "only words" }, { type: "object", properties: { x: { type: "string" } } }],
    };
    const model = normalizeDocument(
      loaded(doc([{ name: "list", result: { name: "r", schema: { type: "array", items } } }])),
    );
    const types = emitTypes(model);
    expect(types).toMatch(/export type ListResult = \{\s+x\?: string;\s+\}\[\];/);
    expect(types).not.toContain("unknown &");
  });
});
