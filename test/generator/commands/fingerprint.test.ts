/**
 * The no-op fast path: `upToDate` says "nothing to do" only when the options, every spec file
 * (the entry and the files it `$ref`s), the generator and every generated file are what the last
 * recorded run saw. Everything happens in a temp sandbox passed as `cwd`.
 */
import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { recordRun, upToDate } from "../../../generator/commands/fingerprint.js";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { ROOT } from "../../../generator/root.js";
import { MARKER, parseMarker } from "../../../generator/write/marker.js";
import { writeOutput } from "../../../generator/write/write.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "fingerprint-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const spec = {
  openrpc: "1.3.2",
  info: { title: "Pets", version: "1.0.0" },
  methods: [
    {
      name: "pet_get",
      paramStructure: "by-position",
      params: [{ name: "id", schema: { type: "integer" } }],
      result: { name: "pet", schema: { $ref: "./schemas.json#/Pet" } },
    },
  ],
};
const schemas = { Pet: { type: "object", properties: { name: { type: "string" } } } };
const options = { specs: ["pets.openrpc.json"], packageName: "pets-client" };

let cwd = "";
let count = 0;
beforeEach(async () => {
  cwd = path.join(dir, `case-${count++}`);
  await mkdir(cwd);
  await writeFile(path.join(cwd, "pets.openrpc.json"), JSON.stringify(spec, null, 2));
  await writeFile(path.join(cwd, "schemas.json"), JSON.stringify(schemas, null, 2));
  const result = await generatePackage({ ...options, cwd });
  await writeOutput("out", result.files, { cwd });
  await recordRun(ROOT, result.fingerprint!);
});

describe("the marker's fingerprint", () => {
  it("lists the entry and the files it $refs, and hashes the outputs", async () => {
    const marker = parseMarker(await readFile(path.join(cwd, "out", MARKER), "utf8"));
    expect(marker?.fingerprint?.inputs).toEqual(["pets.openrpc.json", "schemas.json"]);
    expect(marker?.fingerprint?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(marker?.fingerprint?.outputs).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("upToDate", () => {
  it("is true right after a run, and with node_modules and dist in the output", async () => {
    expect(await upToDate("out", options, ROOT, cwd)).toEqual({ files: expect.any(Number) });
    await mkdir(path.join(cwd, "out/node_modules/x"), { recursive: true });
    await writeFile(path.join(cwd, "out/node_modules/x/index.js"), "");
    await mkdir(path.join(cwd, "out/dist"));
    await writeFile(path.join(cwd, "out/dist/index.js"), "");
    expect(await upToDate("out", options, ROOT, cwd)).toBeDefined();
  });

  const stale: [string, () => Promise<unknown>, Partial<typeof options>?][] = [
    [
      "the entry spec changed",
      () =>
        writeFile(
          path.join(cwd, "pets.openrpc.json"),
          JSON.stringify({ ...spec, info: { ...spec.info, version: "1.0.1" } }),
        ),
    ],
    [
      "a $ref'd file changed",
      () => writeFile(path.join(cwd, "schemas.json"), JSON.stringify({ Pet: { type: "object" } })),
    ],
    ["a $ref'd file is gone", () => unlink(path.join(cwd, "schemas.json"))],
    [
      "a generated file was edited by hand",
      () => writeFile(path.join(cwd, "out/src/pets/client.ts"), "// edited\n", { flag: "a" }),
    ],
    ["a generated file was deleted", () => unlink(path.join(cwd, "out/src/pets/api.ts"))],
    ["a file was added to the output", () => writeFile(path.join(cwd, "out/src/extra.ts"), "export {};\n")],
    ["the marker is gone", () => unlink(path.join(cwd, "out", MARKER))],
    ["the options differ", async () => undefined, { packageName: "other-name" }],
    ["the options differ (examples)", async () => undefined, { examples: "warn" } as Partial<typeof options>],
  ];
  it.each(stale)("is false when %s", async (_name, change, differentOptions) => {
    await change();
    expect(await upToDate("out", { ...options, ...differentOptions }, ROOT, cwd)).toBeUndefined();
  });

  it("is false for a generator that has not recorded these outputs (another generator root)", async () => {
    const otherRoot = await mkdtemp(path.join(dir, "root-"));
    expect(await upToDate("out", options, otherRoot, cwd)).toBeUndefined();
  });

  it("is false for a copied output folder whose spec is elsewhere", async () => {
    const elsewhere = path.join(dir, `copy-${count}`);
    await cp(path.join(cwd, "out"), path.join(elsewhere, "out"), { recursive: true });
    expect(await upToDate("out", options, ROOT, elsewhere)).toBeUndefined();
  });
});
