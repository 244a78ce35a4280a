/**
 * `npm run docs` and `npm run playground`. The playground runs as users run it, a child process that
 * listens on 127.0.0.1 and is stopped with SIGINT at the end of its test (SIGKILL after 5 s); so do
 * the first runs of docs, while the other docs runs take the same command lines in this process
 * (test/helpers/cli.ts). The site is written only into a temp sandbox (the working folder).
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { stopChild } from "../../helpers/child.js";
import { afterAll, describe, expect, it } from "vitest";
import { cliProcess, runCli } from "../../helpers/cli.js";
import { ROOT } from "../../../generator/root.js";

const sandbox = await mkdtemp(path.join(os.tmpdir(), "site-cli-"));
const children: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(children.map(stop));
  await rm(sandbox, { recursive: true, force: true });
});

function spawnCli(
  command: string,
  args: string[],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(...cliProcess(command, args), {
    cwd: sandbox,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  return { child, output: () => output, exited: new Promise((resolve) => child.once("exit", resolve)) };
}

const stop = (child: ChildProcess): Promise<void> => stopChild(child, "SIGINT");

/** A command line in a child process, run to its end: its exit code, and its stdout and stderr together. */
async function childRun(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const run = spawnCli(command, args);
  return { code: await run.exited, output: run.output() };
}

/** `npm run docs` in the sandbox, run in this process: its exit code, and its stdout and stderr together. */
async function docs(args: string[]): Promise<{ code: number; output: string }> {
  const run = await runCli("docs", args, { cwd: sandbox });
  return { code: run.code, output: run.stdout + run.stderr };
}

/** The pets fixture in the sandbox, with an example that contradicts its schema (gen refuses it unless --lenient or --examples warn). */
async function petsSpec(): Promise<string> {
  const dir = path.join(sandbox, "their");
  await mkdir(dir, { recursive: true });
  const fixture = path.join(ROOT, "test", "fixtures", "spec-diff", "v1");
  await writeFile(path.join(dir, "types.json"), await readFile(path.join(fixture, "types.json"), "utf8"));
  const doc = JSON.parse(await readFile(path.join(fixture, "pets.openrpc.json"), "utf8"));
  doc.methods[1].examples = [{ name: "wrong", params: [{ name: "id", value: 7 }] }];
  await writeFile(path.join(dir, "pets.openrpc.json"), JSON.stringify(doc, null, 2));
  return "their/pets.openrpc.json";
}

describe("docs and playground of another document: --spec and the reading options gen takes", () => {
  it("docs refuses it as gen does, then builds its site under --lenient, its clients generated for it", async () => {
    const spec = await petsSpec();
    const refused = spawnCli("docs", ["--out", "pets-site", "--spec", spec]);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/their\/pets\.openrpc\.json#\/methods\/1\/examples\/0/);
    expect(refused.output()).toContain("pass --examples warn to report them as warnings");
    expect(refused.output()).not.toMatch(/\n\s+at /);
    expect(await readdir(sandbox)).not.toContain("pets-site");
    for (const options of [["--lenient"], ["--examples", "warn"]]) {
      const run = await docs(["--out", "pets-site", "--spec", spec, ...options]);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/Wrote the site \(1 APIs, 3 methods\) to pets-site\//);
      const page = await readFile(path.join(sandbox, "pets-site", "index.html"), "utf8");
      expect(page).toContain('data-method="pets_list"');
      expect(page).not.toContain('data-method="adv_getLogs"');
      // The script holds the pets client (its method table), not the project's.
      const script = await readFile(path.join(sandbox, "pets-site", "app.js"), "utf8");
      expect(script).toContain("pets_list");
      expect(script).not.toContain("adv_getLogs");
    }
    // Nothing but the site was written: the package the script was bundled from lived in a temporary folder.
    expect((await readdir(sandbox)).filter((f) => !["their", "pets-site", "site", "mine"].includes(f))).toEqual([]);
  }, 180_000);

  it("playground --spec --lenient serves that document's page and mock", async () => {
    const spec = await petsSpec();
    const run = spawnCli("playground", ["--port", "0", "--spec", spec, "--lenient"]);
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within 90 s:\n${run.output()}`)), 90_000);
      const poll = setInterval(() => {
        const found = run.output().includes("Mock server at ")
          ? /\(3 methods\): (http:\/\/127\.0\.0\.1:\d+\/)/.exec(run.output())?.[1]
          : undefined;
        if (found || run.child.exitCode !== null) {
          clearInterval(poll);
          clearTimeout(timer);
          if (found) resolve(found);
          else reject(new Error(`exited:\n${run.output()}`));
        }
      }, 100);
    });
    expect(run.output()).toContain("Playground for pets.openrpc.json");
    expect(await (await fetch(url)).text()).toContain('data-method="pets_get"');
    const answer = await fetch(`${url}mock/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"jsonrpc":"2.0","id":1,"method":"pets_get","params":["a"]}',
    });
    expect(await answer.json()).toEqual({ jsonrpc: "2.0", id: 1, result: expect.anything() });
    await stop(run.child);
  }, 180_000);
});

describe("a --spec that cannot be read: one clear sentence, exit 1, nothing written", () => {
  const cases: [string, string[], RegExp][] = [
    [
      "docs, a file that does not exist",
      ["docs", "--out", "probe-site", "--spec", "nope.openrpc.json"],
      /^The site found 1 problem:\n {2}nope\.openrpc\.json#: cannot read nope\.openrpc\.json: ENOENT \(no such file or folder\)\.\n\s+hint: Check the path passed with --spec\.\n$/,
    ],
    [
      "docs, a folder",
      ["docs", "--out", "probe-site", "--spec", "their"],
      /^The site found 1 problem:\n {2}their#: cannot read their: it is not a regular file \(a directory, FIFO, socket or device\)\.\n\s+hint: Check the path passed with --spec\.\n$/,
    ],
    [
      "docs, one good and one missing",
      ["docs", "--out", "probe-site", "--spec", "their/pets.openrpc.json", "--spec", "gone.json", "--lenient"],
      /^The site found 1 problem:\n {2}gone\.json#: cannot read gone\.json: ENOENT/,
    ],
    [
      "playground, a file that does not exist",
      ["playground", "--port", "0", "--spec", "nope.openrpc.json", "--lenient"],
      /^The playground found 1 problem:\n {2}nope\.openrpc\.json#: cannot read nope\.openrpc\.json: ENOENT \(no such file or folder\)\.\n\s+hint: Check the path passed with --spec\.\n$/,
    ],
    [
      "playground, a folder",
      ["playground", "--port", "0", "--spec", "their"],
      /^The playground found 1 problem:\n {2}their#: cannot read their: it is not a regular file/,
    ],
    [
      "docs, an empty --spec",
      ["docs", "--out", "probe-site", "--spec", " "],
      /^--spec must name a file; it is empty\. Run `npm run docs -- --help` for the options\.\n$/,
    ],
    [
      "playground, a --spec without a value",
      ["playground", "--spec"],
      /^--spec needs a value\. Run `npm run playground -- --help` for the options\.\n$/,
    ],
  ];
  it.each(cases)(
    "%s",
    async (_, [command, ...args], message) => {
      await petsSpec();
      const before = (await readdir(sandbox)).sort();
      // The playground's in a child process: were it to start after all, it would listen until stopped.
      const run = command === "docs" ? await docs(args) : await childRun(command!, args);
      expect(run.code, run.output).toBe(1);
      expect(run.output).toMatch(message);
      expect(run.output).not.toMatch(/\n\s+at |Error:|node:internal/);
      expect((await readdir(sandbox)).sort()).toEqual(before);
    },
    60_000,
  );
});

describe("npm run docs", () => {
  it("writes the site into --out and prints the bundle size", async () => {
    const run = spawnCli("docs", ["--out", "site"]);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toMatch(/Wrote the site \(3 APIs, 24 methods\) to site\//);
    expect(run.output()).toMatch(/app\.js: [\d.]+ KB minified, [\d.]+ KB gzipped; largest parts: /);
    expect((await readdir(path.join(sandbox, "site"))).sort()).toEqual([
      ".openrpc-ts.json",
      "app.js",
      "index.html",
      "style.css",
    ]);
    expect(await readFile(path.join(sandbox, "site/index.html"), "utf8")).toMatch(/^<!doctype html>/);
  }, 120_000);

  it("refuses a folder it did not write, exit 1, leaving it as it was", async () => {
    await mkdir(path.join(sandbox, "mine"));
    await writeFile(path.join(sandbox, "mine/notes.txt"), "mine");
    const run = await docs(["--out", "mine"]);
    expect(run.code).toBe(1);
    expect(run.output).toContain("is not empty and was not written by the generator");
    expect(run.output).not.toMatch(/\n\s+at /);
    expect(await readdir(path.join(sandbox, "mine"))).toEqual(["notes.txt"]);
  }, 120_000);

  it("requires --out", async () => {
    const run = await docs([]);
    expect(run.code).toBe(1);
    expect(run.output).toContain("Pass the folder to write the site to with --out <dir>.");
  }, 60_000);

  it.each([
    [["--out", "a", "--out", "b"], "--out is given 2 times; give it once."],
    [
      ["--out", "x", "--mock-url", "javascript:alert(1)"],
      "--mock-url must be an http(s) URL or a relative path such as mock/.",
    ],
    [["--out", "x", "--bogus"], '"--bogus" is not an option of npm run docs.'],
  ])(
    "refuses %j with one line and no usage text",
    async (args, message) => {
      const run = await docs(args);
      expect(run.code).toBe(1);
      expect(run.output).toBe(`${message} Run \`npm run docs -- --help\` for the options.\n`);
      expect(await readdir(sandbox)).not.toContain("x");
    },
    60_000,
  );
});

describe("npm run playground", () => {
  it.each([
    [["--port", "99999"], "--port must be a whole number from 0 to 65535, not 99999."],
    [["--port", "abc"], "--port must be a whole number from 0 to 65535."],
    [["--port", "1", "--port", "2"], "--port is given 2 times; give it once."],
  ])(
    "refuses %j with one line and no usage text",
    async (args, message) => {
      // In this process; were the playground to start after all, it stops after 20 s and the code is 0.
      const run = await runCli("playground", args, { cwd: sandbox, signal: AbortSignal.timeout(20_000) });
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toBe(`${message} Run \`npm run playground -- --help\` for the options.\n`);
    },
    60_000,
  );

  it("names a port in use and the fix, in one line", async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const run = spawnCli("playground", ["--port", String(port)]);
      expect(await run.exited).toBe(1);
      expect(run.output()).toBe(
        `Port ${port} on 127.0.0.1 is already in use; pick another with --port, or --port 0 for a free one. Run \`npm run playground -- --help\` for the options.\n`,
      );
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  }, 120_000);

  it("prints the URL, serves the page and the mock, and stops on Ctrl-C", async () => {
    const run = spawnCli("playground", ["--port", "0"]);
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within 60 s:\n${run.output()}`)), 60_000);
      const poll = setInterval(() => {
        // The two lines may come in separate chunks of stdout: wait for the second as well.
        const found = run.output().includes("Mock server at ")
          ? /\(24 methods\): (http:\/\/127\.0\.0\.1:\d+\/)/.exec(run.output())?.[1]
          : undefined;
        if (found || run.child.exitCode !== null) {
          clearInterval(poll);
          clearTimeout(timer);
          if (found) resolve(found);
          else reject(new Error(`exited:\n${run.output()}`));
        }
      }, 100);
    });
    expect(run.output()).toContain(`Mock server at ${url}mock/ (the default endpoint).`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-method="adv_getLogs"');
    const answer = await fetch(`${url}mock/eth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"jsonrpc":"2.0","id":7,"method":"eth_blockNumber"}',
    });
    expect(await answer.json()).toEqual({ jsonrpc: "2.0", id: 7, result: expect.stringMatching(/^0x[0-9a-f]+$/i) });
    expect((await fetch(`${url}.openrpc-ts.json`)).status).toBe(404);
    await stop(run.child);
    expect(run.child.exitCode === 0 || run.child.signalCode === "SIGINT").toBe(true);
  }, 120_000);
});
