/**
 * Cost that grows too fast (issue 24, class 8): generation is linear in the method count now (the
 * benchmark row is `npm run bench -- --only scaling`; tests time nothing), and a document past
 * MAX_METHODS is refused before any other check, with one sentence naming `/methods`.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../generator/commands/pipeline.js";
import { MAX_METHODS } from "../../generator/defaults.js";
import { loadMockDocuments } from "../../generator/mock/load.js";
import { GeneratorError } from "../../generator/problems.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "scale-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function documentWith(methods: number, name: string): Promise<string> {
  const file = path.join(dir, `${name}.openrpc.json`);
  await writeFile(
    file,
    JSON.stringify({
      openrpc: "1.3.2",
      info: { title: "Scale", version: "1.0.0" },
      methods: Array.from({ length: methods }, (_, i) => ({
        name: `m${i}`,
        params: [],
        result: { name: "r", schema: { type: "string" } },
      })),
    }),
  );
  return file;
}

async function problemsOf(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GeneratorError);
  return (error as GeneratorError).problems.map((p) => `${p.pointer} ${p.message} ${p.hint ?? ""}`);
}

describe("the size guard", () => {
  it.each([MAX_METHODS + 1, MAX_METHODS * 2])(
    "%i methods: `npm run gen` refuses with one problem at /methods",
    async (n) => {
      const file = await documentWith(n, `big-${n}`);
      const problems = await problemsOf(generatePackage({ specs: [file], packageName: "p", cwd: dir }));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(`/methods has ${n.toLocaleString("en-US")} methods; the generator takes at most`);
      expect(problems[0]).toContain("Split the service into several documents");
    },
    60_000,
  );

  it("the mock refuses the same document", async () => {
    const file = await documentWith(MAX_METHODS + 1, "big-mock");
    expect((await problemsOf(loadMockDocuments([file], { cwd: dir }))).join("\n")).toContain("/methods has");
  }, 60_000);

  it("a document of a few hundred methods is not refused", async () => {
    const file = await documentWith(300, "fine");
    const result = await generatePackage({ specs: [file], packageName: "p", cwd: dir });
    expect(result.files.size).toBeGreaterThan(0);
  }, 60_000);
});
