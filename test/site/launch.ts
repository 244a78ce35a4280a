/**
 * Chromium for the site tests, launched as test/browser/browser.test.ts does (Debian's
 * Chromium through playwright-core; CHROMIUM_PATH overrides the path). Headless, no network
 * extras: the tests only talk to 127.0.0.1.
 */
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
