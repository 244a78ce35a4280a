import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { externalRefs, loadSpec } from "../../../generator/load/load.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "load-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function put(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(dir, "case-"));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), text);
  }
  return root;
}

describe("loadSpec", () => {
  it.each([
    ["JSON", "api.json", `{"openrpc":"1.3.2","x":1}`],
    ["YAML", "api.yaml", "openrpc: 1.3.2\nx: 1\n"],
    ["YML", "api.yml", "openrpc: 1.3.2\nx: 1\n"],
  ])("reads %s", async (_kind, name, text) => {
    const root = await put({ [name]: text });
    const spec = await loadSpec(name, root);
    expect(spec.entry).toBe(name);
    expect(spec.files.get(name)).toEqual({ openrpc: "1.3.2", x: 1 });
  });

  it("follows relative $refs transitively, resolving each against its referring file", async () => {
    const root = await put({
      "spec/main.json": JSON.stringify({ a: { $ref: "./schemas/values.json#/A" }, self: { $ref: "#/a" } }),
      "spec/schemas/values.json": JSON.stringify({ A: { $ref: "../more/b.yaml#/B" } }),
      "spec/more/b.yaml": "B:\n  type: string\n",
    });
    const spec = await loadSpec("spec/main.json", root);
    expect([...spec.files.keys()].sort()).toEqual(["spec/main.json", "spec/more/b.yaml", "spec/schemas/values.json"]);
  });

  // [case, files, entry, message, pointer, rule]: nothing is thrown; each is a finding of its rule.
  it.each([
    ["a missing entry file", {}, "nope.json", /cannot read nope\.json: ENOENT/, "", "unreadable"],
    [
      "a missing referenced file",
      { "m.json": '{"a":{"$ref":"./gone.json#/X"}}' },
      "m.json",
      /cannot read gone\.json: ENOENT/,
      "/a",
      "ref-unreadable",
    ],
    ["invalid JSON", { "m.json": "{nope" }, "m.json", /is not valid JSON/, "", "syntax"],
    ["invalid YAML", { "m.yaml": "a: [1,\n" }, "m.yaml", /is not valid YAML/, "", "syntax"],
    [
      "an invalid referenced file",
      { "m.json": '{"a":{"$ref":"./bad.json#/X"}}', "bad.json": "{" },
      "m.json",
      /is not valid JSON/,
      "",
      "ref-unreadable",
    ],
  ])("reports %s with the place and its rule", async (_name, files, entry, message, pointer, rule) => {
    const root = await put(files as Record<string, string>);
    const spec = await loadSpec(entry, root);
    expect(spec.findings).toHaveLength(1);
    const problem = spec.findings![0]!;
    expect(problem.message).toMatch(message);
    expect(problem.pointer).toBe(pointer);
    expect(problem.rule).toBe(rule);
    expect(problem.hint).toBeTruthy();
  });

  it("cuts what nests deeper than MAX_DEPTH to {} and says where (rule too-deep)", async () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 200; i++) deep = [deep];
    const root = await put({ "m.json": JSON.stringify({ a: deep, b: { c: 1 } }) });
    const spec = await loadSpec("m.json", root);
    expect(spec.findings?.map((f) => [f.rule, f.pointer])).toEqual([["too-deep", `/a${"/0".repeat(127)}`]]);
    const cut = spec.files.get("m.json") as { a: unknown; b: unknown };
    expect(JSON.stringify(cut.a)).toBe(`${"[".repeat(127)}{}${"]".repeat(127)}`);
    expect(cut.b).toEqual({ c: 1 });
  });
});

describe("externalRefs", () => {
  it("lists only refs to other files, with where they are", () => {
    const refs = externalRefs({
      a: { $ref: "#/x" },
      b: [{ $ref: "./v.json#/Y" }],
      c: { $ref: "https://example.org/s.json" },
      "d/e": { $ref: "w.yaml" },
    });
    expect(refs).toEqual([
      { file: "./v.json", pointer: "/b/0", ref: "./v.json#/Y" },
      { file: "w.yaml", pointer: "/d~1e", ref: "w.yaml" },
    ]);
  });
});
