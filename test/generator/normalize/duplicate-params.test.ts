/**
 * Two params of one name in a method (rule param-duplicate): refused by default;
 * `--allow-duplicate-params` (this rule alone) or `--lenient` (every fallback) generates, the later renamed.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { GeneratorError } from "../../../generator/problems.js";
import { doc } from "../../helpers/spec.js";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "duplicate-params-"));
  const document = doc([
    {
      name: "pair",
      params: [
        { name: "a", required: true, schema: { type: "string" } },
        { name: "a", schema: { type: "integer" } },
      ],
    },
  ]);
  await writeFile(path.join(dir, "dup.openrpc.json"), JSON.stringify(document));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("duplicate param names", () => {
  it("are refused by default, with the place, the rule and the switch that generates anyway", async () => {
    const error = await generatePackage({ specs: ["dup.openrpc.json"], packageName: "x", cwd: dir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).problems).toEqual([
      expect.objectContaining({
        pointer: "/methods/0/params/1/name",
        message: 'param name "a" is used twice in method "pair".',
        rule: "param-duplicate",
        hint: expect.stringContaining("--lenient") as string,
      }),
    ]);
  });

  it.each([
    ["allowDuplicateParams", { allowDuplicateParams: true }],
    ["lenient", { lenient: true }],
  ])("with %s: generated, the later one renamed, and a warning", async (_name, option) => {
    const result = await generatePackage({ specs: ["dup.openrpc.json"], packageName: "x", cwd: dir, ...option });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        pointer: "/methods/0/params/1/name",
        message: 'param name "a" is used twice in method "pair".',
        rule: "param-duplicate",
        hint: expect.stringContaining("renamed with a number") as string,
      }),
    );
    expect(result.documents[0]!.methods[0]!.params.map((p) => p.name)).toEqual(["a", "a2"]);
    const client = [...result.files].find(([f]) => f.endsWith("/client.ts"))![1];
    expect(client).toContain('pair(a: PairParams["a"], a2?: PairParams["a2"], options?: CallOptions)');
  });
});
