/**
 * The static site opened from disk (file://) in Chromium, as the README promises: the reference
 * reads, Send on the default mock endpoint explains how to reach a mock (and sends nothing), and
 * a site built with a mock URL (`npm run docs -- --mock-url`) calls that mock from file://, and
 * subscribes over WebSocket to it.
 * Files go to the test's own mkdtemp folder, which it deletes; the mock listens on 127.0.0.1.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";
import { ROOT } from "../../generator/root.js";
import { buildSite, defaultSpecs, siteFiles, type SiteBuild } from "../../generator/site/site.js";
import { findChromium, launchChromium, tabPool } from "../helpers/chromium.js";

const CHROMIUM = findChromium();
let dir: string | undefined;
let built: SiteBuild;
let browser: Browser | undefined;
const tabs = tabPool(() => browser!);
let mock: MockServer | undefined;

beforeAll(async () => {
  if (CHROMIUM.skip) return;
  dir = await mkdtemp(path.join(os.tmpdir(), "site-disk-"));
  built = await buildSite();
  browser = await launchChromium(CHROMIUM);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function writeTo(folder: string, files: Map<string, string>): Promise<string> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (const [name, text] of files) await writeFile(path.join(folder, name), text);
  return pathToFileURL(path.join(folder, "index.html")).href;
}

describe.skipIf(CHROMIUM.skip)("the static site from disk (file://)", () => {
  it("reads, and says how to reach a mock instead of calling mock/ next to the file", async () => {
    const url = await writeTo(path.join(dir!, "plain"), built.files);
    const { page, problems, release } = await tabs.open(`${url}#eth_getBlockByNumber`);
    await page.waitForSelector('.current [data-action="send"]');
    expect(await page.textContent(".current .summary")).toBe("Returns a block by number or tag.");
    await page.fill('.current [name="block"]', "latest");
    await page.click('.current [data-action="send"]');
    await page.waitForSelector('.current [data-role="errors"] li');
    const errors = (await page.textContent('.current [data-role="errors"]')) ?? "";
    expect(errors).toContain("this page was opened from disk (file://)");
    expect(errors).toContain("--mock-url");
    expect(await page.textContent('.current [data-role="request"]')).toBe("Not sent: fix the problems listed above.");
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("calls the mock given with --mock-url", async () => {
    mock = await startMockServer({ specs: await defaultSpecs(ROOT), cwd: ROOT, allowFilePages: true });
    const { files } = await siteFiles({ ...built.site, mockUrl: `${mock.url}/` });
    const url = await writeTo(path.join(dir!, "with-mock"), files);
    const { page, problems, release } = await tabs.open(`${url}#eth_blockNumber`);
    await page.waitForSelector('.current [data-action="send"]');
    await page.click('.current [data-action="send"]');
    await page.waitForSelector(
      '.current [data-role="response"] .json-leaf, .current [data-role="response"] .error-title',
    );
    expect(await page.textContent('.current [data-role="status"]')).toMatch(/^HTTP 200/);
    expect(await page.textContent('.current [data-role="request"]')).toContain(`POST ${mock.url}/eth`);

    // Subscriptions too: the page opens ws://… to the same mock from file://.
    await page.goto(`${url}#slotSubscribe`);
    await page.waitForSelector('[data-page="slotSubscribe"].current [data-action="send"]');
    await page.click('.current [data-action="send"]');
    await page.waitForFunction(
      () => document.querySelectorAll(".current [data-role=notifications] > li").length >= 1,
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.textContent('.current [data-role="request"]')).toContain(
      `WebSocket ${mock.url.replace("http:", "ws:")}/solana`,
    );
    await page.click('.current [data-action="unsubscribe"]');
    expect(problems).toEqual([]);
    await release();
  }, 60_000);
});
