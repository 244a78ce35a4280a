/**
 * The clients in a real browser (Debian Chromium, driven by playwright-core): the keyless proxy
 * client works, a keyed client refuses to start without the explicit opt-in (the key must not
 * ship in front-end code), and exact u64 parsing holds in the browser too.
 */
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { findChromium, launchChromium } from "../helpers/chromium.js";
import { SOURCE_CONDITION } from "../../generator/defaults.js";

const SAMPLES = path.resolve(ROOT, "../shared/real-samples");
const chromiumLookup = findChromium();
const requests: { url: string; body: string }[] = [];
let server: http.Server;
let browser: Browser;
let origin = "";

beforeAll(async () => {
  if (chromiumLookup.skip) return;
  const bundle = await build({
    entryPoints: [path.join(ROOT, "test/browser/page.ts")],
    bundle: true,
    format: "esm",
    write: false,
    platform: "browser",
    conditions: [SOURCE_CONDITION],
    target: "es2022",
  });
  const script = bundle.outputFiles[0]!.text;
  const metadata = await readFile(path.join(SAMPLES, "ankr_getNFTMetadata.response.json"), "utf8");
  const account = await readFile(path.join(SAMPLES, "getAccountInfo.example1.response.json"), "utf8");
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/")
        return void res
          .writeHead(200, { "content-type": "text/html" })
          .end('<!doctype html><script type="module" src="/page.js"></script>');
      if (req.method === "GET" && req.url === "/page.js")
        return void res.writeHead(200, { "content-type": "text/javascript" }).end(script);
      // Only the client's calls count: Chromium's own GETs (e.g. /favicon.ico) are not requests the client sent.
      if (req.method !== "POST") return void res.writeHead(404).end();
      requests.push({ url: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(req.url?.startsWith("/solana") ? account : metadata);
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

describe.skipIf(chromiumLookup.skip)("in Chromium", () => {
  it("the keyless proxy client works, keyed clients need the explicit opt-in", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(origin);
    await page.waitForFunction(() => typeof window.proxyCall === "function");

    expect(await page.evaluate(() => window.proxyCall())).toEqual({ tokenId: "23240", name: "Rock 23240" });
    expect(requests.at(-1)).toEqual({
      url: "/proxy?adv_getNFTMetadata",
      body: '["0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",null,null,"23240"]',
    });

    const before = requests.length;
    expect(await page.evaluate(() => window.keyedWithoutOptIn())).toEqual({
      isValidationError: true,
      rule: "browser",
      path: "options.apiKey",
      leaks: false,
    });
    expect(requests.length).toBe(before);

    expect(await page.evaluate(() => window.keyedWithOptIn())).toEqual({
      rentEpoch: "18446744073709551615",
      type: "bigint",
    });
    expect(requests.at(-1)!.url).toBe("/solana/browser-secret-key");
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
