/**
 * Chromium for the site tests, found as every browser test finds it (test/helpers/chromium.ts:
 * CHROMIUM_PATH or Debian's /usr/bin/chromium; skipped with a notice outside CI when missing)
 * and launched headless. The tests only talk to 127.0.0.1.
 */
import { chromium, type Browser } from "playwright-core";
import { findChromium } from "../helpers/chromium.js";

export const CHROMIUM = findChromium();

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM.path,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
