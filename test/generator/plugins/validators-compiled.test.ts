/**
 * The emitted validators as code: compiled in memory, they agree with ajv on the mock's values of
 * every method of every document and on those values broken in many places; their files are
 * exactly what prettier prints; and a bundle that imports one method's validator carries only it
 * and the combinators it uses.
 */
import { Ajv, type ValidateFunction } from "ajv";
import { build, transformSync } from "esbuild";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { diskSource, loadSpec } from "../../../generator/load/load.js";
import { forAjv } from "../../../generator/mock/params.js";
import { generateValue } from "../../../generator/mock/values.js";
import type { DocumentModel, JsonSchema } from "../../../generator/model/document.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { emitValidators } from "../../../generator/plugins/validators/validators.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/format.js";
import * as runtime from "../../../runtime/validate.js";
import type { Validator } from "../../../runtime/validate.js";
import { explain } from "../../../runtime/validate-explain.js";

interface Entry {
  name: string;
  file: string;
  cwd: string;
}
const own = (name: string, file: string): Entry => ({ name, file, cwd: ROOT });
const manifest = JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/third-party/manifest.json"), "utf8")) as {
  documents: { name: string; file: string }[];
};
const CORPUS = path.resolve(ROOT, "../shared/openrpc-corpus");
const documents: Entry[] = [
  ...["advanced", "eth", "solana"].map((n) => own(n, `spec/${n}.openrpc.json`)),
  ...manifest.documents.map((d) => own(d.name, d.file)),
  ...readdirSync(path.join(ROOT, "test/fixtures/openrpc"))
    .filter((f) => f.endsWith(".openrpc.json"))
    .map((f) => own(f, `test/fixtures/openrpc/${f}`)),
];
const corpus: Entry[] = existsSync(CORPUS)
  ? readdirSync(CORPUS)
      .filter((f) => f.endsWith(".json"))
      .map((f) => ({ name: f, file: f, cwd: CORPUS }))
  : [];

const model = async (e: Entry): Promise<DocumentModel> =>
  normalizeDocument(await loadSpec(e.file, e.cwd, diskSource(e.cwd)));

/** The emitted module, transpiled and run with the runtime's combinators as its `v`. */
function compiled(code: string): Record<string, unknown> {
  const js = transformSync(code, { loader: "ts", format: "cjs", target: "es2022" }).code;
  const module = { exports: {} as Record<string, unknown> };
  new Function("require", "module", "exports", js)(() => runtime, module, module.exports);
  return module.exports;
}

/**
 * The schema with the types our validators imply written out (the model's convention, see
 * generator/model/schema.ts: `items` alone is an array, `pattern` a string, `format: uint64` an
 * integer), so that ajv checks what the validators promise.
 */
function explicit(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(explicit);
  if (schema === null || typeof schema !== "object") return schema;
  const s = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s))
    out[k] = ["enum", "const", "default", "examples", "example", "required"].includes(k) ? v : explicit(v);
  if (k(s, "properties") && typeof s.properties === "object")
    out.properties = Object.fromEntries(Object.entries(s.properties as object).map(([n, c]) => [n, explicit(c)]));
  if (k(s, "patternProperties") && typeof s.patternProperties === "object")
    out.patternProperties = Object.fromEntries(
      Object.entries(s.patternProperties as object).map(([n, c]) => [n, explicit(c)]),
    );
  if (s.format === "uint64")
    out.type = Array.isArray(s.type) && s.type.includes("null") ? ["integer", "null"] : "integer";
  if (s.type !== undefined || "enum" in s || "const" in s) return out;
  const implied = IMPLIED.find(([, keys]) => keys.some((key) => k(s, key)))?.[0];
  if (implied) out.type = implied;
  return out;
}
const k = (s: object, key: string): boolean => Object.prototype.hasOwnProperty.call(s, key);
const IMPLIED: [string, string[]][] = [
  ["object", ["properties", "additionalProperties", "patternProperties", "minProperties", "maxProperties"]],
  ["array", ["items", "additionalItems", "minItems", "maxItems", "uniqueItems"]],
  ["string", ["pattern", "minLength", "maxLength", "format"]],
  ["number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]],
];

/** The value with one place replaced or changed: every place (up to 30), several ways. */
function broken(value: unknown): unknown[] {
  const places: (string | number)[][] = [];
  const walk = (v: unknown, at: (string | number)[]): void => {
    if (places.length >= 30) return;
    places.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
    else if (v !== null && typeof v === "object") for (const [key, x] of Object.entries(v)) walk(x, [...at, key]);
  };
  walk(value, []);
  const replace = (root: unknown, at: (string | number)[], f: (v: unknown) => unknown): unknown => {
    if (at.length === 0) return f(root);
    const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
    copy[at[0]!] = replace(copy[at[0]!], at.slice(1), f);
    return copy;
  };
  return places.flatMap((at) => [
    ...[null, 1.5, 7, -1, "x", "0x1", true, [], {}].map((r) => replace(value, at, () => r)),
    replace(value, at, (v) =>
      Array.isArray(v) ? [...v, ...v] : v !== null && typeof v === "object" ? { ...v, zz: 1 } : v,
    ),
    replace(value, at, (v) => {
      if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
      const [first] = Object.keys(v);
      return Object.fromEntries(Object.entries(v).filter(([key]) => key !== first));
    }),
  ]);
}

/** ajv rejects only because a `oneOf` matched twice: our validators ask for one match at least (see runtime/validate-shapes.ts). */
const oneOfOverlap = (validate: ValidateFunction): boolean =>
  (validate.errors ?? []).every((e) => e.keyword === "oneOf" && Array.isArray(e.params.passingSchemas));

async function disagreements(entry: Entry): Promise<string[]> {
  const doc = await model(entry);
  const found: string[] = [];
  for (const side of ["params", "result"] as const) {
    const lenient = side === "result";
    const table = compiled(emitValidators(doc, side, "").code)[
      side === "params" ? "validators" : "resultValidators"
    ] as Record<string, Validator>;
    // ajv ignores properties named `__proto__` (its own guard): both sides renamed as the mock does (forAjv).
    // The reference, compiled without ajv's optimizer pass (the same checks; compiling is most of its cost here).
    const ajv = new Ajv({
      strict: false,
      validateFormats: false,
      logger: false,
      allErrors: true,
      ownProperties: true,
      code: { optimize: false },
    });
    ajv.addSchema({
      $id: "doc",
      definitions: forAjv(
        Object.fromEntries(doc.schemas.map((s) => [s.name, explicit(lenient ? s.lenient : s.schema) as JsonSchema])),
      ) as Record<string, JsonSchema>,
    });
    const nodes = new Map(doc.schemas.map((s) => [s.name, lenient ? s.lenientNode : s.node]));
    for (const m of doc.methods) {
      const type = side === "params" ? m.paramsType : m.result ? m.resultType : undefined;
      if (type === undefined) continue;
      const validate = ajv.getSchema(`doc#/definitions/${encodeURIComponent(type)}`)!;
      const ours = table[m.rpcName]!;
      for (let seed = 0; seed < 2; seed++) {
        const made = generateValue({ kind: "ref", name: type, pointer: "" }, nodes, `${m.rpcName} ${seed}`);
        for (const value of [made, ...broken(made)]) {
          const issues: runtime.Issue[] = [];
          const full = explain(ours, value, side, issues);
          if (full !== ours.is(value) || full !== (issues.length === 0))
            found.push(`${type}: is() and the full check differ on ${JSON.stringify(value).slice(0, 120)}`);
          const reference = validate(forAjv(value)) as boolean;
          if (reference !== full && !(full && oneOfOverlap(validate)))
            found.push(`${type}: ajv ${reference}, ours ${full} on ${JSON.stringify(value).slice(0, 120)}`);
        }
      }
    }
  }
  return found;
}

describe("emitted validators agree with ajv on made-up and broken values", () => {
  it.each(documents.map((d) => [d.name, d] as const))(
    "%s",
    async (_name, entry) => {
      expect((await disagreements(entry)).slice(0, 5)).toEqual([]);
    },
    60_000,
  );
});

describe.skipIf(corpus.length === 0 && process.env.CI !== "true")("and on the shared OpenRPC corpus", () => {
  it.each(corpus.map((d) => [d.name, d] as const))(
    "%s",
    async (_name, entry) => {
      expect((await disagreements(entry)).slice(0, 5)).toEqual([]);
    },
    120_000,
  );
});
if (corpus.length === 0) console.log(`skipped: the shared corpus is not at ${CORPUS}`);

describe("prettier leaves every validators file as it is", () => {
  it.each(documents.map((d) => [d.name, d] as const))(
    "%s",
    async (_name, entry) => {
      const doc = await model(entry);
      for (const side of ["params", "result"] as const) {
        const { code } = emitValidators(doc, side, "// header");
        expect(await prettier.format(code, { ...PRETTIER_OPTIONS, parser: "typescript" })).toBe(code);
      }
    },
    60_000,
  );
});

describe("tree shaking", () => {
  it("a bundle of one method's validator carries only it, the combinators it uses and no message", async () => {
    const entry = path.join(ROOT, "generated/src/advanced/validators.ts");
    const result = await build({
      stdin: {
        contents: `import { GetLogsParams$ } from ${JSON.stringify(entry)};\nconsole.log(GetLogsParams$);`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
      logLevel: "silent",
    });
    const text = result.outputFiles[0]!.text;
    expect(text).toContain("max:1e4"); // getLogs's page size range
    expect(text).toContain("earliest"); // its block range
    // GetNFTsByOwnerParams's pattern property, and combinators getLogs does not use (uint64, tuple, not).
    expect(text).not.toContain("{40}");
    expect(text).not.toContain('"uint64"');
    expect(text).not.toContain('"tuple"');
    expect(text).not.toContain('"not"');
    // No message at all: where and why a value fails is said on the failure path (validate-explain.ts).
    expect(text).not.toContain("must be");
  });
});
