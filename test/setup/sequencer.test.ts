/**
 * The order a run starts the test files in (test/setup/sequencer.ts): vitest's cache first, the
 * committed durations where the cache knows nothing (a new clone), new files first.
 */
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderFileOrder } from "../../bench/test-times.js";
import type { FileTime } from "../../bench/test-times-reporter.js";
import { ROOT } from "../../generator/root.js";
import { FILE_ORDER, orderFiles, readFileOrder, type LastRun } from "./sequencer.js";

it("vitest.config.ts orders the files with it", async () => {
  const { default: config } = await import("../../vitest.config.js");
  const { default: SeededSequencer } = await import("./sequencer.js");
  expect(config.test?.sequence?.sequencer).toBe(SeededSequencer);
});

describe("orderFiles", () => {
  const sizes: Record<string, number> = { a: 10, b: 500, c: 20, d: 30, e: 40 };
  const order = (known: Record<string, LastRun>): string[] =>
    orderFiles(
      Object.keys(sizes),
      (f) => known[f],
      (f) => sizes[f]!,
    );

  it("starts the longest first, as vitest does with its cache", () => {
    const run = (ms: number): LastRun => ({ durationMs: ms, failed: false });
    expect(order({ a: run(5), b: run(1), c: run(30), d: run(20), e: run(10) })).toEqual(["c", "d", "e", "a", "b"]);
  });

  it("puts unknown files first (largest first), then the ones that failed, then the longest", () => {
    const known = {
      a: { durationMs: 100, failed: false },
      c: { durationMs: 1, failed: true },
      d: { durationMs: 50, failed: false },
    };
    expect(order(known)).toEqual(["b", "e", "c", "a", "d"]);
  });

  it("keeps the given order on ties", () => {
    const same = { durationMs: 7, failed: false };
    expect(order({ a: same, b: same, c: same, d: same, e: same })).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("the committed durations", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "file-order-"));
    await mkdir(path.join(dir, path.dirname(FILE_ORDER)), { recursive: true });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const write = (text: string) => writeFile(path.join(dir, FILE_ORDER), text);

  it("are read back as npm run test:times writes them", async () => {
    const file = (name: string, runMs: number): FileTime => ({
      file: name,
      runMs,
      state: "passed",
      tests: 1,
      collectMs: 0,
      setupMs: 0,
      testsMs: 0,
      ownCpuMs: null,
      childCpuMs: null,
      slowest: [],
    });
    await write(renderFileOrder({ failures: 0, files: [file("test/z.test.ts", 1234), file("test/a.test-d.ts", 0)] }));
    expect([...readFileOrder(dir)]).toEqual([
      ["test/a.test-d.ts", 0],
      ["test/z.test.ts", 1200],
    ]);
  });

  it("are none when the file is missing, not JSON, or not a map of durations; bad entries are dropped", async () => {
    await rm(path.join(dir, FILE_ORDER), { force: true });
    expect(readFileOrder(dir).size).toBe(0);
    for (const text of ["{", "[]", "null", '{"durations": [1]}', '{"durations": "x"}', '{"durations": null}'])
      await write(text).then(() => expect(readFileOrder(dir).size, text).toBe(0));
    await write('{"durations": {"a": 5, "b": "7", "c": -1, "d": null, "__proto__": 3}}');
    expect([...readFileOrder(dir)]).toEqual([
      ["a", 5],
      ["__proto__", 3],
    ]);
  });

  it("in the repository name most of the test files (else a new clone is ordered by size again)", async () => {
    const { readdir } = await import("node:fs/promises");
    const seeded = readFileOrder(ROOT);
    const files = (await readdir(path.join(ROOT, "test"), { recursive: true }))
      .map((f) => `test/${f.split(path.sep).join("/")}`)
      .filter((f) => /\.test(-d)?\.ts$/.test(f));
    expect(seeded.size).toBeGreaterThan(files.length * 0.8);
  });
});
