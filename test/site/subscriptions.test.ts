/**
 * Subscriptions in the playground, in Chromium: the playground passes WebSocket upgrades under
 * /mock/ on to the mock server, the page subscribes with the generated client over the runtime's
 * WebSocket transport, lists the notifications newest first with a count, and Unsubscribe sends
 * the spec's unsubscribe method and stops them. A raw `ws` client reaches the same mock through
 * the playground; an upgrade anywhere else is refused. Screenshots go to test-output/.
 * Everything listens on 127.0.0.1 and is closed by the test.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ROOT } from "../../generator/root.js";
import { processCaches } from "../../generator/commands/caches.js";
import { startPlayground, type Playground } from "../../generator/site/serve.js";
import { buildSite, defaultSpecs } from "../../generator/site/site.js";
import { findChromium, launchChromium, tabPool } from "../helpers/chromium.js";

const CHROMIUM = findChromium();
const OUTPUT = path.join(ROOT, "test-output");
let playground: Playground;
let browser: Browser | undefined;
const tabs = tabPool(() => browser!);

beforeAll(async () => {
  const built = await buildSite();
  playground = await startPlayground({
    files: built.files,
    specs: await defaultSpecs(ROOT),
    cwd: ROOT,
    // The documents the site was built from, as `npm run playground` passes them (the process's load cache).
    cache: processCaches().load,
  });
  if (!CHROMIUM.skip) browser = await launchChromium(CHROMIUM);
  await mkdir(OUTPUT, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

const text = async (page: Page, role: string): Promise<string> =>
  (await page.textContent(`.current [data-role="${role}"]`)) ?? "";

/** The `number` field of each notification shown, top to bottom. */
const shownNumbers = (page: Page): Promise<number[]> =>
  page.$$eval(".current [data-role=notifications] > li", (items) =>
    items.map((li) => {
      const match = /number:\s*"(0x[0-9a-f]+)"/.exec(li.textContent ?? "");
      return match ? Number(match[1]) : NaN;
    }),
  );

describe.skipIf(CHROMIUM.skip)("subscriptions in the playground (Chromium)", () => {
  it("subscribes to newHeads, lists notifications newest first with a count, and unsubscribes", async () => {
    const { page, problems, release } = await tabs.open(`${playground.url}#eth_subscribe`);
    await page.waitForSelector('.current [data-action="send"]');
    expect(await page.textContent('.current [data-action="send"]')).toBe("Subscribe");
    // A hint's Markdown code span is code, not backticks.
    expect(await page.$$eval(".current .hint code", (c) => c.map((x) => x.textContent))).toContain("logs");
    expect(await page.$$eval(".current .hint", (c) => c.map((x) => x.textContent).join(" "))).not.toContain("`");
    await page.selectOption('.current [name="kind"]', { label: "newHeads" });
    await page.click('.current [data-action="send"]');
    await page.waitForFunction(
      () => document.querySelectorAll(".current [data-role=notifications] > li").length >= 3,
      undefined,
      { timeout: 20_000 },
    );
    const request = await text(page, "request");
    expect(request).toMatch(/^WebSocket ws:\/\/127\.0\.0\.1:\d+\/mock\/eth\n\n/);
    expect(JSON.parse(request.split("\n\n")[1]!)).toMatchObject({
      jsonrpc: "2.0",
      method: "eth_subscribe",
      params: ["newHeads"],
    });
    expect(await text(page, "status")).toMatch(/^Subscribed: id "0x[0-9a-f]+"/);
    expect(await text(page, "count")).toMatch(/^\d+ notifications \(eth_subscription\)\.$/);
    const numbers = await shownNumbers(page);
    expect(numbers.every((n) => Number.isInteger(n))).toBe(true);
    // Newest first: block numbers go down the list.
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(await text(page, "snippet")).toContain('import { webSocket } from "@blockchain-rpc/clients/ws";');
    await page.screenshot({ path: path.join(OUTPUT, "playground-subscription.png"), fullPage: false });

    await page.click('.current [data-action="unsubscribe"]');
    await page.waitForFunction(() =>
      document.querySelector('.current [data-role="status"]')?.textContent?.startsWith("Unsubscribed"),
    );
    expect(await text(page, "status")).toMatch(/^Unsubscribed \(eth_unsubscribe sent\); \d+ notifications\.$/);
    const after = await text(page, "count");
    await page.waitForTimeout(2_500);
    expect(await text(page, "count")).toBe(after);
    expect(await page.isVisible('.current [data-action="unsubscribe"]')).toBe(false);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("refuses the keyless proxy form for a subscription, and sends nothing", async () => {
    const { page, problems, release } = await tabs.open(`${playground.url}#slotSubscribe`);
    await page.waitForSelector('.current [data-action="send"]');
    const options = await page.$$eval('.current [data-role="endpoint"] option', (o) =>
      o.map((x) => (x as HTMLOptionElement).value),
    );
    if (options.includes("mock-proxy")) {
      await page.selectOption('.current [data-role="endpoint"]', "mock-proxy");
      await page.click('.current [data-action="send"]');
      await page.waitForSelector('.current [data-role="errors"] li');
      expect(await text(page, "errors")).toContain("a subscription needs a WebSocket endpoint");
      await page.selectOption('.current [data-role="endpoint"]', "mock");
    }
    await page.click('.current [data-action="send"]');
    await page.waitForFunction(
      () => document.querySelectorAll(".current [data-role=notifications] > li").length >= 1,
      undefined,
      { timeout: 20_000 },
    );
    expect(await text(page, "count")).toMatch(/slotNotification/);
    // Leaving the method ends its subscription.
    await page.goto(`${playground.url}#getBlockHeight`);
    await page.waitForSelector('[data-page="getBlockHeight"].current [data-action="send"]');
    expect(problems).toEqual([]);
    await release();
  }, 60_000);
});

describe("the playground's WebSocket forwarding", () => {
  it("passes an upgrade under /mock/ on to the mock, which answers subscriptions", async () => {
    const socket = new WebSocket(`${playground.url.replace("http:", "ws:")}mock/eth`);
    const messages: Record<string, unknown>[] = [];
    socket.on("message", (data: Buffer) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
    const deadline = Date.now() + 15_000;
    while (messages.filter((m) => m.method === "eth_subscription").length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages[0]).toMatchObject({ jsonrpc: "2.0", id: 1 });
    expect(messages.filter((m) => m.method === "eth_subscription").length).toBeGreaterThanOrEqual(2);
    socket.close();
  }, 30_000);

  it("refuses an upgrade outside /mock/", async () => {
    const socket = new WebSocket(`${playground.url.replace("http:", "ws:")}index.html`);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once("unexpected-response", (_request, response) => resolve(response.statusCode));
      socket.once("open", () => resolve(undefined));
      socket.once("error", () => resolve(-1));
    });
    expect(status).toBe(404);
    socket.terminate();
  });
});
