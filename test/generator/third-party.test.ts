/**
 * Real OpenRPC documents of other blockchain projects (test/fixtures/third-party/manifest.json):
 * each is generated into its own package in a sandbox; all the packages are type-checked by one
 * `tsc --strict` run (a child process, running alongside the other tests); and every method of
 * every document is called by its generated client through the mock server with
 * `validateResponses: "strict"`, twice: with the params of its first example that the generator
 * found valid (if any), and with params the mock makes up from the params schema. That makes a
 * property test of the mock's values: every params object it makes passes the client's request
 * validators and the mock's own, and every result it makes passes the strict result validators.
 * The same values are also checked with ajv against the documented schemas, for what the
 * client's validators leave out (formats, multipleOf, oneOf matching exactly one branch), and
 * every pattern in the documents is given matching strings.
 */
import { Ajv } from "ajv";
import formatsPlugin from "ajv-formats";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processCaches } from "../../generator/commands/caches.js";
import { generatePackage } from "../../generator/commands/pipeline.js";
import { ROOT } from "../../generator/root.js";
import { startMockServer } from "../../generator/mock/server.js";
import { stringForPattern } from "../../runtime/mock-pattern.js";
import { createRandom } from "../../runtime/mock-random.js";
import { generateValue } from "../../generator/mock/values.js";
import type { DocumentModel, JsonSchema } from "../../generator/model/document.js";
import { nodeDefinitions } from "../../generator/model/definitions.js";
import { writeOutput } from "../../generator/write/write.js";
import { strictTsc } from "../helpers/strict-tsc.js";

interface Entry {
  name: string;
  project: string;
  document: string;
  package: string;
  path: string;
  file: string;
  licence: string;
  methods: number;
  examples?: "warn";
  refRoot?: string;
  /** A schema no value can satisfy: calls whose failure is at `where` (a regex for the path) are expected to fail, and some must. */
  unsatisfiable?: { where: string; why: string };
}

const addFormats = formatsPlugin as unknown as (ajv: Ajv) => Ajv;
/** Seeds per schema in the ajv property test. */
const SEEDS = 5;
const manifest = JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/third-party/manifest.json"), "utf8")) as {
  documents: Entry[];
};
const entries = manifest.documents;
const out = await mkdtemp(path.join(os.tmpdir(), "third-party-"));
const models = new Map<string, DocumentModel>();
const generated = new Map<string, Map<string, string>>();
/** JSON pointers the generator warned about, per document (examples that contradict their schemas). */
const warned = new Map<string, string[]>();
/** tsc's output over every package, started once they are written and run while the mock tests run. */
let typecheck: Promise<string> | undefined;

beforeAll(async () => {
  for (const entry of entries) {
    const result = await generatePackage({
      specs: [entry.file],
      packageName: `third-party-${entry.name}`,
      cwd: ROOT,
      examples: entry.examples ?? "error",
      ...(entry.refRoot !== undefined ? { refRoot: entry.refRoot } : {}),
    });
    await writeOutput(entry.name, result.files, { cwd: out });
    models.set(entry.name, result.documents[0]!);
    generated.set(entry.name, result.files);
    warned.set(
      entry.name,
      result.warnings.map((w) => w.pointer),
    );
  }
  typecheck = strictTsc(
    out,
    entries.map((e) => e.name),
    170_000,
  );
}, 180_000);
afterAll(async () => {
  await typecheck;
  await rm(out, { recursive: true, force: true });
}, 180_000);

describe("third-party documents", () => {
  it("come from at least 5 documents of at least 4 projects, each with its licence and source package recorded", () => {
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(new Set(entries.map((e) => e.project.replace(/ \(.*\)$/, ""))).size).toBeGreaterThanOrEqual(4);
    for (const entry of entries) {
      expect(entry.licence, entry.name).toMatch(/^(Apache-2\.0|MIT|CC0-1\.0|BSD-\d-Clause|ISC)$/);
      expect(entry.package, entry.name).toMatch(/^@?[\w.-]+(\/[\w.-]+)?@\d+\.\d+\.\d+$/);
      // A document read from node_modules comes from the exact version the manifest names.
      const installed = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(entry.file);
      if (installed) {
        const pkg = JSON.parse(
          readFileSync(path.join(ROOT, "node_modules", installed[1]!, "package.json"), "utf8"),
        ) as { name: string; version: string };
        expect(`${pkg.name}@${pkg.version}`, entry.name).toBe(entry.package);
        const declared = (
          JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
            devDependencies: Record<string, string>;
          }
        ).devDependencies[pkg.name];
        expect(declared, `${pkg.name} is an exact-pinned devDependency`).toBe(pkg.version);
      }
    }
  });

  it.each(entries.map((e) => [e.name, e] as const))("%s generates every method the manifest counts", (name, entry) => {
    expect(models.get(name)!.methods.length).toBe(entry.methods);
    expect([...generated.get(name)!.keys()]).toContain(`src/${models.get(name)!.subpath}/client.ts`);
  });
});

type Request = (method: string, params: unknown) => Promise<unknown>;

/** The generated client of a package in the sandbox, pointed at `url`, validating results strictly. */
async function clientOf(
  name: string,
  url: string,
): Promise<{ request: Request; close(): void; structure(method: string): { params: string[]; structure: string } }> {
  const dir = path.join(out, name, "src", models.get(name)!.subpath);
  const clientModule = (await import(pathToFileURL(path.join(dir, "client.ts")).href)) as Record<string, unknown>;
  const { api } = (await import(pathToFileURL(path.join(dir, "api.ts")).href)) as {
    api: { methods: Record<string, { params: string[]; structure: string }> };
  };
  const factory = clientModule[models.get(name)!.factory] as (options: object) => { request: Request; close(): void };
  const client = factory({ url, validateResponses: "strict", retryCount: 0 });
  return { request: (m, p) => client.request(m, p), close: () => client.close(), structure: (m) => api.methods[m]! };
}

/** Params by name → what `request` takes: the positional array (trailing absent ones left out), or the object. */
function asRequested(named: Record<string, unknown>, method: { params: string[]; structure: string }): unknown {
  if (method.structure === "by-name") return named;
  const positional = method.params.map((p) => named[p]);
  while (positional.length > 0 && positional[positional.length - 1] === undefined) positional.pop();
  return positional;
}

describe("every method answers through the mock, and every answer passes strict result validation", () => {
  it.each(entries.map((e) => [e.name, e] as const))(
    "%s",
    async (name, entry) => {
      const model = models.get(name)!;
      // The same policy as the generation above: a document whose examples are known to be wrong is served with warnings.
      const mock = await startMockServer({
        specs: [entry.file],
        cwd: ROOT,
        port: 0,
        examples: entry.examples ?? "error",
        // The documents generated above, read and checked there (the process's load cache, as the playground passes it).
        cache: processCaches().load,
      });
      const client = await clientOf(name, mock.url);
      const definitions = nodeDefinitions(model.schemas, false);
      const failures: string[] = [];
      let calls = 0;
      try {
        for (const method of model.methods) {
          const example = method.examples.find(
            (e) => e.hasResult && !warned.get(name)!.some((p) => p.startsWith(`${e.pointer}/`)),
          );
          const made = generateValue(
            { kind: "ref", name: method.paramsType, pointer: "" },
            definitions,
            `${method.rpcName} params`,
          ) as Record<string, unknown>;
          for (const [how, named] of [
            ...(example ? [["example params", example.params] as const] : []),
            ["made-up params", made] as const,
          ]) {
            calls++;
            await client
              .request(method.rpcName, asRequested(named, client.structure(method.rpcName)))
              .catch((error: Error) => {
                failures.push(
                  `${method.rpcName} (${how} ${JSON.stringify(named).slice(0, 200)}): ${error.message.slice(0, 600)}`,
                );
              });
          }
        }
      } finally {
        client.close();
        await mock.close();
      }
      const known = entry.unsatisfiable
        ? new RegExp(`\\b${entry.unsatisfiable.where} (must|matches none)\\b`)
        : undefined;
      // An unsatisfiable schema fails the calls that must carry it; where it is optional, the values made
      // for params and results leave it out (runtime/mock-admits.ts), so no call has to fail.
      expect(failures.filter((f) => !known?.test(f))).toEqual([]);
      expect(calls).toBeGreaterThanOrEqual(entry.methods);
    },
    60_000,
  );
});

describe("every value the mock makes up fits its documented schema under ajv (formats checked)", () => {
  it.each(entries.map((e) => [e.name, e] as const))("%s", (name, entry) => {
    const model = models.get(name)!;
    const definitions = new Map<string, JsonSchema>(model.schemas.map((s) => [s.name, s.schema]));
    const nodes = nodeDefinitions(model.schemas, false);
    const ajv = addFormats(new Ajv({ strict: false, logger: false, code: { optimize: false } }));
    ajv.addSchema({ $id: "doc", definitions: Object.fromEntries(definitions) });
    const misfits: string[] = [];
    let checked = 0;
    for (const method of model.methods) {
      for (const type of [method.paramsType, method.resultType]) {
        if (!definitions.has(type)) continue;
        const validate = ajv.getSchema(`doc#/definitions/${type}`)!;
        for (let seed = 0; seed < SEEDS; seed++) {
          const value = generateValue(
            { kind: "ref", name: type, pointer: "" },
            nodes,
            `${method.rpcName} ${type} ${seed}`,
          );
          checked++;
          if (!validate(value))
            misfits.push(
              `${type} ${JSON.stringify(value).slice(0, 200)}: ${ajv.errorsText(validate.errors)}`.slice(0, 600),
            );
        }
      }
    }
    const known = entry.unsatisfiable
      ? new RegExp(`/${entry.unsatisfiable.where.replace(/\\\./g, "/")} must match pattern`)
      : undefined;
    expect(misfits.filter((m) => !known?.test(m))).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(entry.methods * SEEDS);
  });
});

describe("every pattern of the documents gets a matching string", () => {
  const patterns = new Set<string>();
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "pattern" && typeof inner === "string") patterns.add(inner);
        if (key === "patternProperties" && inner !== null && typeof inner === "object")
          Object.keys(inner).forEach((p) => patterns.add(p));
        collect(inner);
      }
    }
  };
  for (const entry of entries) collect(JSON.parse(readFileSync(path.join(ROOT, entry.file), "utf8")));
  // Patterns that put text before `^` (Urbit's "/^own$/", the ETC spec's "0x^(…){65}$"): no string matches them.
  const unmatchable = [...patterns].filter((p) => /^[^(^|]+\^/.test(p));

  it("the documents hold dozens of distinct patterns", () => {
    expect(patterns.size).toBeGreaterThanOrEqual(25);
    expect(unmatchable).toHaveLength(6);
  });

  it.each([...patterns].filter((p) => !unmatchable.includes(p)))("%s", (pattern) => {
    for (let seed = 0; seed < SEEDS; seed++) {
      const text = stringForPattern(pattern, createRandom(`${pattern} ${seed}`));
      expect(text, `seed ${seed}`).toBeDefined();
      expect(new RegExp(pattern, "u").test(text!)).toBe(true);
    }
  });
});

describe("the generated packages", () => {
  // Last, so that tsc (started when the packages were written) runs alongside the tests above.
  it("type-check under tsc --strict, all in one run", async () => {
    expect(await typecheck).toBe("");
  }, 180_000);
});
