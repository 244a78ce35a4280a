/**
 * The browser tests' tab pool (test/helpers/chromium.ts `tabPool`): a tab is loaded again for the
 * next test instead of a new one opened, and each `open` still gives the test a page of its own, as
 * a new tab would: a new document (also when only the fragment differs), the test's viewport and
 * color scheme, problems reported to the test that holds the tab and to no other, and a second tab
 * for a test that holds two. Served from 127.0.0.1.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, launchChromium, tabPool } from "../helpers/chromium.js";

const CHROMIUM = findChromium();
let browser: Browser;
let server: http.Server;
let origin = "";
const tabs = tabPool(() => browser);

// A page that throws when its fragment says so (a script error the holder of the tab must hear of).
const PAGE = `<!doctype html><style>body{background:#fff}@media (prefers-color-scheme: dark){body{background:#000}}</style>
<script>if (location.hash === "#throw") setTimeout(() => { throw new Error("thrown by the page"); });</script>`;

beforeAll(async () => {
  if (CHROMIUM.skip) return;
  server = http.createServer((_req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium(CHROMIUM);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe.skipIf(CHROMIUM.skip)("a pool of tabs", () => {
  it("hands a released tab out again, with a new document even when only the fragment differs", async () => {
    const first = await tabs.open(`${origin}#one`);
    await first.page.evaluate(() => Object.assign(window, { leftOver: "from the test before" }));
    await first.release();
    const second = await tabs.open(`${origin}#two`);
    expect(second.page).toBe(first.page);
    expect(await second.page.evaluate(() => (window as { leftOver?: string }).leftOver)).toBeUndefined();
    expect(second.page.url()).toBe(`${origin}#two`);
    await second.release();
  });

  it("gives a test that holds two tabs two pages", async () => {
    const a = await tabs.open(`${origin}#a`);
    const b = await tabs.open(`${origin}#b`);
    expect(b.page).not.toBe(a.page);
    await a.release();
    await b.release();
  });

  it("sets each test's viewport and color scheme, whatever the tab had before", async () => {
    const phone = await tabs.open(origin, { width: 390, height: 700, dark: true });
    expect(phone.page.viewportSize()).toEqual({ width: 390, height: 700 });
    expect(await phone.page.evaluate(() => innerWidth)).toBe(390);
    expect(await phone.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(0, 0, 0)");
    await phone.release();
    const wide = await tabs.open(origin);
    expect(wide.page).toBe(phone.page);
    expect(await wide.page.evaluate(() => innerWidth)).toBe(1280);
    expect(await wide.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
    await wide.release();
  });

  it("reports a script error to the test holding the tab, and not to the one that held it before", async () => {
    const before = await tabs.open(`${origin}#quiet`);
    await before.release();
    const now = await tabs.open(`${origin}#throw`);
    expect(now.page).toBe(before.page);
    await expect.poll(() => now.problems).toEqual(["page error: thrown by the page"]);
    expect(before.problems).toEqual([]);
    await now.release();
  });

  it("opens a new tab in place of one a test closed", async () => {
    const closed = await tabs.open(origin);
    await closed.page.close();
    await closed.release();
    const next = await tabs.open(origin);
    expect(next.page.isClosed()).toBe(false);
    expect(next.page).not.toBe(closed.page);
    await next.release();
  });
});
