/**
 * The rule table: one or more before/after document pairs per rule, each asserting exactly the
 * changes reported (level, rule, method, pointer); then the edits that must report nothing.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { RULES, type RuleId } from "../../../generator/spec-diff/rules.js";
import { diffSpecs, edit, loaded, petstore, probe, reverseKeys, summary, type Case, type Doc } from "./build.js";
import { methodCases } from "./cases-methods.js";
import { schemaCases } from "./cases-schemas.js";

const cases: Case[] = [...methodCases, ...schemaCases];

/** The value at a JSON pointer (`/a/0/b~1c`), `undefined` when there is none. */
function nodeAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function review(before: Doc, after: Doc, files: Record<string, unknown> = {}, afterFiles = files) {
  return diffSpecs(loaded(before, files), loaded(after, afterFiles));
}

describe("each rule, on a pair of small documents", () => {
  it.each(cases.map((c) => [`${c.rule}: ${c.name}`, c] as const))("%s", async (_, c) => {
    const changes = await review(c.before, c.after, c.files, c.afterFiles ?? c.files);
    expect(summary(changes)).toEqual(c.want);
    c.messages?.forEach((phrase, i) => phrase && expect(changes[i]!.message).toContain(phrase));
    for (const change of changes) expect(change.message).toMatch(/^[A-Z].*; .+\.$/);
  });

  it.each(cases.map((c) => [`${c.rule}: ${c.name}`, c] as const))(
    "%s: every pointer names a node of the document on its side (the old one for removals)",
    async (_, c) => {
      const sides = { old: loaded(c.before, c.files), new: loaded(c.after, c.afterFiles ?? c.files) };
      for (const change of await review(c.before, c.after, c.files, c.afterFiles ?? c.files)) {
        const [file, pointer] = change.pointer.split("#") as [string, string];
        const doc = sides[change.side].files.get(file === "" ? sides[change.side].entry : file);
        expect(nodeAt(doc, pointer), `${change.side} ${change.pointer}`).not.toBeUndefined();
      }
    },
  );

  it("covers every rule of the catalogue", () => {
    const proved = new Set<RuleId>(cases.flatMap((c) => [c.rule, ...c.want.map((w) => w[1])]));
    expect(Object.keys(RULES).filter((rule) => !proved.has(rule as RuleId))).toEqual([]);
  });

  it("documents every rule with its level in generator/spec-diff/README.md", async () => {
    const readme = await readFile(path.join(ROOT, "generator", "spec-diff", "README.md"), "utf8");
    const documented = [...readme.matchAll(/^\| `([a-z-]+)` +\| (ERR|WARN|INFO) +\|/gm)].map((m) => [m[1], m[2]]);
    expect(documented).toEqual(Object.entries(RULES).map(([rule, { level }]) => [rule, level]));
  });

  it("says what changed and why in one sentence, with the old and new values", async () => {
    const [change] = await review(
      petstore(),
      edit(petstore(), (d) => (d.methods[0].params[1].schema.maximum = 50)),
    );
    expect(change).toEqual({
      level: "ERR",
      rule: "page-size-max-lowered",
      method: "pets_list",
      pointer: "#/methods/0/params/1/schema/maximum",
      side: "new",
      old: 100,
      new: 50,
      message:
        "The maximum of param pageSize of pets_list was lowered from 100 to 50; callers asking for larger pages are rejected before any request is sent.",
    });
  });

  it("shows a removed or added schema as JSON Schema, without annotations", async () => {
    const [removed] = await review(
      probe({ anyOf: [{ type: "string" }, { type: "integer", minimum: 0, description: "A count." }] }, true),
      probe({ anyOf: [{ type: "string" }] }, true),
    );
    expect([removed!.rule, removed!.old]).toEqual(["request-branch-removed", { type: "integer", minimum: 0 }]);
  });

  it("treats a spec missing on one side as all methods added or removed", async () => {
    expect(summary(await diffSpecs(undefined, loaded(probe({ type: "string" }, { type: "string" }))))).toEqual([
      ["INFO", "method-added", "probe", "#/methods/0"],
    ]);
    expect(summary(await diffSpecs(loaded(probe({ type: "string" }, { type: "string" })), undefined))).toEqual([
      ["ERR", "method-removed", "probe", "#/methods/0"],
    ]);
  });
});

/** Edits that change nothing a caller or the generated code can see. */
const cosmetic: [string, (d: Doc) => void][] = [
  ["nothing", () => {}],
  [
    "descriptions and summaries",
    (d) => {
      d.info.description = "Pets, revised.";
      d.methods[0].summary = "Lists all the pets.";
      d.methods[0].description = "Now with more words.";
      d.methods[0].params[0].description = "The owner, hex.";
      d.methods[1].result.description = "A pet.";
      d.components.schemas.Pet.description = "A pet.";
      d.components.schemas.Pet.properties.name.title = "Name";
      d.servers[0].summary = "The keyed endpoint.";
      d.servers[0].description = "Keyed.";
    },
  ],
  [
    "examples",
    (d) => {
      d.methods[0].examples[0].params[0].value = "0xcd";
      d.methods[0].examples.push({
        name: "two",
        params: [{ name: "owner", value: "0xef" }],
        result: { name: "page", value: { pets: [] } },
      });
      d.components.schemas.Owner.examples = ["0xab"];
    },
  ],
  [
    "component order",
    (d) => (d.components.schemas = Object.fromEntries(Object.entries(d.components.schemas).reverse())),
  ],
  ["key order everywhere", (d) => Object.assign(d, reverseKeys(d))],
  [
    "order inside enum, required and type lists",
    (d) => {
      d.components.schemas.Kind.enum.reverse();
      d.components.schemas.Pet.required.reverse();
    },
  ],
  ["error messages", (d) => (d.methods[0].errors[0].message = "Pet not found")],
  [
    "x-response-deviations (the contract stays as documented)",
    (d) => (d.components.schemas.Pet["x-response-deviations"] = { omitted: ["name"] }),
  ],
  ["anyOf branches reordered", (d) => d.methods[1].result.schema.anyOf.reverse()],
];

describe("edits that must report nothing", () => {
  it.each(cosmetic)("%s", async (_, change) => {
    expect(await review(petstore(), edit(petstore(), change))).toEqual([]);
  });

  it("types the schema model implies, written out (properties make an object, enum values a string)", async () => {
    expect(
      await review(
        probe({ properties: { a: { type: "string" } } }, { enum: ["x", "y"] }),
        probe({ type: "object", properties: { a: { type: "string" } } }, { type: "string", enum: ["x", "y"] }),
      ),
    ).toEqual([]);
  });

  it("type lists in any order", async () => {
    expect(
      await review(
        probe({ type: ["string", "null"] }, { type: ["integer", "string"] }),
        probe({ type: ["null", "string"] }, { type: ["string", "integer"] }),
      ),
    ).toEqual([]);
  });
});
