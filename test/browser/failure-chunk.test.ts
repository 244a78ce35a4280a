/**
 * The failure path as a browser fetches it (Debian Chromium, driven by playwright-core; the app
 * bundled by esbuild with code splitting, as the size benchmark does): a successful call fetches
 * no chunk beyond the start ones; a failing call fetches the failure path's chunk and throws the
 * typed error without the key; when that chunk cannot be fetched, the call fails with a
 * NetworkError, still without the key.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build, type Metafile } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { findChromium, launchChromium } from "../helpers/chromium.js";
import { SOURCE_CONDITION } from "../../generator/defaults.js";

const chromiumLookup = findChromium();
/** The chunks by served name, the start ones (the entry and its static imports), and the failure path's. */
const chunks = new Map<string, string>();
const start = new Set<string>();
let failureChunk = "";
/** Chunk names the browser fetched, in order; and whether the failure chunk may be served. */
const fetched: string[] = [];
let serveFailureChunk = true;
let server: http.Server;
let browser: Browser;
let origin = "";

/** The start chunks of esbuild's output: the entry and what it imports statically. */
function startChunks(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const i of metafile.outputs[key]?.imports ?? []) if (i.kind === "import-statement") stack.push(i.path);
  }
  return new Set([...seen].map((k) => path.basename(k)));
}

beforeAll(async () => {
  if (chromiumLookup.skip) return;
  const outdir = path.join(ROOT, "test/browser/out");
  const result = await build({
    entryPoints: [path.join(ROOT, "test/browser/failure-chunk-page.ts")],
    bundle: true,
    format: "esm",
    splitting: true,
    outdir,
    write: false,
    metafile: true,
    platform: "browser",
    conditions: [SOURCE_CONDITION],
    target: "es2022",
    logLevel: "silent",
  });
  for (const file of result.outputFiles) chunks.set(path.basename(file.path), file.text);
  const entry = Object.keys(result.metafile.outputs).find((k) => result.metafile.outputs[k]!.entryPoint)!;
  for (const name of startChunks(result.metafile, entry)) start.add(name);
  failureChunk = path.basename(
    Object.keys(result.metafile.outputs).find((k) =>
      result.metafile.outputs[k]!.entryPoint?.endsWith("runtime/failures.ts"),
    )!,
  );
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      const url = req.url ?? "";
      if (req.method === "GET" && url === "/")
        return void res
          .writeHead(200, { "content-type": "text/html" })
          .end(`<!doctype html><script type="module" src="/${path.basename(entry)}"></script>`);
      const name = url.slice(1);
      if (req.method === "GET" && chunks.has(name)) {
        fetched.push(name);
        if (name === failureChunk && !serveFailureChunk) return void res.writeHead(503).end();
        // No caching: each page fetches its chunks again (the second test refuses the failure chunk).
        return void res
          .writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" })
          .end(chunks.get(name));
      }
      if (req.method !== "POST") return void res.writeHead(404).end();
      const id = (JSON.parse(body) as { id: number }).id;
      res.writeHead(200, { "content-type": "application/json" });
      // /ok answers a result; /error a JSON-RPC error that echoes the key in its message.
      res.end(
        JSON.stringify(
          url.startsWith("/ok/")
            ? { jsonrpc: "2.0", id, result: "0x10" }
            : { jsonrpc: "2.0", id, error: { code: -32000, message: `no such key ${url}` } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium(chromiumLookup);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe.skipIf(chromiumLookup.skip)("the failure path in Chromium", () => {
  it("a successful call fetches only the start chunks; a failing one fetches the failure chunk", async () => {
    expect(failureChunk).toMatch(/^failures-.*\.js$/);
    expect(start.has(failureChunk)).toBe(false);
    serveFailureChunk = true;
    fetched.length = 0;
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.call === "function");
    expect(await page.evaluate(() => window.call("ok"))).toEqual({ result: "0x10" });
    expect(fetched.filter((name) => !start.has(name))).toEqual([]);
    expect(await page.evaluate(() => window.call("error"))).toEqual({
      name: "JsonRpcError",
      isJsonRpcError: true,
      isNetworkError: false,
      code: -32000,
      leaks: false,
    });
    expect(fetched).toContain(failureChunk);
    await page.close();
  }, 60_000);

  it("when the failure chunk cannot be fetched, a failing call is a NetworkError without the key", async () => {
    serveFailureChunk = false;
    fetched.length = 0;
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.call === "function");
    expect(await page.evaluate(() => window.call("error"))).toEqual({
      name: "NetworkError",
      isJsonRpcError: false,
      isNetworkError: true,
      leaks: false,
    });
    expect(fetched).toContain(failureChunk);
    // Successful calls go on working.
    expect(await page.evaluate(() => window.call("ok"))).toEqual({ result: "0x10" });
    await page.close();
  }, 60_000);
});
