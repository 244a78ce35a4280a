/**
 * Every published document of the shared corpus (`../shared/openrpc-corpus`, read where it is,
 * never copied; bench/corpus.ts lists it): generated as a user of a third-party document would
 * (`--examples warn`, `--ref-root` for a repository's documents), all packages type-checked by one
 * `tsc --strict` run, and every method called through its typed client member against the
 * project's own mock with strict response validation, with params made up from the document's
 * own schemas (checked by ajv first). Each request is seen as sent: by-name methods send an
 * object, others an array (`[]` without params, trailing absent params left out). docs/CORPUS.md
 * must be the table of these generations. Where the folder is absent, the tests skip with one
 * line (with CI=true they run, and fail).
 */
import { Ajv } from "ajv";
import formatsPlugin from "ajv-formats";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CORPUS_DIR,
  CORPUS_TABLE,
  corpusDocuments,
  corpusPackageName,
  corpusRow,
  corpusTable,
  generateCorpusDocument,
  type CorpusDocument,
} from "../../bench/corpus.js";
import { processCaches } from "../../generator/commands/caches.js";
import type { PackageResult } from "../../generator/commands/pipeline.js";
import { startMockServer } from "../../generator/mock/server.js";
import { generateValue } from "../../generator/mock/values.js";
import type { DocumentModel, JsonSchema } from "../../generator/model/document.js";
import { nodeDefinitions } from "../../generator/model/definitions.js";
import { writeOutput } from "../../generator/write/write.js";
import { strictTsc } from "../helpers/strict-tsc.js";
import { inCi } from "../helpers/chromium.js";
import { take, wsClientOf, type Sub } from "../helpers/generated-package.js";
import { argumentsOf, callEveryMethod } from "../helpers/call-methods.js";

const addFormats = formatsPlugin as unknown as (ajv: Ajv) => Ajv;
const documents = corpusDocuments();
const skip = documents.length === 0 && !inCi();
if (skip)
  console.log(
    `Skipping the shared corpus tests: no OpenRPC documents in ${CORPUS_DIR} (set OPENRPC_CORPUS_DIR; with CI=true they run and fail).`,
  );

const outcomes = new Map<string, PackageResult | unknown>();
let out = "";
let typecheck: Promise<string> | undefined;

beforeAll(async () => {
  if (skip) return;
  out = await mkdtemp(path.join(os.tmpdir(), "corpus-shared-"));
  for (const doc of documents) {
    const outcome = await generateCorpusDocument(doc).catch((e: unknown) => e);
    outcomes.set(doc.name, outcome);
    if (isResult(outcome)) await writeOutput(corpusPackageName(doc), outcome.files, { cwd: out });
  }
  // Runs while the calls below run; awaited by the last test.
  typecheck = strictTsc(
    out,
    documents.map((d) => corpusPackageName(d)),
    240_000,
  );
}, 240_000);
afterAll(async () => {
  await typecheck;
  if (out) await rm(out, { recursive: true, force: true });
}, 240_000);

function isResult(value: unknown): value is PackageResult {
  return value !== null && typeof value === "object" && "files" in value && "documents" in value;
}
const modelOf = (doc: CorpusDocument): DocumentModel => {
  const outcome = outcomes.get(doc.name);
  if (!isResult(outcome)) throw new Error(`${doc.name} did not generate: ${String(outcome)}`);
  return outcome.documents[0]!;
};

describe.skipIf(skip)("the shared corpus", () => {
  it("holds the documents of both corpora (at least 28)", () => {
    expect(documents.length).toBeGreaterThanOrEqual(28);
  });

  it.each(documents.map((d) => [d.name, d] as const))("%s generates", (_name, doc) => {
    const outcome = outcomes.get(doc.name);
    expect(outcome instanceof Error ? outcome.message : "generated").toBe("generated");
    expect(modelOf(doc).methods.length).toBeGreaterThan(0);
  });

  it("docs/CORPUS.md is the table of these generations (else run npm run corpus:table)", () => {
    const table = corpusTable(documents.map((d) => corpusRow(d, outcomes.get(d.name))));
    expect(readFileSync(CORPUS_TABLE, "utf8")).toBe(table);
  });
});

describe.skipIf(skip)("every method, through its typed member, answered by the mock under strict validation", () => {
  it.each(documents.map((d) => [d.name, d] as const))(
    "%s",
    async (_name, doc) => {
      const model = modelOf(doc);
      const mock = await startMockServer({
        specs: [path.relative(process.cwd(), doc.file)],
        port: 0,
        lenient: true,
        ...(doc.refRoot ? { refRoot: path.relative(process.cwd(), doc.refRoot) } : {}),
        // The document generated above, read and checked there (the process's load cache, as the playground passes it).
        cache: processCaches().load,
      });
      try {
        expect(await callEveryMethod(model, path.join(out, corpusPackageName(doc)), mock.url)).toEqual([]);
      } finally {
        await mock.close();
      }
    },
    120_000,
  );
});

describe.skipIf(skip)("every subscription a convention gives, over WebSocket, under strict validation", () => {
  it("subscribes through its typed member and takes two items the mock pushes (starknet_ws_api's five among them)", async () => {
    const failures: string[] = [];
    const taken: string[] = [];
    for (const doc of documents) {
      const outcome = outcomes.get(doc.name);
      if (!isResult(outcome)) continue;
      const model = modelOf(doc);
      const subscriptions = model.methods.filter((m) => m.subscription);
      if (subscriptions.length === 0) continue;
      const mock = await startMockServer({
        specs: [path.relative(process.cwd(), doc.file)],
        port: 0,
        lenient: true,
        limits: { wsNotifyIntervalMs: 10 },
        ...(doc.refRoot ? { refRoot: path.relative(process.cwd(), doc.refRoot) } : {}),
        // The document generated above, read and checked there (the process's load cache, as the playground passes it).
        cache: processCaches().load,
      });
      const client = await wsClientOf(out, corpusPackageName(doc), outcome, mock.url.replace(/^http/, "ws"));
      const definitions = nodeDefinitions(model.schemas, false);
      try {
        for (const method of subscriptions) {
          const named = generateValue(
            { kind: "ref", name: method.paramsType, pointer: "" },
            definitions,
            `${method.rpcName} params`,
          ) as Record<string, unknown>;
          const subscribe = client[method.clientName] as (...args: unknown[]) => Promise<Sub>;
          await subscribe(...argumentsOf(method, named)).then(
            async (sub) => {
              if ((await take(sub, 2)).length === 2) taken.push(`${doc.name} ${method.rpcName}`);
            },
            (error: Error) => failures.push(`${doc.name} ${method.rpcName}: ${error.message.slice(0, 600)}`),
          );
        }
      } catch (error) {
        failures.push(`${doc.name}: ${(error as Error).message.slice(0, 600)}`);
      } finally {
        client.close();
        await mock.close();
      }
    }
    expect(failures).toEqual([]);
    expect(taken.filter((t) => t.startsWith("openrpc-corpus/starknet/api/starknet_ws_api.json"))).toHaveLength(5);
  }, 120_000);
});

describe.skipIf(skip)("params made up from the document's schemas fit them under ajv (formats checked)", () => {
  it.each(documents.map((d) => [d.name, d] as const))("%s", (_name, doc) => {
    const model = modelOf(doc);
    const definitions = new Map<string, JsonSchema>(model.schemas.map((s) => [s.name, s.schema]));
    const nodes = nodeDefinitions(model.schemas, false);
    const ajv = addFormats(new Ajv({ strict: false, logger: false, code: { optimize: false } }));
    ajv.addSchema({ $id: "doc", definitions: Object.fromEntries(definitions) });
    const misfits: string[] = [];
    for (const method of model.methods) {
      const type = method.paramsType;
      if (!definitions.has(type)) continue;
      const validate = ajv.getSchema(`doc#/definitions/${type}`)!;
      for (let seed = 0; seed < 3; seed++) {
        const value = generateValue({ kind: "ref", name: type, pointer: "" }, nodes, `${method.rpcName} ${seed}`);
        if (!validate(value))
          misfits.push(`${type} ${JSON.stringify(value).slice(0, 200)}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(misfits).toEqual([]);
  });
});

describe.skipIf(skip)("the generated packages", () => {
  it("type-check under tsc --strict, all in one run", async () => {
    expect(await typecheck).toBe("");
  }, 240_000);
});
