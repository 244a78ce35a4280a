/**
 * A property test of the layout printer: documents of the corpus with their names stretched
 * (component names, method and param names, property names, enum values and titles made longer,
 * by a few characters and by many), so that every list, call and signature crosses the 120-column
 * line somewhere. For each, the default run's files are exactly what prettier makes of them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { ROOT } from "../../../generator/root.js";
import { uncleanFiles } from "../../helpers/prettier-clean.js";

type Json = Record<string, unknown>;
const dir = mkdtempSync(path.join(os.tmpdir(), "stretch-"));
cpSync(path.join(ROOT, "spec/schemas"), path.join(dir, "schemas"), { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Longer names everywhere; `deep` also renames methods, params, properties and enum values (for documents whose extensions do not name them). */
function stretch(doc: Json, k: number, deep: boolean): Json {
  let text = JSON.stringify(doc);
  const components = Object.keys(((doc.components as Json | undefined)?.schemas as Json | undefined) ?? {});
  for (const c of components)
    for (const end of ['"', "/"])
      text = text.split(`"#/components/schemas/${c}${end}`).join(`"#/components/schemas/${c}${"Z".repeat(k)}${end}`);
  const out = JSON.parse(text) as Json;
  const schemas = (out.components as Json | undefined)?.schemas as Json | undefined;
  if (schemas)
    (out.components as Json).schemas = Object.fromEntries(
      Object.entries(schemas).map(([n, s]) => [`${n}${"Z".repeat(k)}`, s]),
    );
  (out.info as Json).title = `${String((out.info as Json).title)}${" Word".repeat(k)}`;
  if (!deep) return out;
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(walk);
    if (!x || typeof x !== "object") return;
    const o = x as Json;
    if (o.properties && typeof o.properties === "object") {
      o.properties = Object.fromEntries(
        Object.entries(o.properties as Json).map(([n, v]) => [`${n}${"p".repeat(k)}`, v]),
      );
      if (Array.isArray(o.required)) o.required = o.required.map((r) => `${String(r)}${"p".repeat(k)}`);
    }
    if (Array.isArray(o.enum)) o.enum = o.enum.map((e) => (typeof e === "string" ? `${e}${"e".repeat(k)}` : e));
    delete o.examples;
    Object.values(o).forEach(walk);
  };
  walk(out.components);
  for (const m of out.methods as Json[]) {
    m.name = `${String(m.name)}${"_q".repeat(k)}`;
    for (const p of (m.params ?? []) as Json[]) p.name = `${String(p.name)}${"P".repeat(k)}`;
    walk(m.params);
    walk(m.result);
    delete m.examples;
  }
  return out;
}

const documents: [string, boolean][] = [
  ["spec/advanced.openrpc.json", false],
  ["spec/eth.openrpc.json", false],
  ["spec/solana.openrpc.json", false],
  ["node_modules/@metamask/api-specs/dist/build/openrpc.json", false],
  ["test/fixtures/third-party/etclabscore-ethereum-json-rpc.openrpc.json", true],
  ["test/fixtures/third-party/etclabscore-jade-service-runner.openrpc.json", true],
  ["test/fixtures/openrpc/shapes.openrpc.json", true],
  ["test/fixtures/openrpc/combinators.openrpc.json", true],
];
const cases = documents.flatMap(([spec, deep]) => [9, 30].map((k) => ({ spec, deep, k })));

describe("stretched names: the default run is already in prettier's form", () => {
  it.each(cases)(
    "$spec, names longer by $k",
    async ({ spec, deep, k }) => {
      const file = path.join(dir, `${path.basename(spec, ".json")}-${k}.openrpc.json`);
      writeFileSync(
        file,
        JSON.stringify(stretch(JSON.parse(readFileSync(path.join(ROOT, spec), "utf8")) as Json, k, deep)),
      );
      const options = {
        specs: [path.relative(ROOT, file)],
        packageName: "stretched",
        cwd: ROOT,
        examples: "warn" as const,
      };
      const { files } = await generatePackage(options);
      expect(await uncleanFiles(files)).toEqual([]);
    },
    60_000,
  );
});
