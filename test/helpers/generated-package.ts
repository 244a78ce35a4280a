/**
 * A package generated into a test's own temporary folder: written there, type-checked by one
 * `tsc --strict` run (the user's own files included), and its client created over a real
 * WebSocket (the `ws` package's WebSocket: Node 20 has none, and the temporary folder has no
 * node_modules for the runtime's fallback import).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { generatePackage, type PackageResult } from "../../generator/commands/pipeline.js";
import { ROOT } from "../../generator/root.js";
import { writeOutput } from "../../generator/write/write.js";
import { strictTscOver } from "./strict-tsc.js";

/** Generates `specs` into `<out>/<name>` and returns what the pipeline made. */
export async function generateInto(out: string, name: string, specs: string[]): Promise<PackageResult> {
  const result = await generatePackage({ specs, packageName: `@t/${name}`, cwd: ROOT });
  await writeOutput(name, result.files, { cwd: out });
  return result;
}

/** `tsc --strict --noUncheckedIndexedAccess` over `include` (paths inside `out`): "" when clean, else its report. */
export function typecheck(out: string, include: string[]): Promise<string> {
  return strictTscOver(out, include, 240_000);
}

export type Member = (...args: unknown[]) => Promise<unknown>;
export type Sub = AsyncIterable<unknown> & { unsubscribe(): Promise<void> };
export type Client = Record<string, unknown> & { close(): void };

/** The generated client of `<out>/<name>`'s first document over a WebSocket to `url`, strict about responses. */
export async function wsClientOf(out: string, name: string, result: PackageResult, url: string): Promise<Client> {
  const model = result.documents[0]!;
  const src = path.join(out, name, "src");
  const module = (await import(pathToFileURL(path.join(src, model.subpath, "client.ts")).href)) as Record<
    string,
    unknown
  >;
  const ws = (await import(pathToFileURL(path.join(src, "ws", "index.ts")).href)) as {
    webSocket: (url: string, options: object) => unknown;
  };
  const factory = module[model.factory] as (options: object) => Client;
  return factory({ transport: ws.webSocket(url, { WebSocket }), validateResponses: "strict", retryCount: 0 });
}

/** The first `n` items of a subscription (then it is left, which unsubscribes). */
export async function take(sub: Sub, n: number): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const value of sub) if (items.push(value) >= n) break;
  return items;
}
