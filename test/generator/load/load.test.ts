import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { externalRefs, loadSpec } from "../../../generator/load/load.js";
import { GeneratorError } from "../../../generator/problems.js";

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

  it.each([
    ["a missing entry file", {}, "nope.json", /cannot read nope\.json: ENOENT/, ""],
    [
      "a missing referenced file",
      { "m.json": '{"a":{"$ref":"./gone.json#/X"}}' },
      "m.json",
      /cannot read gone\.json: ENOENT/,
      "/a",
    ],
    ["invalid JSON", { "m.json": "{nope" }, "m.json", /is not valid JSON/, ""],
    ["invalid YAML", { "m.yaml": "a: [1,\n" }, "m.yaml", /is not valid YAML/, ""],
  ])("reports %s with the place", async (_name, files, entry, message, pointer) => {
    const root = await put(files as Record<string, string>);
    const error = await loadSpec(entry, root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    const problem = (error as GeneratorError).problems[0]!;
    expect(problem.message).toMatch(message);
    expect(problem.pointer).toBe(pointer);
    expect(problem.hint).toBeTruthy();
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
