/**
 * The mock given a warm process's load cache (`startMockServer({ cache })`, what the playground
 * passes): a document generated with that cache is not read and checked again (its examples are
 * not compiled a second time), and a document edited since is read afresh, so the cache never
 * serves a stale spec, nor a file that the mock's own reading options would not let it read.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCaches } from "../../../generator/commands/caches.js";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { startMockServer } from "../../../generator/mock/server.js";
import { ajvUse } from "../../../generator/validate/examples.js";

const method = (name: string, result: unknown) => ({
  name,
  params: [{ name: "id", required: true, schema: { type: "string", pattern: "^[a-z]+$" } }],
  result: { name: "result", schema: { type: "object", required: ["n"], properties: { n: { type: "integer" } } } },
  examples: [{ name: "one", params: [{ name: "id", value: "abc" }], result: { name: "result", value: result } }],
});
const spec = (methods: unknown[]) =>
  JSON.stringify({ openrpc: "1.2.6", info: { title: "Cached", version: "1.0.0" }, methods });

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mock-load-cache-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The examples' schemas ajv compiled while `run` ran (examples.ts counts them). */
async function compiledDuring<T>(run: () => Promise<T>): Promise<{ value: T; compiled: number }> {
  const before = ajvUse.compiled;
  const value = await run();
  return { value, compiled: ajvUse.compiled - before };
}

async function call(url: string, name: string): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: name, params: { id: "abc" } }),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

describe("the mock with a warm process's load cache", () => {
  it("serves a document generated with that cache without reading and checking it again", async () => {
    await writeFile(path.join(dir, "a.json"), spec([method("get_one", { n: 1 })]));
    const caches = newCaches();
    const generated = await compiledDuring(() =>
      generatePackage({ specs: ["a.json"], cwd: dir, packageName: "cached" }, caches),
    );
    expect(generated.compiled).toBeGreaterThan(0);
    const warm = await compiledDuring(() => startMockServer({ specs: ["a.json"], cwd: dir, cache: caches.load }));
    try {
      expect(warm.compiled).toBe(0);
      expect(warm.value.methods).toEqual(["get_one"]);
      expect(await call(warm.value.url, "get_one")).toEqual({ n: 1 });
    } finally {
      await warm.value.close();
    }
    // Without the cache the same start checks the examples again: the counter above sees that work.
    const cold = await compiledDuring(() => startMockServer({ specs: ["a.json"], cwd: dir }));
    await cold.value.close();
    expect(cold.compiled).toBeGreaterThan(0);
  });

  it("reads a document edited since it was cached afresh: a new method and a new example result are served", async () => {
    await writeFile(path.join(dir, "b.json"), spec([method("get_one", { n: 1 })]));
    const caches = newCaches();
    await generatePackage({ specs: ["b.json"], cwd: dir, packageName: "cached" }, caches);
    await writeFile(path.join(dir, "b.json"), spec([method("get_one", { n: 2 }), method("get_two", { n: 3 })]));
    const mock = await startMockServer({ specs: ["b.json"], cwd: dir, cache: caches.load });
    try {
      expect(mock.methods).toEqual(["get_one", "get_two"]);
      expect(await call(mock.url, "get_one")).toEqual({ n: 2 });
      expect(await call(mock.url, "get_two")).toEqual({ n: 3 });
    } finally {
      await mock.close();
    }
  });

  it("keeps the reading options apart: a document cached under --lenient is checked again when read strictly", async () => {
    // An example that does not fit: a warning under --lenient, an error (the mock refuses) strictly.
    await writeFile(path.join(dir, "c.json"), spec([method("get_one", { n: "not a number" })]));
    const caches = newCaches();
    await generatePackage({ specs: ["c.json"], cwd: dir, packageName: "cached", lenient: true }, caches);
    const lenient = await startMockServer({ specs: ["c.json"], cwd: dir, lenient: true, cache: caches.load });
    await lenient.close();
    expect(lenient.warnings.join("\n")).toContain("example");
    await expect(startMockServer({ specs: ["c.json"], cwd: dir, cache: caches.load })).rejects.toThrow(/example/);
  });

  it("never serves a $ref a cached read could reach but the mock's own options forbid (--ref-root)", async () => {
    // root/work/d.json refers to shared.json, which is root/shared.json under --ref-root .. and nowhere without it.
    const root = path.join(dir, "root");
    await mkdir(path.join(root, "work"), { recursive: true });
    await writeFile(
      path.join(root, "shared.json"),
      JSON.stringify({ type: "object", properties: { n: { type: "integer" } } }),
    );
    const shared = { ...method("get_one", { n: 1 }), result: { name: "result", schema: { $ref: "shared.json" } } };
    await writeFile(path.join(root, "work", "d.json"), spec([shared]));
    const cwd = path.join(root, "work");
    const caches = newCaches();
    await generatePackage({ specs: ["d.json"], cwd, packageName: "cached", refRoot: ".." }, caches);
    const allowed = await startMockServer({ specs: ["d.json"], cwd, refRoot: "..", cache: caches.load });
    await allowed.close();
    expect(allowed.methods).toEqual(["get_one"]);
    await expect(startMockServer({ specs: ["d.json"], cwd, cache: caches.load })).rejects.toThrow(/shared\.json/);
  });
});
