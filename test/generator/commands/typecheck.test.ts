/**
 * `--typecheck`: the package compiled in memory (ts-morph) before anything is written. The real
 * package of spec/ compiles; the same files with one line made wrong do not, and are refused with
 * TypeScript's errors at `file:line:col`, nothing written. Writes only inside its own temp folder.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePackage } from "../../../generator/commands/gen-run.js";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { CompileError, compileMessage, typecheckPackage } from "../../../generator/commands/typecheck.js";
import { DEFAULT_PACKAGE } from "../../../generator/defaults.js";
import { ROOT } from "../../../generator/root.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "typecheck-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const specs = ["spec/advanced.openrpc.json", "spec/eth.openrpc.json", "spec/solana.openrpc.json"];
let files: Map<string, string>;
beforeAll(async () => {
  files = (await generatePackage({ specs, packageName: DEFAULT_PACKAGE, cwd: ROOT })).files;
}, 120_000);

/** The package with `line` appended to `file`: the appended line is the file's last line. */
function broken(file: string, line: string): { files: Map<string, string>; at: number } {
  const copy = new Map(files);
  const text = copy.get(file)!;
  copy.set(file, `${text}${line}\n`);
  return { files: copy, at: text.split("\n").length };
}

describe("typecheckPackage", () => {
  it("finds nothing in the package of spec/", async () => {
    expect(await typecheckPackage(files)).toEqual([]);
  }, 120_000);

  it("finds each error at file:line:col with TypeScript's code and message", async () => {
    const { files: bad, at } = broken("src/eth/client.ts", 'export const wrong: number = "a" + missingName;');
    expect(await typecheckPackage(bad)).toEqual([
      {
        file: "src/eth/client.ts",
        line: at,
        column: 14,
        code: "TS2322",
        message: "Type 'string' is not assignable to type 'number'.",
      },
      {
        file: "src/eth/client.ts",
        line: at,
        column: 36,
        code: "TS2304",
        message: "Cannot find name 'missingName'.",
      },
    ]);
  }, 120_000);

  it("a later check starts from the last program and still sees what an edit of one file does to another", async () => {
    // b.ts's declaration names a.ts's Hidden: fine while Hidden is exported, TS4023 in b.ts (unchanged)
    // once a.ts stops exporting it. The first check keeps its program; the second reuses it.
    const b = 'import { make } from "./a.js";\nexport const made = make();\n';
    const a = (exported: boolean): string =>
      `${exported ? "export " : ""}interface Hidden {\n  x: number;\n}\nexport function make(): Hidden {\n  return { x: 1 };\n}\n`;
    const before = new Map(files).set("src/extra/a.ts", a(true)).set("src/extra/b.ts", b);
    expect(await typecheckPackage(before)).toEqual([]);
    const after = new Map(before).set("src/extra/a.ts", a(false));
    expect((await typecheckPackage(after)).map((p) => [p.file, p.line, p.code])).toEqual([
      ["src/extra/b.ts", 2, "TS4023"],
    ]);
    expect(await typecheckPackage(before)).toEqual([]);
  }, 120_000);

  it("compiles with the package's own tsconfig (noUncheckedIndexedAccess is on there)", async () => {
    const { files: bad, at } = broken("src/runtime/index.ts", "export const first: string = ([] as string[])[0];");
    const problems = await typecheckPackage(bad);
    expect(problems.map((p) => [p.file, p.line, p.code])).toEqual([["src/runtime/index.ts", at, "TS2322"]]);
  }, 120_000);
});

describe("writing with --typecheck", () => {
  it("refuses a package that does not compile, writing nothing", async () => {
    const { files: bad } = broken("src/advanced/types.ts", "export const n: number = true;");
    const out = path.join(dir, "refused");
    const error = await writePackage(out, bad, { typecheck: true, force: false, cwd: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompileError);
    expect((error as CompileError).problems.map((p) => p.code)).toEqual(["TS2322"]);
    expect((error as Error).message).toMatch(
      /^The generated package does not compile \(TypeScript found 1 problem\); nothing was written:\n {2}refused\/src\/advanced\/types\.ts:\d+:14: TS2322: Type 'boolean' is not assignable to type 'number'\.\n/,
    );
    expect(await readdir(dir)).not.toContain("refused");
  }, 120_000);

  it("writes a package that compiles", async () => {
    const out = path.join(dir, "written");
    await writePackage(out, files, { typecheck: true, force: false, cwd: dir });
    expect((await readdir(out)).sort()).toContain("package.json");
  }, 120_000);
});

describe("the message", () => {
  it("is one line per problem, escaped for the terminal, with the fix", () => {
    const text = compileMessage(
      [
        {
          file: "src/x.ts",
          line: 3,
          column: 7,
          code: "TS2304",
          message: "Cannot find name '\u001b[2J\u202eX'.\n  more",
        },
      ],
      "out",
    );
    expect(text.split("\n")).toEqual([
      "The generated package does not compile (TypeScript found 1 problem); nothing was written:",
      "  out/src/x.ts:3:7: TS2304: Cannot find name '\\u{1b}[2J\\u{202e}X'. more",
      "      hint: The generator should never write code that does not compile: please report this with the spec.",
    ]);
  });
});
