/**
 * The three promises of `--lenient` (docs/READING.md), as checks over documents written in a
 * folder (the random documents of ./documents.test.ts and the fixtures under test/fixtures/fuzz/),
 * one function per promise. Each returns its failures, one line each, labelled by the document.
 * They share a load cache (`suiteCache`, as a warm process keeps one: generator/commands/caches.ts):
 * each document is read and checked once under --lenient, by the reading check, and the generation
 * and the mock take it from there.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { processCaches } from "../../generator/commands/caches.js";
import { generatePackage, type PackageResult } from "../../generator/commands/pipeline.js";
import { loadModel, type CheckedSpec, type LoadCache } from "../../generator/load/load-model.js";
import { startMockServer } from "../../generator/mock/server.js";
import { writeOutput } from "../../generator/write/write.js";
import { callEveryMethod } from "../helpers/call-methods.js";
import { strictTsc } from "../helpers/strict-tsc.js";

/** A document to check: its entry (relative to the folder) and how a failure names it. */
export interface Entry {
  entry: string;
  label: string;
}

/**
 * The documents of one run of the suite, read and checked, by their files' content and reading
 * options (load/load-model.ts `LoadCache`): unbounded, unlike a process's (its 32 would keep only the
 * last documents of a run of 200), and dropped with the run.
 */
export function suiteCache(): LoadCache {
  return new Map<string, Promise<CheckedSpec>>();
}

/** Reading never throws, strict or lenient; under --lenient nothing is refused. */
export async function readingFailures(cwd: string, entries: readonly Entry[], cache?: LoadCache): Promise<string[]> {
  const failures: string[] = [];
  for (const { entry, label } of entries)
    for (const lenient of [false, true]) {
      const result = await loadModel({ specs: [entry], cwd, lenient, ...(cache ? { cache } : {}) }).catch(
        (e: unknown) => e,
      );
      if (result instanceof Error) {
        failures.push(`${label}: loadModel threw (lenient ${lenient}): ${result.stack ?? result.message}`);
        continue;
      }
      const errors = (result as Awaited<ReturnType<typeof loadModel>>).problems.filter((p) => p.severity === "error");
      if (lenient && errors.length > 0)
        failures.push(`${label}: refused: ${errors.map((e) => `${e.file}#${e.pointer}: ${e.message}`).join(" | ")}`);
    }
  return failures;
}

/** The package of every document (one subpath each), written to `<cwd>/<name>`, type-checked in one strict tsc run. */
export async function packageFailures(
  cwd: string,
  name: string,
  entries: readonly Entry[],
  cache?: LoadCache,
): Promise<{ failures: string[]; generated: PackageResult }> {
  const generated = await generatePackage(
    { specs: entries.map((e) => e.entry), packageName: name, cwd, lenient: true },
    cache ? { ...processCaches(), load: cache } : processCaches(),
  );
  await writeOutput(name, generated.files, { cwd });
  const output = await strictTsc(cwd, [name], 300_000);
  // tsc names the files: each error is put with its document.
  const bySubpath = new Map(generated.documents.map((d, i) => [d.subpath, entries[i]!]));
  const failures = output
    .split("\n")
    .filter((line) => /error TS/.test(line))
    .map((line) => {
      const owner = bySubpath.get(new RegExp(`${name}/src/([^/]+)/`).exec(line)?.[1] ?? "");
      return owner ? `${owner.label}: ${line}` : line;
    })
    .slice(0, 20);
  for (const doc of generated.documents) {
    const folder = path.join(cwd, name, "src", doc.subpath);
    for (const file of await readdir(folder)) {
      const text = await readFile(path.join(folder, file), "utf8");
      if (hasAny(ts.createSourceFile(file, text, ts.ScriptTarget.ES2022)))
        failures.push(`${bySubpath.get(doc.subpath)?.label ?? doc.subpath}: ${file} names the type any`);
    }
  }
  return { failures, generated };
}

/** Whether the file's code names the type `any` anywhere (a property called `any` is not the type). */
function hasAny(node: ts.Node): boolean {
  return node.kind === ts.SyntaxKind.AnyKeyword || (ts.forEachChild(node, hasAny) ?? false);
}

/** Every method of every document called through its typed member against the mock under --lenient, the answer valid by the document. */
export async function mockFailures(
  cwd: string,
  name: string,
  entries: readonly Entry[],
  generated: PackageResult,
  cache?: LoadCache,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [i, doc] of generated.documents.entries()) {
    const { entry, label } = entries[i]!;
    const started = await startMockServer({
      specs: [entry],
      cwd,
      port: 0,
      lenient: true,
      ...(cache ? { cache } : {}),
    }).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    if (started instanceof Error) {
      failures.push(`${label}: the mock refused: ${started.message.slice(0, 800)}`);
      continue;
    }
    try {
      const found = await callEveryMethod(doc, path.join(cwd, name), started.url);
      failures.push(...found.map((f) => `${label}: ${f}`));
    } finally {
      await started.close();
    }
  }
  return failures;
}
