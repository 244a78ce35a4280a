/**
 * A seeded property test of the layout printer: random documents (nested objects, arrays,
 * unions with and without titles, string and number enums, patterns, bounds, positional and
 * by-name params, names of random lengths) come out of the default run exactly as prettier would
 * print them. 400 seeds passed when this was written; the test runs a sample of them.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { uncleanFiles } from "../../helpers/prettier-clean.js";
import { createRandom, type Random } from "../../../runtime/mock-random.js";

type Schema = Record<string, unknown>;
const dir = mkdtempSync(path.join(os.tmpdir(), "format-fuzz-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function randomDocument(r: Random): Record<string, unknown> {
  const name = (max: number): string =>
    Array.from({ length: r.int(1, max) }, (_, i) => (i === 0 ? "a" : r.pick([..."bcdefghijklmnopqrstuvwxyz_"]))).join(
      "",
    );
  const schema = (depth: number): Schema => {
    switch (r.int(0, depth > 2 ? 4 : 8)) {
      case 0:
        return {
          type: "string",
          ...(r.int(0, 1) ? { pattern: `^${name(50)}$` } : {}),
          ...(r.int(0, 1) ? { minLength: r.int(0, 4), maxLength: r.int(10, 1000) } : {}),
        };
      case 1:
        return { type: "integer", minimum: -r.int(0, 100_000), maximum: r.int(0, 1e9) };
      case 2:
        return { type: "string", enum: [...new Set(Array.from({ length: r.int(1, 12) }, () => name(30)))] };
      case 3:
        return {
          type: "integer",
          enum: [...new Set(Array.from({ length: r.int(1, 40) }, () => r.int(-500, 100_000)))],
        };
      case 4:
        return { type: ["string", "null"] };
      case 5:
        return {
          type: "object",
          properties: Object.fromEntries(Array.from({ length: r.int(0, 6) }, () => [name(40), schema(depth + 1)])),
          additionalProperties: r.int(0, 1) === 0,
        };
      case 6:
        return { type: "array", items: schema(depth + 1), ...(r.int(0, 1) ? { minItems: 1 } : {}) };
      case 7:
        return {
          anyOf: Array.from({ length: r.int(2, 4) }, () => ({
            ...schema(depth + 1),
            ...(r.int(0, 1) ? { title: name(20) } : {}),
          })),
        };
      default:
        return { oneOf: [schema(depth + 1), { type: "null" }] };
    }
  };
  const methods = Array.from({ length: r.int(1, 6) }, (_, i) => ({
    name: `${name(40)}${i}`,
    summary: Array.from({ length: r.int(0, 19) }, () => name(10)).join(" "),
    paramStructure: r.pick(["by-name", "by-position"]),
    params: Array.from({ length: r.int(0, 5) }, (_, j) => ({
      name: `${name(30)}${j}`,
      required: r.int(0, 1) === 0,
      schema: schema(0),
    })).sort((x, y) => Number(y.required) - Number(x.required)),
    result: { name: "r", schema: schema(0) },
    ...(r.int(0, 2) === 0 ? { errors: [{ code: -r.int(0, 40_000), message: "m" }] } : {}),
  }));
  const title = Array.from({ length: r.int(1, 8) }, () => name(12)).join(" ");
  return {
    openrpc: "1.3.2",
    info: { title, version: "1" },
    methods,
    components: { schemas: Object.fromEntries(Array.from({ length: r.int(0, 4) }, () => [name(40), schema(0)])) },
  };
}

describe("random documents: the default run is already in prettier's form", () => {
  it.each([1, 7, 19, 42, 77, 123, 256, 311, 389, 400])(
    "seed %i",
    async (seed) => {
      const file = path.join(dir, `fuzz-${seed}.openrpc.json`);
      writeFileSync(file, JSON.stringify(randomDocument(createRandom(String(seed)))));
      const options = { specs: [path.basename(file)], packageName: "fuzz", cwd: dir, examples: "warn" as const };
      const { files } = await generatePackage(options);
      expect(await uncleanFiles(files)).toEqual([]);
    },
    60_000,
  );
});
