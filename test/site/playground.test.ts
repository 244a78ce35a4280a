/**
 * The playground in Chromium (playwright-core, as test/browser/browser.test.ts), served by
 * `startPlayground` with the mock server of every spec: the sidebar lists every method, an
 * invalid field is refused with no request reaching the server, a valid call shows the wire
 * request, the response and the snippet, a paginated method pages through, the keyless proxy
 * form and u64 values work, a keyed endpoint needs the opt-in, deep links fill the form. The
 * static site (`npm run docs`) works from a plain static file server against a separate mock.
 * Screenshots go to test-output/ (gitignored) for review. Everything listens on 127.0.0.1 only.
 */
import { mkdir } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";
import { processCaches } from "../../generator/commands/caches.js";
import { startPlayground, type Playground } from "../../generator/site/serve.js";
import { buildSite, defaultSpecs, siteFiles, type SiteBuild } from "../../generator/site/site.js";
import { findChromium, launchChromium, tabPool, type Tab, type TabOptions } from "../helpers/chromium.js";

const CHROMIUM = findChromium();

const OUTPUT = path.join(ROOT, "test-output");
let built: SiteBuild;
let playground: Playground;
let browser: Browser;
const tabs = tabPool(() => browser);

beforeAll(async () => {
  if (CHROMIUM.skip) return;
  built = await buildSite();
  playground = await startPlayground({
    files: built.files,
    specs: await defaultSpecs(ROOT),
    cwd: ROOT,
    // The documents the site was built from, as `npm run playground` passes them (the process's load cache).
    cache: processCaches().load,
  });
  browser = await launchChromium(CHROMIUM);
  await mkdir(OUTPUT, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

/**
 * A page on the playground that fails the test on any script error or dialog (an injected `alert`):
 * a tab of the pool loaded afresh (a new document at the test's viewport and color scheme, see
 * tabPool), given back with `release()`.
 */
async function open(fragment: string, options: TabOptions = {}): Promise<Tab> {
  const tab = await tabs.open(`${playground.url}${fragment}`, options);
  if (fragment) await tab.page.waitForSelector('[data-action="send"]');
  return tab;
}

/** Opens the fold of optional params (a method with many of them starts with it closed). */
async function unfold(page: Page): Promise<void> {
  const summary = '.current [data-role="optional-params"]:not([open]) > summary';
  if (await page.$(summary)) await page.click(summary);
}

const text = async (page: Page, role: string): Promise<string> =>
  (await page.textContent(`[data-role="${role}"]`)) ?? "";

describe.skipIf(CHROMIUM.skip)("the playground in Chromium", () => {
  it("lists every method of every API in the sidebar", async () => {
    const { page, problems, release } = await open("");
    const listed = await page.$$eval("[data-method]", (links) => links.map((a) => a.getAttribute("data-method")));
    expect(listed).toEqual(built.documents.flatMap((d) => d.methods.map((m) => m.rpcName)));
    await page.click('[data-method="eth_blockNumber"]');
    await page.waitForSelector('[data-page="eth_blockNumber"].current [data-action="send"]');
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("refuses an invalid field by name and rule, and sends nothing", async () => {
    const { page, problems, release } = await open("#adv_getLogs");
    const before = playground.rpcCalls();
    expect(await page.isVisible('[name="pageSize"]')).toBe(false);
    await unfold(page);
    await page.fill('[name="pageSize"]', "20000");
    await page.click('[data-action="send"]');
    await page.waitForSelector('[data-role="errors"] li');
    expect(await text(page, "errors")).toContain("pageSize must be at most 10000 (rule: maximum)");
    expect(await page.getAttribute('[name="pageSize"]', "aria-invalid")).toBe("true");
    await page.fill('[name="pageSize"]', "");
    await page.fill('[name="toBlock"]', "{not json");
    expect(await page.textContent('.current .field:has([name="toBlock"]) [data-role="field-error"]')).toBe(
      'toBlock must be "latest", an integer or a string matching ^0x[0-9a-fA-F]+$, not "{not json".',
    );
    await page.click('[data-action="send"]');
    await page.waitForFunction(() =>
      document.querySelector('[data-role="errors"]')?.textContent?.includes("toBlock must be"),
    );
    expect(playground.rpcCalls()).toBe(before);
    expect(await text(page, "request")).toBe("Not sent: fix the problems listed above.");
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("enters a tag or a hex number in a combo box, and explains a wrong value under the field", async () => {
    const { page, problems, release } = await open("#eth_getBlockByNumber");
    const block = '.current [name="block"]';
    const fieldError = '.current .field:has([name="block"]) [data-role="field-error"]';
    expect(await page.getAttribute(block, "list")).toBeTruthy();
    expect(await page.$$eval(".current datalist option", (o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual([
      "latest",
      "earliest",
      "pending",
      "safe",
      "finalized",
    ]);
    const before = playground.rpcCalls();
    await page.fill(block, '<img src=x onerror="alert(1)">');
    expect(await page.textContent(fieldError)).toBe(
      'block must be "latest", "earliest", "pending", "safe", "finalized" or a string matching ^0x[0-9a-fA-F]+$, not "<img src=x onerror=\\"alert(1)\\">".',
    );
    expect(await page.getAttribute(block, "aria-invalid")).toBe("true");
    await page.click('.current [data-action="send"]');
    await page.waitForSelector('.current [data-role="errors"] li');
    expect(playground.rpcCalls()).toBe(before);
    await page.screenshot({ path: path.join(OUTPUT, "playground-combo-error.png"), fullPage: false });

    for (const [typed, sent] of [
      ["latest", "latest"],
      ["0x1b4", "0x1b4"],
    ]) {
      await page.fill(block, typed!);
      expect(await page.textContent(fieldError)).toBe("");
      await page.click('.current [data-action="send"]');
      await page.waitForFunction(
        (want) => document.querySelector('.current [data-role="request"]')?.textContent?.includes(`"${want}"`),
        sent,
      );
      expect(JSON.parse((await text(page, "request")).split("\n\n")[1]!).params[0]).toBe(sent);
    }
    expect(playground.rpcCalls()).toBe(before + 2);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("folds many optional params, and opens the fold for a link or an example that sets one", async () => {
    const { page, problems, release } = await open("#adv_getLogs");
    expect(await page.$eval('.current [data-role="optional-params"]', (d) => (d as HTMLDetailsElement).open)).toBe(
      false,
    );
    const folded = await page.$eval(".current form", (f) => f.getBoundingClientRect().height);
    await unfold(page);
    expect(await page.$eval(".current form", (f) => f.getBoundingClientRect().height)).toBeGreaterThan(folded);
    await release();

    const link = await open(`#adv_getLogs?params=${encodeURIComponent('{"pageSize":2}')}&endpoint=mock`);
    expect(await link.page.isVisible('[name="pageSize"]')).toBe(true);
    expect(await link.page.inputValue('[name="pageSize"]')).toBe("2");
    expect([...problems, ...link.problems]).toEqual([]);
    await link.release();
  }, 60_000);

  it("folds nested object fields until opened: debug_traceCall's form fits 1.5 screens at 1280×800", async () => {
    const { page, problems, release } = await open("#debug_traceCall", { width: 1280, height: 800 });
    const height = (): Promise<number> => page.$eval(".current form", (f) => f.getBoundingClientRect().height);
    const folded = await height();
    expect(folded).toBeLessThanOrEqual(1.5 * 800);
    expect(await page.isVisible('.current [name="transaction.to"]')).toBe(false);
    expect(await page.textContent('.current details[data-path="transaction"] > summary')).toMatch(
      /^10 fields: from, to, /,
    );
    await page.click('.current details[data-path="transaction"] > summary');
    expect(await page.isVisible('.current [name="transaction.to"]')).toBe(true);
    expect(await height()).toBeGreaterThan(folded);
    await page.click('.current details[data-path="transaction"] > summary');
    expect(await page.isVisible('.current [name="transaction.to"]')).toBe(false);

    // An example opens the objects it sets a field in, and only those.
    const examples = built.site.apis.flatMap((a) => a.methods).find((m) => m.rpcName === "debug_traceCall")!.examples;
    await page.click(
      `.current [data-action="example"][data-example="${examples.findIndex((e) => e.name === "call-tracer")}"]`,
    );
    expect(await page.inputValue('.current [name="traceConfig.tracer"]')).toBe("callTracer");
    expect(await page.isVisible('.current [name="traceConfig.tracer"]')).toBe(true);
    expect(await page.isVisible('.current [name="transaction.to"]')).toBe(true);
    expect(await page.isVisible('.current details[data-path="traceConfig.tracerConfig"] [name]')).toBe(false);

    // A problem inside a folded object opens it, so the message points at a field the reader sees.
    await page.fill('.current [name="transaction.to"]', "0x12");
    await page.click('.current details[data-path="transaction"] > summary');
    expect(await page.isVisible('.current [name="transaction.to"]')).toBe(false);
    await page.click('[data-action="send"]');
    await page.waitForSelector('.current [data-path="transaction.to"]');
    expect(await page.isVisible('.current [name="transaction.to"]')).toBe(true);
    expect(await page.getAttribute('.current [name="transaction.to"]', "aria-invalid")).toBe("true");
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("shows descriptions as rendered Markdown: code, not backticks, on the home page and method pages", async () => {
    const { page, problems, release } = await open("");
    const backticks = (selector: string): Promise<string[]> =>
      page.$$eval(selector, (nodes) => nodes.map((n) => (n as HTMLElement).innerText).filter((t) => t.includes("`")));
    expect(await backticks(".home")).toEqual([]);
    await page.click('[data-method="adv_getBlocks"]');
    await page.waitForSelector('[data-page="adv_getBlocks"].current [data-action="send"]');
    expect(await backticks(".current .limits li, .current .summary, .current .description, .current td")).toEqual([]);
    expect(await page.$$eval(".current .limits li code", (c) => c.map((e) => e.textContent))).toContain("fromBlock");
    // Form hints render the code spans too.
    expect(await backticks(".current .hint")).toEqual([]);
    await page.click('[data-method="eth_unsubscribe"]');
    await page.waitForSelector('[data-page="eth_unsubscribe"].current .summary');
    expect(await page.textContent(".current .summary code")).toBe("eth_subscribe");
    expect(await backticks(".current .summary, .current .description, .current td, .current .hint")).toEqual([]);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("answers a valid call: wire request without key, response, snippet; then pages through", async () => {
    const { page, problems, release } = await open("#adv_getLogs");
    const before = playground.rpcCalls();
    await unfold(page);
    await page.fill('[name="pageSize"]', "2");
    await page.click('[data-action="send"]');
    await page.waitForSelector('[data-role="response"] .json-node');
    expect(playground.rpcCalls()).toBe(before + 1);
    expect(await text(page, "errors")).toBe("");
    const request = await text(page, "request");
    expect(request).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/mock\/advanced\ncontent-type: application\/json\naccept: application\/json\n\n/,
    );
    expect(JSON.parse(request.split("\n\n")[1]!)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "adv_getLogs",
      params: { pageSize: 2 },
    });
    expect(await text(page, "status")).toMatch(/^HTTP 200 OK in \d+ ms$/);
    expect(await text(page, "response")).toContain("nextPageToken");
    expect(await text(page, "snippet")).toBe(
      [
        `import { createAdvancedClient } from "@blockchain-rpc/clients/advanced";`,
        "",
        `const advanced = createAdvancedClient({ url: "${playground.url}mock/advanced" });`,
        "const result = await advanced.getLogs({ pageSize: 2 });",
      ].join("\n"),
    );
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#adv_getLogs?params={"pageSize":2}&endpoint=mock');
    await page.screenshot({ path: path.join(OUTPUT, "playground-1280.png"), fullPage: false });

    for (const token of ["page-2", "page-3"]) {
      await page.click('[data-action="next-page"]');
      await page.waitForFunction(
        (t) => document.querySelector('[data-role="request"]')?.textContent?.includes(`"pageToken": "${t}"`),
        token,
      );
      expect(await text(page, "snippet")).toContain(`advanced.getLogs({ pageSize: 2, pageToken: "${token}" })`);
    }
    await page.waitForSelector('[data-action="next-page"]', { state: "hidden" });
    expect(playground.rpcCalls()).toBe(before + 3);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("sends the keyless proxy form (positional body, method in the query) from a spec example, u64 exact", async () => {
    const { page, problems, release } = await open("#adv_getNFTMetadata");
    await page.selectOption('[data-role="endpoint"]', "mock-proxy");
    await page.click('.current [data-action="example"][data-example="0"]');
    await page.click('[data-action="send"]');
    await page.waitForSelector('[data-role="response"] .json-node');
    const request = await text(page, "request");
    expect(request).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/mock\/\?adv_getNFTMetadata\n/);
    expect(Array.isArray(JSON.parse(request.split("\n\n")[1]!))).toBe(true);
    expect(await text(page, "snippet")).toContain(`createAdvancedClient({ proxyUrl: "${playground.url}mock/" })`);
    await release();

    const solana = await open("#getAccountInfo");
    const examples = built.site.apis
      .find((a) => a.subpath === "solana")!
      .methods.find((m) => m.rpcName === "getAccountInfo")!.examples;
    const u64 = examples.findIndex((e) => e.name === "base58-u64-max-rent-epoch");
    await solana.page.click(`.current [data-action="example"][data-example="${u64}"]`);
    await solana.page.click('[data-action="send"]');
    await solana.page.waitForSelector('[data-role="response"] .json-node');
    expect(await text(solana.page, "response")).toContain("rentEpoch: 18446744073709551615");
    expect(await text(solana.page, "snippet")).toMatch(
      /\.getAccountInfo\("[1-9A-HJ-NP-Za-km-z]+", \{ encoding: "base58" \}\)/,
    );
    expect([...problems, ...solana.problems]).toEqual([]);
    await solana.release();
  }, 60_000);

  it("a keyed endpoint needs the explicit opt-in; a deep link fills the form", async () => {
    const { page, problems, release } = await open("#adv_getCurrencies");
    const before = playground.rpcCalls();
    await page.selectOption('[data-role="endpoint"]', "server:advanced");
    expect(await page.isVisible('[data-role="api-key"]')).toBe(false);
    await page.click('[data-action="send"]');
    await page.waitForSelector('[data-role="errors"] li');
    expect(await text(page, "errors")).toContain("needs an API key");
    await page.check('[data-role="key-opt-in"]');
    expect(await page.isVisible('[data-role="api-key"]')).toBe(true);
    expect(playground.rpcCalls()).toBe(before);

    // With the opt-in, the key is sent, and shown nowhere: not in the wire display, the snippet, the link or storage.
    await page.selectOption('[data-role="endpoint"]', "custom");
    await page.fill('[data-role="custom-url"]', `${playground.url}mock/advanced`);
    await page.fill('[data-role="api-key"]', "secret-key-4711");
    await page.selectOption('[name="blockchain"]', { label: "eth" });
    await page.click('[data-action="send"]');
    await page.waitForSelector('[data-role="response"] .json-node');
    expect(playground.rpcCalls()).toBe(before + 1);
    expect(await text(page, "request")).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/mock\/advanced\/\*\*\*\n/);
    expect(await text(page, "snippet")).toContain(
      `createAdvancedClient({ url: "${playground.url}mock/advanced", apiKey: process.env.API_KEY })`,
    );
    const shown = await page.evaluate(() =>
      [
        document.body.innerText,
        location.href,
        JSON.stringify({ ...localStorage }),
        JSON.stringify({ ...sessionStorage }),
        document.cookie,
      ].join("\n"),
    );
    expect(shown).not.toContain("secret-key-4711");
    await release();

    const link = await open(`#adv_getCurrencies?params=${encodeURIComponent('{"blockchain":"eth"}')}&endpoint=mock`);
    expect(
      await link.page.$eval('[name="blockchain"]', (s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent),
    ).toBe("eth");
    await link.page.click('[data-action="send"]');
    await link.page.waitForSelector('[data-role="response"] .json-node');
    expect(await text(link.page, "snippet")).toContain('advanced.getCurrencies({ blockchain: "eth" })');
    expect([...problems, ...link.problems]).toEqual([]);
    await link.release();
  }, 60_000);

  it("names the result variant the params select, and shows errors as the client's error classes", async () => {
    const { page, problems, release } = await open("#eth_getBlockByNumber");
    const examples = built.site.apis
      .find((a) => a.subpath === "eth")!
      .methods.find((m) => m.rpcName === "eth_getBlockByNumber")!.examples;
    await page.click(
      `.current [data-action="example"][data-example="${examples.findIndex((e) => e.params.fullTransactions === false)}"]`,
    );
    await page.click('[data-action="send"]');
    await page.waitForSelector('[data-role="response"] .json-node, [data-role="response"] .json-leaf');
    expect(await text(page, "variant")).toBe("Result variant: WithTransactionHashes (fullTransactions is false)");
    expect(JSON.parse((await text(page, "request")).split("\n\n")[1]!).params[1]).toBe(false);

    await page.selectOption('[data-role="endpoint"]', "custom");
    await page.fill('[data-role="custom-url"]', `${playground.url}not-an-endpoint`);
    await page.click('[data-action="send"]');
    await page.waitForFunction(() =>
      document.querySelector('[data-role="response"]')?.textContent?.includes("HttpError"),
    );
    const response = await text(page, "response");
    expect(response).toContain("status: 405");
    expect(response).toContain('message: "HTTP 405');
    expect(await text(page, "status")).toMatch(/^HTTP 405/);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("labels every control and works from the keyboard alone", async () => {
    const { page, problems, release } = await open("#adv_getLogs");
    await unfold(page);
    await page.click('[data-action="add-item"]');
    const unlabelled = (): Promise<string[]> =>
      page.$$eval(".current input, .current select, .current textarea, #sidebar input", (controls) =>
        controls
          .filter((c) => !(c as HTMLInputElement).labels?.length && !c.getAttribute("aria-label"))
          .map((c) => c.outerHTML),
      );
    expect(await unlabelled()).toEqual([]);
    const before = playground.rpcCalls();
    await page.focus('[name="pageSize"]');
    await page.keyboard.type("3");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() =>
      document.querySelector('[data-role="request"]')?.textContent?.includes('"pageSize": 3'),
    );
    expect(playground.rpcCalls()).toBe(before + 1);
    await page.focus('[data-method="getAccountInfo"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector('[data-page="getAccountInfo"].current [name="config.encoding"]', { state: "attached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("getAccountInfo");
    expect(await unlabelled()).toEqual([]);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("works at phone width and in dark mode (screenshots for review)", async () => {
    const { page, problems, release } = await open("#eth_getBlockByNumber", { width: 390, dark: true });
    expect(await page.isVisible("#sidebar")).toBe(false);
    await page.click('[data-action="menu"]');
    expect(await page.isVisible('[data-method="eth_getBlockByNumber"]')).toBe(true);
    await page.click('[data-method="eth_call"]');
    await page.waitForSelector('[data-page="eth_call"].current [data-action="send"]');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(13, 17, 23)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: path.join(OUTPUT, "playground-phone-dark.png"), fullPage: false });
    expect(problems).toEqual([]);
    await release();
  }, 60_000);
});

describe.skipIf(CHROMIUM.skip)("the static site from a plain file server", () => {
  let mock: MockServer;
  let server: http.Server;
  afterAll(async () => {
    server?.close();
    await mock?.close();
  });

  it("loads and calls a separately started mock server", async () => {
    mock = await startMockServer({ specs: await defaultSpecs(ROOT), cwd: ROOT });
    const { files } = await siteFiles({ ...built.site, mockUrl: `${mock.url}/` });
    server = http.createServer((req, res) => {
      const name = req.url === "/" ? "index.html" : (req.url ?? "").slice(1);
      const body = files.get(name);
      res
        .writeHead(body === undefined ? 404 : 200, {
          "content-type": name.endsWith(".js") ? "text/javascript" : name.endsWith(".css") ? "text/css" : "text/html",
        })
        .end(body ?? "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { page, problems, release } = await tabs.open(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/#eth_blockNumber`,
    );
    await page.click('[data-action="send"]');
    await page.waitForSelector('[data-role="response"] .json-leaf');
    expect(await text(page, "request")).toContain(`POST ${mock.url}/eth`);
    expect(await text(page, "status")).toMatch(/^HTTP 200/);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);
});
