/**
 * When the environment-dependent tests skip: Chromium for the browser tests, git history for
 * spec-diff's check of this repository. Skips are only ever allowed outside CI or where the
 * thing itself is missing, and always say how to enable the test.
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decideChromium, inCi } from "./chromium.js";
import { decideGitHistory, findGitHistory } from "./git-history.js";

describe("decideChromium", () => {
  const SHELL = "/usr/bin/chromium-headless-shell";
  const FULL = "/usr/bin/chromium";
  const present = (): boolean => true;
  const absent = (): boolean => false;
  const onlyFull = (file: string): boolean => file === FULL;
  it.each([
    ["both found, not in CI: the headless shell", {}, present, { path: SHELL, skip: false }],
    ["only chromium found: chromium", {}, onlyFull, { path: FULL, skip: false }],
    ["only chromium found, CI=true: chromium", { CI: "true" }, onlyFull, { path: FULL, skip: false }],
    ["missing, not in CI: skip", {}, absent, { path: SHELL, skip: true }],
    ["missing, CI=true: run (and fail)", { CI: "true" }, absent, { path: SHELL, skip: false }],
    ["missing, CI=1: run", { CI: "1" }, absent, { path: SHELL, skip: false }],
    ["missing, CI=false: skip", { CI: "false" }, absent, { path: SHELL, skip: true }],
    ["missing, CI empty: skip", { CI: "" }, absent, { path: SHELL, skip: true }],
    ["CHROMIUM_PATH wins", { CHROMIUM_PATH: "/opt/chrome" }, present, { path: "/opt/chrome", skip: false }],
    [
      "CHROMIUM_PATH missing: no fallback",
      { CHROMIUM_PATH: "/opt/chrome" },
      onlyFull,
      { path: "/opt/chrome", skip: true },
    ],
    [
      "CHROMIUM_PATH missing, CI=true: run it (and fail)",
      { CHROMIUM_PATH: "/opt/c", CI: "true" },
      onlyFull,
      { path: "/opt/c", skip: false },
    ],
  ] as const)("%s", (_name, env, executable, want) => {
    const got = decideChromium(env, executable);
    expect({ path: got.path, skip: got.skip }).toEqual(want);
    expect(got.notice === undefined).toBe(!want.skip);
  });

  it("the notice is one line naming the paths and how to enable the tests", () => {
    const { notice } = decideChromium({}, () => false);
    expect(notice).toBe(
      "Skipping browser tests: no Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium; to run them, install it (`apt-get install chromium-headless-shell`, or `chromium`) or set CHROMIUM_PATH (with CI=true they run and fail instead).",
    );
    expect(decideChromium({ CHROMIUM_PATH: "/x/chrome" }, () => false).notice).toMatch(
      /^Skipping browser tests: no Chromium at \/x\/chrome; to run them, point CHROMIUM_PATH at/,
    );
  });

  it("inCi", () => {
    expect(
      [undefined, "", "0", "false", "FALSE", "true", "1", "yes"].map((CI) => inCi(CI === undefined ? {} : { CI })),
    ).toEqual([false, false, false, false, false, true, true, true]);
  });
});

describe("decideGitHistory", () => {
  it.each([
    ["a clone", "/r", "/r", true, undefined],
    [
      "an exported copy",
      "/r",
      undefined,
      false,
      "Skipping the tests that read git history: /r is not in a git repository (an exported copy); run them in a git clone of the repository.",
    ],
    [
      "a copy inside another repository",
      "/a/r",
      "/a",
      false,
      "Skipping the tests that read git history: /a/r is not the top of its git repository (/a is); run them in a git clone of the repository.",
    ],
    [
      "no commit of spec/",
      "/r",
      "/r",
      false,
      "Skipping the tests that read git history: HEAD has no spec/ (no commit yet, or it was not committed); run them in a git clone of the repository.",
    ],
  ] as const)("%s", (_name, root, top, hasTree, notice) => {
    expect(decideGitHistory(root, top, hasTree, "spec")).toEqual({ skip: notice !== undefined, notice });
  });
});

describe("findGitHistory on real folders", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const sandbox = async (): Promise<string> => {
    const d = await realpath(await mkdtemp(path.join(os.tmpdir(), "git-history-")));
    dirs.push(d);
    return d;
  };
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync(
      "git",
      ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args],
      { cwd, encoding: "utf8" },
    );

  it("skips in a folder without .git, runs once spec/ is committed, skips in a subfolder", async () => {
    const root = await sandbox();
    await mkdir(path.join(root, "spec"));
    await writeFile(path.join(root, "spec", "a.json"), "{}");
    expect(findGitHistory(root).skip).toBe(true);
    git(root, "init", "-q");
    expect(findGitHistory(root).notice).toMatch(/HEAD has no spec\//);
    git(root, "add", "-A");
    git(root, "commit", "-qm", "spec");
    expect(findGitHistory(root)).toEqual({ skip: false, notice: undefined });
    expect(findGitHistory(path.join(root, "spec")).notice).toMatch(/is not the top of its git repository/);
  });
});
