/**
 * The generator under a hostile spec (specs arrive in pull requests) and hostile CLI arguments.
 * Every probe here failed before the fix it names; each must keep failing to get through.
 * Everything is written inside one temp sandbox, and the generated code is type-checked and
 * imported to prove that nothing from the spec became code.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../generator/commands/pipeline.js";
import { SOURCE_CONDITION } from "../../generator/defaults.js";
import { ROOT } from "../../generator/root.js";
import { uncleanFiles } from "../helpers/prettier-clean.js";
import { GeneratorError } from "../../generator/problems.js";
import { writeOutput } from "../../generator/write/write.js";
import { runCli, type CliOptions, type CliRun } from "../helpers/cli.js";
import { runTs } from "../helpers/run-ts.js";
import { strictTscOver } from "../helpers/strict-tsc.js";

const run = promisify(execFile);
const dir = await mkdtemp(path.join(os.tmpdir(), "hostile-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const INJECT = "*/ globalThis.PWNED = 1; /*";

/** A small valid document; `extra` merges over it. */
function spec(
  extra: Record<string, unknown> = {},
  methods?: unknown[],
  schemas: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    openrpc: "1.3.2",
    info: { title: "Hostile", version: "1.0.0" },
    methods: methods ?? [{ name: "ping", params: [], result: { name: "r", schema: { type: "string" } } }],
    components: { schemas },
    ...extra,
  };
}

async function save(name: string, document: unknown): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof document === "string" ? document : JSON.stringify(document));
  return path.relative(dir, file);
}

/** Generates `document` in the sandbox; returns the files, or the problems. */
async function gen(
  name: string,
  document: unknown,
  options: { examples?: "warn" } = {},
): Promise<{ files?: Map<string, string>; problems?: string[]; warnings: string[] }> {
  const file = await save(`${name}.openrpc.json`, document);
  try {
    const result = await generatePackage({ specs: [file], packageName: "hostile", cwd: dir, ...options });
    // Every file is what `prettier --check` accepts with the package's options, whatever the spec holds.
    expect(await uncleanFiles(result.files)).toEqual([]);
    return { files: result.files, warnings: result.warnings.map((w) => `${w.pointer}: ${w.message}`) };
  } catch (error) {
    if (error instanceof GeneratorError)
      return { problems: error.problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`), warnings: [] };
    throw error;
  }
}

/** The packages compileAndImport wrote, by name: type-checked together by the last test of this file. */
const written: string[] = [];

/**
 * Writes the package under out/<name> and imports every entry point; resolves with what the import
 * saw. Its strict type check is the last test's: one program over every package written here.
 */
async function compileAndImport(name: string, files: Map<string, string>): Promise<{ pwned: string }> {
  const out = path.join(dir, "out", name);
  await writeOutput(out, files, { cwd: dir });
  // The package's build dependencies (the MCP SDK of `./mcp`), as `npm install` gives them; its entry is imported too.
  await symlink(path.join(ROOT, "node_modules"), path.join(out, "node_modules"), "dir");
  written.push(name);
  const entries = [...files.keys()]
    .filter((f) => f.endsWith("/index.ts") || f === "src/index.ts")
    .filter((f) => !f.includes("/runtime/"));
  const script = `${entries.map((f) => `await import(${JSON.stringify(path.join(out, f))});`).join("\n")}\nconsole.log(String(globalThis.PWNED));`;
  await writeFile(path.join(out, "probe.mts"), script);
  // src/ runs unbuilt: its `#default-transport` import resolves through the source condition.
  const pwned = (await runTs(path.join(out, "probe.mts"), { conditions: [SOURCE_CONDITION] })).trim();
  return { pwned };
}

/** `npm run gen` in the scratch folder: in this process, or ("child") as users start it (test/helpers/cli.ts). */
function cliRun(args: string[], via: CliOptions["via"] = "in-process"): Promise<CliRun> {
  return runCli("gen", args, { cwd: dir, via, timeout: 60_000 });
}

describe("nothing from a spec becomes code", () => {
  it("titles, versions, descriptions, names and examples with comment terminators, quotes and line separators", async () => {
    const evil = `${INJECT}\u2028globalThis.PWNED = 2;\n"'\`\${x}`;
    const document = spec(
      { info: { title: evil, version: evil, description: evil } },
      [
        {
          name: `m${INJECT}`,
          summary: evil,
          description: evil,
          paramStructure: "by-name",
          params: [
            { name: `p${INJECT}`, description: evil, schema: { type: "string", description: evil, enum: [evil] } },
          ],
          result: {
            name: "r",
            schema: {
              type: "object",
              description: evil,
              properties: { [`k${INJECT}`]: { type: "string", description: evil } },
            },
          },
          errors: [{ code: 1, message: evil }],
          examples: [
            {
              name: evil,
              description: evil,
              params: [{ name: `p${INJECT}`, value: evil }],
              result: { name: "r", value: { [`k${INJECT}`]: evil } },
            },
          ],
        },
      ],
      { [`S${INJECT}`]: { type: "string", description: evil, const: evil } },
    );
    const { files, problems } = await gen("comments", document);
    expect(problems).toBeUndefined();
    const result = await compileAndImport("comments", files!);
    expect(result.pwned).toBe("undefined");
  }, 180_000);

  it("types: pattern-property keys, enum objects, items, index signatures and tuples with comment terminators (the type printer)", async () => {
    const evil = `${INJECT}\u2028globalThis.PWNED = 6;\n"'\`\${x}`;
    const shape = {
      type: "object",
      description: evil,
      properties: {
        [`a${evil}`]: { type: "array", items: { type: "string", description: evil }, minItems: 1, description: evil },
        [`t${evil}`]: {
          type: "array",
          items: [{ const: evil, description: evil }],
          additionalItems: { type: "string", description: evil },
        },
        [`e${evil}`]: { enum: [{ [evil]: [evil, 1] }, [evil], evil] },
      },
      patternProperties: { "^x.*/ globalThis.PWNED = 7; /.*/": { type: "string", description: evil } },
      additionalProperties: { type: "array", items: { type: "number", description: evil } },
    };
    const document = spec(
      {},
      [
        {
          name: "shape",
          params: [{ name: "s", description: evil, schema: { $ref: "#/components/schemas/Shape" } }],
          result: { name: "r", schema: shape },
        },
      ],
      { Shape: shape },
    );
    const { files, problems } = await gen("typeprinter", document);
    expect(problems, problems?.join("\n")).toBeUndefined();
    const types = [...files!].find(([f]) => f.endsWith("/types.ts") && !f.includes("/runtime/"))![1];
    expect(types).toContain('via the `patternProperty` "^x.*\\/ globalThis.PWNED = 7; /.*\\/".');
    const result = await compileAndImport("typeprinter", files!);
    expect(result.pwned).toBe("undefined");
  }, 180_000);

  it("x-subscription names, conditions and params with comment terminators, quotes, backticks, ${ and line separators", async () => {
    const evil = `${INJECT}\u2028globalThis.PWNED = 5;\n"'\`\${x}`;
    const param = `__proto__${INJECT}\``;
    const document = spec(
      {},
      [
        {
          name: `sub${evil}`,
          summary: evil,
          params: [
            { name: param, required: true, description: evil, schema: { type: "string" } },
            { name: `o${evil}`, schema: { type: "object", properties: { [`k${evil}`]: { type: "string" } } } },
            { name: `r${evil}`, description: evil, deprecated: true, schema: { $ref: "#/components/schemas/Ref" } },
          ],
          result: { name: "id", schema: { type: "string" } },
          "x-subscription": {
            notification: `note${evil}`,
            unsubscribe: `unsub${evil}`,
            item: { type: "string", description: evil },
            variants: [
              {
                name: "Exact",
                when: { param, equals: evil },
                params: [param],
                item: { type: "number" },
                backfill: "logs",
              },
              {
                name: "Proto",
                when: { param: `o${evil}`, property: "__proto__", in: [evil, "`${x}`"] },
                item: { type: "boolean" },
              },
            ],
          },
        },
        {
          name: `unsub${evil}`,
          params: [{ name: "id", schema: { type: "string" } }],
          result: { name: "ok", schema: { type: "boolean" } },
        },
      ],
      { Ref: { type: "object", description: evil, properties: { [`k${evil}`]: { type: "string" } } } },
    );
    const { files, problems } = await gen("subscriptions", document);
    expect(problems).toBeUndefined();
    const client = [...files!].find(([f]) => f.endsWith("/client.ts") && !f.includes("/runtime/"))![1];
    expect(client).toContain("Subscriptions {");
    // The doc example's first argument is one escaped literal: a raw U+2028 in it would break the line.
    expect(client).toMatch(/const sub = await .*\(".*", \{ signal \}\);/);
    // The doc comment of a `$ref` param reaches its property even when the name needs quoting.
    const types = [...files!].find(([f]) => f.endsWith("/types.ts") && !f.includes("/runtime/"))![1];
    expect(types).toMatch(/@deprecated\n\s*\*\/\n\s*"r\*\/ globalThis/);
    const result = await compileAndImport("subscriptions", files!);
    expect(result.pwned).toBe("undefined");
  }, 180_000);

  it.each([
    ["a title with a backtick", { info: { title: "Ti`tle", version: "1" } }, {}],
    ["a summary with a pipe (a table cell)", {}, { summary: "a | b || c" }],
    ["a description starting with #", { info: { title: "T", version: "1", description: "# Heading. Then text." } }, {}],
    [
      "emphasis, strong and padded code",
      { info: { title: "T", version: "1", description: "*em* __strong__ ` code `  two." } },
      { summary: "*x* and `` `y` ``" },
    ],
    [
      "an HTML tag and a javascript: link",
      { info: { title: "<b>T</b>", version: "1" } },
      { summary: "[x](javascript:alert(1)) <img src=x onerror=alert(1)>" },
    ],
    [
      "wide and zero-width characters",
      { info: { title: "中文 🎉", version: "1" } },
      { summary: "e\u0301 中文 🎉 a\u200bb" },
    ],
    ["an empty title and summary", { info: { title: "", version: "1" } }, { summary: "" }],
  ])("README.md: %s stays inert and in prettier's form", async (_name, extra, method) => {
    const document = spec(extra, [
      { name: "ping", params: [], result: { name: "r", schema: { type: "string" } }, ...method },
    ]);
    const { files } = await gen(`readme-${_name.replace(/\W+/g, "-")}`, document);
    const readme = files!.get("README.md")!;
    // The method table keeps its three columns: a `|` from the spec is escaped.
    const row = readme.split("\n").find((l) => l.startsWith("| `ping`"))!;
    expect(row.replace(/\\\|/g, "").split("|")).toHaveLength(5);
    expect(readme).not.toMatch(/<(?:b|img)\b|javascript:/);
  });

  it("values that the layout printer breaks: long names, quotes, numbers, unicode keys, patterns that need new RegExp", async () => {
    const long = "x".repeat(90);
    const document = spec({ info: { title: `A Very Long Service Title ${"Word ".repeat(14)}`, version: "1" } }, [
      {
        name: `method_${long}`,
        paramStructure: "by-position",
        params: [
          { name: `first_${long}`, required: true, schema: { type: "string", enum: [`say "hi"`, "it's", `"'`, long] } },
          {
            name: "numbers",
            schema: { type: "integer", enum: Array.from({ length: 60 }, (_, i) => ((i * 7919) % 1000) - 500) },
          },
          { name: "pattern", schema: { type: "string", pattern: `^a/b${long}$` } },
          { name: "regex", schema: { type: "string", pattern: `^[a-z]{2}${long}$`, minLength: 3, maxLength: 1000 } },
          { name: "shortRegex", schema: { type: "string", pattern: "^[a-f0-9]{2}$" } },
          {
            name: "tuple",
            schema: {
              type: "array",
              items: [
                { type: "string", enum: [long] },
                { type: "number", minimum: -1.5e-7 },
              ],
              additionalItems: false,
            },
          },
          {
            name: "both",
            schema: {
              allOf: [
                { type: "string", pattern: `^${long}` },
                { not: { type: "string", enum: [long, long.toUpperCase()] } },
              ],
            },
          },
          {
            name: "café",
            schema: {
              type: "object",
              properties: { café: { type: "string" }, "naïve-key": { type: "number", minimum: 1e21 } },
              required: ["café"],
            },
          },
        ],
        result: {
          name: "r",
          schema: { type: "array", items: { type: "object", properties: { [long]: { type: "string" } } } },
        },
        examples: [{ name: "e", params: [{ name: `first_${long}`, value: long }], result: { name: "r", value: [] } }],
      },
    ]);
    const { files, problems } = await gen("layout", document);
    expect(problems).toBeUndefined();
    const result = await compileAndImport("layout", files!);
    expect(result.pwned).toBe("undefined");
  }, 180_000);

  it("tsType and tsEnumNames are dropped (with a warning), never copied into types.ts", async () => {
    const payload = "string; declare const tsTypeInjected: 1";
    const document = spec(
      {},
      [{ name: "m", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/T" } } }],
      {
        T: {
          type: "object",
          properties: {
            a: { type: "string", tsType: payload },
            b: { type: "string", enum: ["x"], tsEnumNames: ["Injected = 1; globalThis.PWNED = 3; //"] },
          },
        },
      },
    );
    const { files, warnings } = await gen("tstype", document);
    expect(files!.get("src/tstype/types.ts")).not.toContain("tsTypeInjected");
    expect(files!.get("src/tstype/types.ts")).not.toContain("Injected");
    expect(warnings).toContainEqual(
      expect.stringContaining('/components/schemas/T/properties/a/tsType: keyword "tsType" is ignored'),
    );
    expect(warnings).toContainEqual(expect.stringContaining('keyword "tsEnumNames" is ignored'));
  });

  it("an x-client.factory that is not an identifier is refused", async () => {
    const { problems } = await gen(
      "factory",
      spec({ "x-client": { factory: `create(); globalThis.PWNED = 4; function x` } }),
    );
    expect(problems).toContainEqual(expect.stringContaining("#/x-client/factory: x-client.factory must match pattern"));
  });

  it("x- extensions of the wrong shape are problems with pointers, not crashes", async () => {
    const document = spec(
      {
        "x-client": { subpath: 5, methodPrefix: ["a"] },
        servers: [{ url: "https://x", "x-endpoint": { kind: "evil", paramStructure: "sideways" } }],
      },
      [
        {
          name: "m",
          params: [],
          result: { name: "r", schema: { type: "string" } },
          "x-limits": "all",
          "x-result-variants": [{ name: "A B", when: { param: {} }, schema: 1 }],
          "x-idempotent": "yes",
        },
      ],
    );
    const { problems } = await gen("shapes", document);
    for (const where of [
      "/x-client/subpath",
      "/x-client/methodPrefix",
      "/servers/0/x-endpoint/kind",
      "/servers/0/x-endpoint/paramStructure",
      "/methods/0/x-limits",
      "/methods/0/x-result-variants/0/name",
      "/methods/0/x-idempotent",
    ]) {
      expect(problems, where).toContainEqual(expect.stringContaining(`#${where}:`));
    }
  });
});

describe("nothing is read or written outside where it belongs", () => {
  it.each(["../../x", "..", "a/b", "/abs", "C:x", "runtime", "package.json", ".hidden", "UPPER"])(
    "x-client.subpath %j is refused",
    async (subpath) => {
      const { problems } = await gen(`subpath-${subpath.replace(/\W/g, "_")}`, spec({ "x-client": { subpath } }));
      expect(problems).toContainEqual(expect.stringContaining("#/x-client/subpath: x-client.subpath"));
      expect(await readdir(dir)).not.toContain("x");
    },
  );

  it("a $ref outside the spec's folder and the working folder is refused, and the file's content is never echoed", async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), "outside-"));
    try {
      await writeFile(
        path.join(outside, "secret.json"),
        JSON.stringify({ Secret: { type: "string", description: "TOP-SECRET-CONTENT" } }),
      );
      const rel = path.relative(path.join(dir, "refs"), path.join(outside, "secret.json"));
      const { problems } = await gen(
        "refs/outside",
        spec({}, [{ name: "m", params: [], result: { name: "r", schema: { $ref: `${rel}#/Secret` } } }]),
      );
      expect(problems).toContainEqual(expect.stringMatching(/outside the folders the generator reads \$refs from/));
      expect(JSON.stringify(problems)).not.toContain("TOP-SECRET");
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it("--ref-root names the one folder $refs resolve against and read from", async () => {
    await save("shared-types/types.json", { Id: { type: "integer" } });
    const document = spec({}, [
      { name: "m", params: [], result: { name: "r", schema: { $ref: "./shared-types/types.json#/Id" } } },
    ]);
    await save("deep/specs/ok.openrpc.json", document);
    const file = "specs/ok.openrpc.json";
    await expect(generatePackage({ specs: [file], packageName: "x", cwd: path.join(dir, "deep") })).rejects.toThrow(
      /cannot read specs\/shared-types\/types\.json: ENOENT/,
    );
    const result = await generatePackage({
      specs: [file],
      packageName: "x",
      cwd: path.join(dir, "deep"),
      refRoot: "..",
    });
    expect(result.files.get("src/ok/types.ts")).toContain("export type Id = number;");
  });

  it("a broken referenced file is reported by place, not by content", async () => {
    await save("leak/broken.json", '{"Secret": "TOP-SECRET-CONTENT" oops}');
    const { problems } = await gen(
      "leak/spec",
      spec({}, [{ name: "m", params: [], result: { name: "r", schema: { $ref: "./broken.json#/Secret" } } }]),
    );
    expect(problems).toEqual([expect.stringMatching(/broken\.json#: is not valid JSON \(line 1, column 33\)\.$/)]);
    expect(JSON.stringify(problems)).not.toContain("TOP-SECRET");
  });

  it.each(["/dev/stdin", "/dev/zero", "/dev/urandom"])(
    "a $ref to %s is refused at once, never read or waited on",
    async (device) => {
      const rel = path.relative(dir, device);
      const started = Date.now();
      const { problems } = await gen(
        `dev-${path.basename(device)}`,
        spec({}, [{ name: "m", params: [], result: { name: "r", schema: { $ref: `${rel}#/X` } } }]),
      );
      expect(problems).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(30_000); // bounded, not a benchmark: a hang would time the test out
    },
  );

  it("a FIFO inside the spec's folder is refused without blocking", async () => {
    const fifo = path.join(dir, "fifo-spec", "types.json");
    await mkdir(path.dirname(fifo), { recursive: true });
    await run("mkfifo", [fifo]);
    const { problems } = await gen(
      "fifo-spec/spec",
      spec({}, [{ name: "m", params: [], result: { name: "r", schema: { $ref: "./types.json#/X" } } }]),
    );
    expect(problems).toEqual([expect.stringContaining("types.json: it is not a regular file")]);
  });

  it.each([
    ["a remote $ref", "https://example.org/s.json#/X", "is a remote reference"],
    ["a file: URL", "file:///etc/passwd#/X", "is a remote reference"],
    ["an absolute path", "/etc/passwd#/X", "is not a relative path"],
  ])("%s is refused", async (_name, ref, want) => {
    const { problems } = await gen(
      `ref-${_name.replace(/\W/g, "")}`,
      spec({}, [{ name: "m", params: [], result: { name: "r", schema: { $ref: ref } } }]),
    );
    expect(problems).toContainEqual(expect.stringContaining(want));
  });

  it("a YAML alias bomb is refused", async () => {
    const bomb = [
      "openrpc: 1.3.2",
      "info: {title: t, version: '1'}",
      "methods: []",
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
    ];
    for (const [i, prev] of ["a", "b", "c", "d", "e", "f", "g", "h"].entries())
      bomb.push(
        `${"bcdefghi"[i]}: &${"bcdefghi"[i]} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`,
      );
    await save("bomb.openrpc.yaml", bomb.join("\n"));
    await expect(generatePackage({ specs: ["bomb.openrpc.yaml"], packageName: "x", cwd: dir })).rejects.toThrow(
      /is not valid YAML/,
    );
  });
});

describe("names that would break the output are renamed, and the output compiles", () => {
  it("components named like the subscription code's own names (SubscribeFn, subscriptions, itemValidators)", async () => {
    const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });
    const document = spec(
      {},
      [
        {
          name: "sub",
          params: [
            { name: "a", schema: ref("subscriptions") },
            { name: "b", schema: ref("SubscribeFn") },
          ],
          result: { name: "id", schema: ref("SubscribeFn") },
          "x-subscription": { notification: "note", unsubscribe: "unsub", item: ref("itemValidators") },
        },
        {
          name: "unsub",
          params: [{ name: "id", schema: { type: "string" } }],
          result: { name: "ok", schema: { type: "boolean" } },
        },
      ],
      { SubscribeFn: { type: "string" }, subscriptions: { type: "string" }, itemValidators: { type: "number" } },
    );
    const { files, problems, warnings } = await gen("subscription-names", document);
    expect(problems).toBeUndefined();
    expect(warnings.join("\n")).toMatch(/name "SubscribeFn" is already taken by a name the generated code uses itself/);
    const result = await compileAndImport("subscription-names", files!);
    expect(result.pwned).toBe("undefined");
  }, 180_000);

  it("components named like the generated code's own names, reserved words, digits, and clashing params", async () => {
    const str = { type: "string" };
    const document = spec(
      {},
      [
        {
          name: "new",
          paramStructure: "by-position",
          params: [
            { name: "options", schema: str },
            { name: "a-b", schema: str },
            { name: "aB", schema: str },
            { name: "call", schema: str },
          ],
          result: { name: "r", schema: { $ref: "#/components/schemas/Promise" } },
        },
        {
          name: "constructor",
          params: [],
          result: { name: "r", schema: { $ref: "#/components/schemas/CallOptions" } },
        },
        { name: "toString", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/ClientOptions" } } },
        { name: "9lives", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/CallFn" } } },
        {
          name: "__proto__",
          paramStructure: "by-name",
          params: [{ name: "__proto__", required: true, schema: str }],
          result: { name: "r", schema: { type: "object", properties: { __proto__: str }, required: ["__proto__"] } },
        },
        { name: "close", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/HostileClient" } } },
      ],
      {
        Promise: str,
        CallOptions: str,
        ClientOptions: str,
        CallFn: str,
        HostileClient: str,
        "1st": str,
        Record: str,
        v: str,
        api: str,
      },
    );
    const { files, problems, warnings } = await gen("names", document);
    expect(problems).toBeUndefined();
    expect(warnings.join("\n")).toMatch(
      /name "Promise" is already taken by a name the generated code uses itself; this one is named "PromiseType"/,
    );
    expect((await compileAndImport("names", files!)).pwned).toBe("undefined");
    const client = files!.get("src/names/client.ts")!;
    expect(client).toContain('"new"(');
    // A param called `options` keeps its name; the trailing per-call argument is `callOptions` instead.
    expect(client).toMatch(/options\?: NewParams\["options"\]/);
    expect(client).toMatch(/call2\?: NewParams\["call"\],\s+callOptions\?: CallOptions,?\s*\)/);
    expect(client).toMatch(/aB\?: NewParams\["a-b"\],\s+aB2\?: NewParams\["aB"\]/);
  }, 180_000);

  it("a pattern with \\p{Lu} gets the u flag, so the spec's own example passes its validator", async () => {
    const document = spec({}, [
      {
        name: "upper",
        paramStructure: "by-position",
        params: [{ name: "word", required: true, schema: { type: "string", pattern: "^\\p{Lu}+$" } }],
        result: { name: "r", schema: { type: "string" } },
        examples: [{ name: "e", params: [{ name: "word", value: "ÄBC" }], result: { name: "r", value: "ok" } }],
      },
    ]);
    const { files } = await gen("unicode", document);
    expect(files!.get("src/unicode/validators.ts")).toContain("/^\\p{Lu}+$/u");
    const out = path.join(dir, "out", "unicode");
    await writeOutput(out, files!, { cwd: dir });
    await writeFile(
      path.join(out, "probe.mts"),
      `import { validators } from ${JSON.stringify(path.join(out, "src/unicode/validators.ts"))};\nconsole.log(validators.upper.is({ word: "ÄBC" }), validators.upper.is({ word: "äbc" }));`,
    );
    expect((await runTs(path.join(out, "probe.mts"))).trim()).toBe("true false");
  });

  it("an invalid pattern is a problem with its pointer", async () => {
    const { problems } = await gen(
      "badpattern",
      spec({}, [{ name: "m", params: [], result: { name: "r", schema: { type: "string", pattern: "([a-z" } } }]),
    );
    // The meta-schema's `format: regex` catches it first; the lint rule backs it up for external files.
    expect(problems).toContainEqual(
      expect.stringMatching(/#\/methods\/0\/result\/schema\/pattern: .*(regex|regular expression)/),
    );
  });
});

describe("failures are one clear message, never a stack trace", () => {
  /** The document as JSON text: JSON.stringify itself cannot write 5000 levels. */
  const deepDocument = (depth: number): string =>
    JSON.stringify(spec({}, [{ name: "m", params: [], result: { name: "r", schema: "DEEP" } }])).replace(
      '"DEEP"',
      `${'{"type":"array","items":'.repeat(depth)}{"type":"string"}${"}".repeat(depth)}`,
    );

  it.each([500, 5000])("a schema %i levels deep", async (depth) => {
    const { problems } = await gen(`deep${depth}`, deepDocument(depth));
    expect(problems).toEqual([expect.stringContaining("nests objects and arrays more than 128 levels deep")]);
  });

  it("the CLI: a deep spec, bad JSON, a missing file — exit 1, one message, no stack", async () => {
    await save("cli-deep.json", deepDocument(3000));
    await save("cli-bad.json", "{ not json");
    for (const file of ["cli-deep.json", "cli-bad.json", "missing.json"]) {
      // A child process: no stack trace reaches the terminal of a user who runs it.
      const { code, stderr } = await cliRun(["--spec", file, "--out", "cli-out"], "child");
      expect(code, file).toBe(1);
      expect(stderr, file).not.toMatch(/\n\s+at .+:\d+:\d+/);
    }
  });

  it("the CLI refuses bad names and versions before reading anything", async () => {
    for (const args of [
      ["--name", 'x", "dependencies": {"evil": "1"}, "y": "'],
      ["--name", "../../evil"],
      ["--name", "UPPER"],
      ["--pkg-version", "1.0.0; rm -rf /"],
    ]) {
      const { code, stderr } = await cliRun(["--spec", "nothing.json", "--out", "cli-out", ...args]);
      expect(code, args.join(" ")).toBe(1);
      expect(stderr).toMatch(/^--(name|pkg-version) ".*" (must|may) /);
    }
  });

  it("a title ending in a backslash and quotes still gives a valid package.json", async () => {
    const { files } = await gen("backslash", spec({ info: { title: 'A "quoted" title\\', version: "1" } }));
    const pkg = JSON.parse(files!.get("package.json")!) as {
      name: string;
      description: string;
      dependencies?: unknown;
    };
    expect(pkg.description).toContain('A "quoted" title\\');
    expect(pkg.dependencies).toBeUndefined();
  });

  it("the CLI refuses an existing project as --out, and a file", async () => {
    await mkdir(path.join(dir, "project-x/src"), { recursive: true });
    await writeFile(path.join(dir, "project-x/src/app.ts"), "mine");
    const file = await save("ok.openrpc.json", spec());
    const project = await cliRun(["--spec", file, "--out", "project-x"]);
    expect(project.code).toBe(1);
    expect(project.stderr).toContain("is not empty and was not written by the generator");
    expect(await readFile(path.join(dir, "project-x/src/app.ts"), "utf8")).toBe("mine");
    const asFile = await cliRun(["--spec", file, "--out", "ok.openrpc.json"]);
    expect(asFile.code).toBe(1);
    expect(asFile.stderr).toContain("--out is a file, not a folder.");
  });

  it("writes folders 0755", async () => {
    const file = await save("modes.openrpc.json", spec());
    expect((await cliRun(["--spec", file, "--out", "modes-out"])).code).toBe(0);
    expect((await stat(path.join(dir, "modes-out"))).mode & 0o777).toBe(0o755);
  });
});

describe("every package the hostile specs above gave", () => {
  it("compiles under strict tsc, all in one program", async () => {
    expect(written).toEqual(["comments", "typeprinter", "subscriptions", "layout", "subscription-names", "names"]);
    const include = written.map((name) => `${name}/src`);
    const checked = await strictTscOver(path.join(dir, "out"), include, 120_000, { noUncheckedIndexedAccess: false });
    expect(checked).toBe("");
  }, 180_000);
});
