/** Notes: what changed besides the contract, found by comparing the files as plain JSON. */
import { describe, expect, it } from "vitest";
import { textChanges } from "../../../generator/spec-diff/documentation.js";
import { reviewSpec } from "../../../generator/spec-diff/review.js";
import { edit, loaded, petstore, probe, side, type Doc } from "./build.js";

const notes = (before: Doc, after: Doc) =>
  textChanges(loaded(before), loaded(after)).map((n) => [n.kind, n.change, n.pointer, n.side]);

describe("textChanges", () => {
  it.each([
    [
      "a method description",
      (d: Doc) => (d.methods[0].summary = "Lists every pet."),
      [["documentation", "changed", "#/methods/0/summary", "new"]],
    ],
    ["the info object", (d: Doc) => (d.info.version = "1.0.1"), [["documentation", "changed", "#/info", "new"]]],
    [
      "an error message",
      (d: Doc) => (d.methods[0].errors[0].message = "No pet"),
      [["documentation", "changed", "#/methods/0/errors/0/message", "new"]],
    ],
    [
      "a description removed",
      (d: Doc) => delete d.methods[0].params[0].description,
      [["documentation", "removed", "#/methods/0/params/0/description", "old"]],
    ],
    [
      "a title added to a schema",
      (d: Doc) => (d.components.schemas.Kind.title = "Kind"),
      [["documentation", "added", "#/components/schemas/Kind/title", "new"]],
    ],
    [
      "an example added",
      (d: Doc) =>
        d.methods[0].examples.push({ name: "two", params: [], result: { name: "page", value: { pets: [] } } }),
      [["documentation", "changed", "#/methods/0/examples", "new"]],
    ],
    [
      "an enum reordered (no rule grades order)",
      (d: Doc) => d.components.schemas.Kind.enum.reverse(),
      [
        ["other", "changed", "#/components/schemas/Kind/enum/0", "new"],
        ["other", "changed", "#/components/schemas/Kind/enum/1", "new"],
      ],
    ],
    [
      "nothing but key order",
      (d: Doc) => (d.info = { description: d.info.description, version: d.info.version, title: d.info.title }),
      [],
    ],
  ] as [string, (d: Doc) => void, string[][]][])("%s", (_, change, want) => {
    expect(notes(petstore(), edit(petstore(), change))).toEqual(want);
  });

  it("a property named `description` or `title` is a name, not documentation", async () => {
    const object = (properties: Record<string, unknown>) => ({ type: "object", properties });
    const before = probe(object({ description: { type: "string" } }), { type: "string" });
    const after = probe(object({ description: { type: "integer" }, title: { type: "string" } }), { type: "string" });
    expect(notes(before, after)).toEqual([
      ["other", "changed", "#/methods/0/params/0/schema/properties/description/type", "new"],
      ["other", "added", "#/methods/0/params/0/schema/properties/title", "new"],
    ]);
    // The review grades both: they are contract changes, and no documentation note remains.
    const report = reviewSpec(await side(loaded(before)), await side(loaded(after)));
    expect(report.findings.map((f) => f.rule)).toEqual([
      "request-type-removed",
      "request-type-added",
      "request-property-added",
    ]);
    expect(report.notes).toEqual([]);
  });

  it("stops at 200 notes", () => {
    const before = petstore();
    const after = edit(before, (d) => {
      for (let i = 0; i < 300; i++) d.components.schemas[`T${i}`] = { type: "string", description: `${i}` };
    });
    const base = edit(before, (d) => {
      for (let i = 0; i < 300; i++) d.components.schemas[`T${i}`] = { type: "string", description: "old" };
    });
    expect(textChanges(loaded(base), loaded(after))).toHaveLength(200);
  });

  it("nothing for a spec that exists on one side only (its methods are findings)", () => {
    expect(textChanges(undefined, loaded(petstore()))).toEqual([]);
  });
});
