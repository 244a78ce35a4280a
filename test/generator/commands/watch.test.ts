/**
 * Watch mode in a temp sandbox holding a copy of spec/: start it with a bounded lifetime (an
 * AbortSignal, and a timer that aborts it whatever happens), save a spec file, see the output
 * change; save a broken file, see one line and the watch go on; stop it.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { changedFiles, methodChanges, watchSpecs } from "../../../generator/commands/watch.js";
import type { DocumentModel, MethodModel } from "../../../generator/model/document.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "watch-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Resolves with the first logged line after `from` that matches, or rejects after `ms`. */
function waitFor(lines: string[], from: number, pattern: RegExp, ms = 90_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const hit = lines.slice(from).find((l) => pattern.test(l));
      if (hit !== undefined) {
        clearInterval(poll);
        resolve(hit);
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`no line like ${pattern} within ${ms} ms; got:\n${lines.join("\n")}`));
      }
    }, 20);
  });
}

describe("watchSpecs", () => {
  it("regenerates on a save, reports what changed, survives a broken file, and stops", async () => {
    const cwd = await mkdtemp(path.join(dir, "project-"));
    await cp(path.join(ROOT, "spec"), path.join(cwd, "spec"), { recursive: true });
    const specs = ["spec/eth.openrpc.json", "spec/advanced.openrpc.json"];
    const lines: string[] = [];
    const controller = new AbortController();
    const lifetime = setTimeout(() => controller.abort(), 170_000);
    const done = watchSpecs({
      specs,
      packageName: "watched-client",
      out: "out",
      cwd,
      signal: controller.signal,
      log: (l) => lines.push(l),
      debounceMs: 20,
    });
    try {
      await waitFor(
        lines,
        0,
        /^watching spec\/eth\.openrpc\.json, spec\/advanced\.openrpc\.json and 1 file\(s\) they \$ref/,
      );
      expect(lines[0]).toMatch(/^generated: wrote \d+ files .* in \d+ ms$/);

      const file = path.join(cwd, "spec/eth.openrpc.json");
      const doc = JSON.parse(await readFile(file, "utf8")) as { methods: { name: string; summary?: string }[] };
      const method = doc.methods[0]!;
      method.summary = "Edited while watching.";
      let mark = lines.length;
      await writeFile(file, JSON.stringify(doc, null, 2));
      const changed = await waitFor(lines, mark, /^(regenerated|✗)/);
      expect(changed).toMatch(
        new RegExp(
          `^regenerated: spec/eth\\.openrpc\\.json: changed ${method.name}; wrote \\d+ files? \\(.*src/eth/client\\.ts.*\\) in \\d+ ms$`,
        ),
      );
      expect(await readFile(path.join(cwd, "out/src/eth/client.ts"), "utf8")).toContain("Edited while watching.");

      mark = lines.length;
      await writeFile(path.join(cwd, "spec/schemas/values.json"), "{ not json");
      const broken = await waitFor(lines, mark, /^(regenerated|✗)/);
      expect(broken).toMatch(
        /^✗ spec\/schemas\/values\.json#: is not valid JSON \(line 1, column 3.*still watching\)$/,
      );
      expect(broken).not.toContain("\n");
      expect(await readFile(path.join(cwd, "out/src/eth/client.ts"), "utf8")).toContain("Edited while watching.");

      mark = lines.length;
      await cp(path.join(ROOT, "spec/schemas/values.json"), path.join(cwd, "spec/schemas/values.json"));
      expect(await waitFor(lines, mark, /^(regenerated|✗)/)).toMatch(/^regenerated: (no file changed|wrote)/);
    } finally {
      controller.abort();
      clearTimeout(lifetime);
      await done;
    }
  }, 180_000);
});

describe("methodChanges", () => {
  const doc = (methods: Partial<MethodModel>[]): DocumentModel =>
    ({ source: "a.json", methods }) as unknown as DocumentModel;
  it.each([
    ["nothing", [{ rpcName: "a", summary: "x" }], [{ rpcName: "a", summary: "x" }], []],
    ["added", [{ rpcName: "a" }], [{ rpcName: "a" }, { rpcName: "b" }], ["a.json: added b"]],
    ["removed", [{ rpcName: "a" }, { rpcName: "b" }], [{ rpcName: "b" }], ["a.json: removed a"]],
    ["changed", [{ rpcName: "a", summary: "x" }], [{ rpcName: "a", summary: "y" }], ["a.json: changed a"]],
    [
      "all three",
      [{ rpcName: "a" }, { rpcName: "b", summary: "x" }],
      [{ rpcName: "b", summary: "y" }, { rpcName: "c" }],
      ["a.json: added c, removed a, changed b"],
    ],
  ] as [string, Partial<MethodModel>[], Partial<MethodModel>[], string[]][])("%s", (_name, before, after, want) => {
    expect(methodChanges([doc(before)], [doc(after)])).toEqual(want);
  });
});

describe("changedFiles", () => {
  it("lists added, removed and changed files, sorted", () => {
    const before = new Map([
      ["a", "1"],
      ["b", "2"],
      ["c", "3"],
    ]);
    const after = new Map([
      ["c", "3"],
      ["b", "x"],
      ["d", "4"],
    ]);
    expect(changedFiles(before, after)).toEqual(["a", "b", "d"]);
  });
});
