/**
 * `npm run gen`: its exit code, its output, and what it writes. The runs marked "child" start it as
 * users do, a child process (the bundle, and main.ts's fast path for a plain gen line); the others run
 * the same command line in this process (test/helpers/cli.ts).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Doc } from "../spec-diff/build.js";
import { ROOT } from "../../../generator/root.js";
import { runCli, type CliOptions, type CliRun } from "../../helpers/cli.js";
import { uncleanFiles } from "../../helpers/prettier-clean.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "cli-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

function gen(args: string[], cwd = ROOT, via: CliOptions["via"] = "in-process"): Promise<CliRun> {
  return runCli("gen", args, { cwd, via });
}

const petstore = {
  openrpc: "1.3.2",
  info: { title: "Petstore", version: "1.0.0" },
  methods: [
    {
      name: "list_pets",
      paramStructure: "by-position",
      params: [{ name: "limit", schema: { type: "integer", minimum: 1 } }],
      result: { name: "pets", schema: { type: "array", items: { $ref: "#/components/schemas/Pet" } } },
    },
  ],
  components: {
    schemas: {
      Pet: { type: "object", required: ["id"], properties: { id: { type: "integer" }, name: { type: "string" } } },
    },
  },
};

describe("npm run gen", () => {
  it("--help lists the options", async () => {
    const { code, stdout } = await gen(["--help"]);
    expect(code).toBe(0);
    for (const option of ["--spec", "--out", "--name", "--check"]) expect(stdout).toContain(option);
  });

  it("--check passes on the committed generated/", async () => {
    const { code, stdout } = await gen(["--check"], ROOT, "child");
    expect(code).toBe(0);
    expect(stdout).toMatch(/generated is up to date \(\d+ files from 3 specs\)/);
  }, 120_000);

  it("--check fails with a readable summary when the output is stale, and writes nothing", async () => {
    const out = path.join(dir, "stale");
    await cp(path.join(ROOT, "generated"), out, {
      recursive: true,
      filter: (src) => !/node_modules|[/\\]dist/.test(src),
    });
    await writeFile(path.join(out, "src/eth/client.ts"), "// edited by hand\n");
    await rm(path.join(out, "src/solana/api.ts"));
    await writeFile(path.join(out, "src/extra.ts"), "export {};\n");
    const { code, stderr } = await gen(["--check", "--out", out]);
    expect(code).toBe(1);
    expect(stderr).toContain("is stale: 3 files differ");
    expect(stderr).toMatch(/changed\s+src\/eth\/client\.ts/);
    expect(stderr).toMatch(/added\s+src\/solana\/api\.ts/);
    expect(stderr).toMatch(/removed\s+src\/extra\.ts/);
    expect(stderr).toContain("-// edited by hand");
    expect(stderr).toContain("Run `npm run gen` to regenerate.");
    expect(await readFile(path.join(out, "src/eth/client.ts"), "utf8")).toBe("// edited by hand\n");
  });

  it("--spec/--out/--name builds a package for any document, only inside --out", async () => {
    const work = await mkdtemp(path.join(dir, "pet-"));
    await writeFile(path.join(work, "petstore.json"), JSON.stringify(petstore));
    const { code, stdout } = await gen(
      ["--spec", "petstore.json", "--out", "client", "--name", "petstore-client"],
      work,
    );
    expect(code).toBe(0);
    expect(stdout).toContain("Wrote");
    expect((await readdir(work)).sort()).toEqual(["client", "petstore.json"]);
    const pkg = JSON.parse(await readFile(path.join(work, "client/package.json"), "utf8"));
    expect(pkg.name).toBe("petstore-client");
    expect(Object.keys(pkg.exports)).toContain("./petstore");
    const client = await readFile(path.join(work, "client/src/petstore/client.ts"), "utf8");
    expect(client).toContain("export function createPetstoreClient(");
    expect(client).toContain(
      'list_pets(limit?: ListPetsParams["limit"], options?: CallOptions): Promise<ListPetsResult>;',
    );
  });

  it("--typecheck compiles the package before writing it", async () => {
    const work = await mkdtemp(path.join(dir, "typecheck-"));
    await writeFile(path.join(work, "petstore.json"), JSON.stringify(petstore));
    const { code, stdout, stderr } = await gen(["--spec", "petstore.json", "--out", "client", "--typecheck"], work);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain("Wrote");
    // The run is recorded as type-checked: --check has nothing left to do.
    const again = await gen(["--spec", "petstore.json", "--out", "client", "--check"], work);
    expect(again.stdout).toMatch(/client is up to date \(\d+ files from 1 spec\)\.\n$/);
  }, 120_000);

  it("writes what prettier --check accepts with the options the package ships; --prettier is no longer an option", async () => {
    const work = await mkdtemp(path.join(dir, "prettier-"));
    await writeFile(path.join(work, "petstore.json"), JSON.stringify(petstore));
    expect((await gen(["--spec", "petstore.json", "--out", "plain"], work)).code).toBe(0);
    const names = (await readdir(path.join(work, "plain"), { recursive: true })).filter((f) =>
      /\.(ts|json|md)$/.test(f),
    );
    const files = new Map<string, string>();
    for (const name of names) files.set(name, await readFile(path.join(work, "plain", name), "utf8"));
    expect(await uncleanFiles(files)).toEqual([]);
    const removed = await gen(["--prettier"], work);
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain('"--prettier" is not an option of npm run gen');
  });

  it("a hostile value in an argument is shown escaped, never acting on the terminal", async () => {
    const { code, stdout, stderr } = await gen(["--name", "bad\u001b[2J\u202eZ"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain('--name "bad\\u001b[2J\\u{202e}Z"');
    expect(stderr).toContain("Run `npm run gen -- --help` for the options.");
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
    expect(stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it("reports every problem of a bad spec with its pointer, exits 1 and writes nothing", async () => {
    const work = await mkdtemp(path.join(dir, "bad-"));
    const bad = structuredClone(petstore) as Doc;
    bad.methods.push({
      name: "list_pets",
      params: [],
      result: { name: "r", schema: { $ref: "#/components/schemas/Nope" } },
    });
    bad.methods[0].params.push({ name: "offset", required: true, schema: { type: "integer" } });
    await writeFile(path.join(work, "bad.json"), JSON.stringify(bad));
    const { code, stderr } = await gen(["--spec", "bad.json", "--out", "client"], work, "child");
    expect(code).toBe(1);
    expect(stderr).toContain("found 3 problems");
    expect(stderr).toContain('bad.json#/methods/1/name: method name "list_pets" is already used at /methods/0');
    expect(stderr).toContain(
      'bad.json#/methods/0/params/1/required: required param "offset" comes after optional param "limit"',
    );
    expect(stderr).toContain('bad.json#/methods/1/result/schema: $ref "#/components/schemas/Nope" points at nothing');
    expect(stderr).toContain("hint:");
    expect(await readdir(work)).toEqual(["bad.json"]);
  });
});
