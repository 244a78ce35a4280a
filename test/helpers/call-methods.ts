/**
 * Calls every method of a generated package through its typed client member against the
 * project's own mock, as a user of that package would: params made up from the document's own
 * schemas, the client strict about results (its compiled validators), every request body
 * recorded as it leaves, and the params on the wire compared with what the document declares
 * (by-name methods send an object, others an array, trailing absent params left out). Shared by
 * the corpus tests (test/generator/corpus-shared.test.ts) and the fuzz suite (test/fuzz/).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generateValue } from "../../generator/mock/values.js";
import { nodeDefinitions } from "../../generator/model/definitions.js";
import type { DocumentModel, MethodModel } from "../../generator/model/document.js";

interface Sent {
  method: string;
  params: unknown;
}
type Member = (...args: unknown[]) => Promise<unknown>;
type Client = Record<string, unknown> & { close(): void };

/** The generated client of a document (`<packageDir>/src/<subpath>/client.ts`), pointed at `url`, strict about results; bodies recorded as sent. */
export async function clientOf(model: DocumentModel, packageDir: string, url: string, sent: Sent[]): Promise<Client> {
  const file = path.join(packageDir, "src", model.subpath, "client.ts");
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const factory = module[model.factory] as (options: object) => Client;
  // The real fetch, over loopback; the body is read as it leaves.
  const recording: typeof fetch = (input, init) => {
    if (typeof init?.body === "string") sent.push(JSON.parse(init.body) as Sent);
    return fetch(input, init);
  };
  return factory({ url, validateResponses: "strict", retryCount: 0, fetch: recording });
}

/** What the document says goes on the wire for these params: an object by name, else an array. */
export function expectedParams(method: MethodModel, named: Record<string, unknown>): unknown {
  if (method.paramStructure === "by-name") return JSON.parse(JSON.stringify(named)) as unknown;
  const positional = method.params.map((p) => (Object.hasOwn(named, p.name) ? named[p.name] : undefined));
  while (positional.length > 0 && positional[positional.length - 1] === undefined) positional.pop();
  // A skipped param before one that is given goes as null (JSON has no undefined in an array).
  return JSON.parse(JSON.stringify(positional.map((v) => (v === undefined ? null : v)))) as unknown;
}

/** The arguments of the typed member: the params object, or the params in order (trailing absent ones left out). */
export function argumentsOf(method: MethodModel, named: Record<string, unknown>): unknown[] {
  if (method.signature === "object") return method.params.length === 0 ? [] : [named];
  const positional = method.params.map((p) => (Object.hasOwn(named, p.name) ? named[p.name] : undefined));
  while (positional.length > 0 && positional[positional.length - 1] === undefined) positional.pop();
  return positional;
}

/** Params for a method, made from its params schema: an object keyed by param name. */
export function paramsFor(model: DocumentModel, method: MethodModel, seed = ""): Record<string, unknown> {
  return generateValue(
    { kind: "ref", name: method.paramsType, pointer: "" },
    nodeDefinitions(model.schemas, false),
    `${method.rpcName} params${seed}`,
  ) as Record<string, unknown>;
}

/**
 * Every method that is a call (subscriptions are WebSocket members), through its typed member
 * against the mock at `url`: the failures, one line each (empty when every call was answered, the
 * answer passed the client's strict validation, and the wire carried what the document declares).
 */
export async function callEveryMethod(model: DocumentModel, packageDir: string, url: string): Promise<string[]> {
  const sent: Sent[] = [];
  const client = await clientOf(model, packageDir, url, sent);
  const failures: string[] = [];
  try {
    for (const method of model.methods) {
      const member = client[method.clientName] as Member | undefined;
      if (typeof member !== "function" || !Object.hasOwn(client, method.clientName)) {
        failures.push(`${method.rpcName}: no typed member ${method.clientName}`);
        continue;
      }
      // A subscription (x-subscription, or a convention's) is a WebSocket member: over HTTP it rejects before sending.
      if (method.subscription) continue;
      const named = paramsFor(model, method);
      const before = sent.length;
      await member(...argumentsOf(method, named)).catch((error: Error) => {
        failures.push(`${method.rpcName} (${JSON.stringify(named).slice(0, 200)}): ${error.message.slice(0, 600)}`);
      });
      const request = sent[before];
      if (!request) {
        failures.push(`${method.rpcName}: nothing was sent`);
        continue;
      }
      const want = expectedParams(method, named);
      if (JSON.stringify(request.params ?? []) !== JSON.stringify(want))
        failures.push(
          `${method.rpcName}: sent ${JSON.stringify(request.params).slice(0, 200)}, the document declares ${JSON.stringify(want).slice(0, 200)}`,
        );
    }
  } finally {
    client.close();
  }
  return failures;
}
