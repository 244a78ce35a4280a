/**
 * Where the browser tests find Chromium, and whether they run.
 *
 * The path is CHROMIUM_PATH, else the first executable of DEFAULT_CHROMIUMS: Debian's
 * `chromium-headless-shell` (Chromium's headless build, from the same source package as `chromium`,
 * and what Playwright itself launches for headless Chromium), then Debian's `chromium`. The shell
 * runs the same Blink and V8 without the full browser's GPU process and compositor: the browser
 * files took about a third less CPU with it (87 and 76 s against 130 and 113 s, docs/DECISIONS.md,
 * issue 36's eleventh round). In CI (CI set to anything but "" / "0" / "false") the browser tests
 * always run, so a missing Chromium fails them. Elsewhere a missing Chromium skips them with a
 * one-line notice that says how to enable them.
 *
 * Use: `const chromium = findChromium(); describe.skipIf(chromium.skip)("…", …)` and
 * `launchChromium(chromium)` (headless, no sandbox, no background traffic: tests only talk to
 * 127.0.0.1).
 */
import { accessSync, constants } from "node:fs";
import { chromium, type Browser, type Dialog, type Page } from "playwright-core";

/** Where Debian's packages put Chromium, the lighter first (`chromium-headless-shell`, `chromium`). */
export const DEFAULT_CHROMIUMS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"] as const;

export interface ChromiumLookup {
  /** The executable to launch. */
  path: string;
  /** True when the browser tests should be skipped (never in CI). */
  skip: boolean;
  /** The notice printed when skipping, else undefined. */
  notice: string | undefined;
}

/** True when CI is set to a value that means yes (GitHub Actions and most CIs set CI=true). */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? "").trim().toLowerCase();
  return value !== "" && value !== "0" && value !== "false";
}

/** Pure decision, for tests: which path, and whether to skip given whether it is executable. */
export function decideChromium(env: NodeJS.ProcessEnv, executable: (file: string) => boolean): ChromiumLookup {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : DEFAULT_CHROMIUMS;
  const found = candidates.find((file) => executable(file));
  if (found !== undefined) return { path: found, skip: false, notice: undefined };
  const path = candidates[0]!;
  if (inCi(env)) return { path, skip: false, notice: undefined };
  const how = env.CHROMIUM_PATH
    ? "point CHROMIUM_PATH at a Chromium executable"
    : "install it (`apt-get install chromium-headless-shell`, or `chromium`) or set CHROMIUM_PATH";
  return {
    path,
    skip: true,
    notice: `Skipping browser tests: no Chromium at ${candidates.join(" or ")}; to run them, ${how} (with CI=true they run and fail instead).`,
  };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Looks Chromium up once per test file and prints the skip notice, if any, on stderr. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const found = decideChromium(env, isExecutable);
  if (found.notice) console.warn(found.notice);
  return found;
}

/** Launches the Chromium that findChromium found, headless and without background networking. */
export function launchChromium(lookup: ChromiumLookup): Promise<Browser> {
  return chromium.launch({
    executablePath: lookup.path,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A tab of `tabPool`, with what its page reported while the test held it. */
export interface Tab {
  page: Page;
  /** Script errors and dialogs (an injected `alert`), as sentences; the test expects none. */
  problems: string[];
  /** Gives the tab back to the pool (the test is done with it). */
  release(): Promise<void>;
}

export interface TabOptions {
  width?: number;
  height?: number;
  dark?: boolean;
}

/**
 * Tabs of one browser, each loaded again for the next test instead of a new one opened: a new page
 * costs Chromium a browser context and a renderer process, about 2.3 s of CPU with the playground
 * loaded, against 0.8 s for a load in a tab it has (docs/DECISIONS.md, issue 36's seventh round).
 * Each `open` starts from a new document all the same: the tab goes to about:blank first (so a URL
 * that differs from the last one only in its fragment is loaded, not scrolled to), then takes the
 * test's viewport and color scheme, then the URL. A tab still held is never handed out twice: a
 * test that holds two gets two.
 */
export function tabPool(browser: () => Browser): { open(url: string, options?: TabOptions): Promise<Tab> } {
  const free: Page[] = [];
  return {
    async open(url, options = {}) {
      const page = free.pop() ?? (await browser().newPage());
      const problems: string[] = [];
      const onError = (e: Error): void => void problems.push(`page error: ${e.message}`);
      const onDialog = (d: Dialog): void => void d.dismiss().then(() => problems.push(`dialog: ${d.message()}`));
      await page.goto("about:blank");
      await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 900 });
      await page.emulateMedia({ colorScheme: options.dark ? "dark" : "light" });
      page.on("pageerror", onError);
      page.on("dialog", onDialog);
      await page.goto(url);
      return {
        page,
        problems,
        async release() {
          page.off("pageerror", onError);
          page.off("dialog", onDialog);
          if (!page.isClosed()) free.push(page);
        },
      };
    },
  };
}
