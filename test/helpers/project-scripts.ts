/**
 * A scratch repository that runs this project's npm scripts as written: its package.json holds
 * the project's own `scripts`, with the paths they name (generator/…, tsx) made absolute, so that
 * `npm run -s spec:diff -- …` or `npm run release -- …` in the scratch folder runs exactly what
 * the project runs, on the scratch folder's files. Used by the tests that replay CI recipes and
 * releases on a temporary git repository.
 */
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../../generator/root.js";
import { BIN, runCli, type CliRun as Ran } from "./cli.js";

const run = promisify(execFile);

/** The project's scripts, with relative paths to its own files and binaries made absolute. */
export async function projectScripts(): Promise<Record<string, string>> {
  const pkg = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const quote = (p: string) => JSON.stringify(p);
  return Object.fromEntries(
    Object.entries(pkg.scripts).map(([name, command]) => [
      name,
      command
        .replace(/^tsx /, `${quote(path.join(ROOT, "node_modules", ".bin", "tsx"))} `)
        .replace(
          /(^|\s)((?:generator|bench|test)\/\S+)/g,
          (_, space: string, file: string) => `${space}${quote(path.join(ROOT, file))}`,
        ),
    ]),
  );
}

/** Writes a package.json with the project's scripts into `dir`. */
export async function writeProjectPackage(dir: string): Promise<void> {
  const pkg = { name: "scratch", private: true, type: "module", scripts: await projectScripts() };
  await writeFile(path.join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
}

/** Runs a shell command line in `cwd` (bash, as CI runs a step's `run:`), with extra environment. */
export async function shell(command: string, cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  try {
    const { stdout, stderr } = await run("bash", ["-e", "-o", "pipefail", "-c", command], {
      cwd,
      env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", ...env },
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

/**
 * `npm run -s <name> -- <args>` in `dir` (a folder with writeProjectPackage's package.json), as npm
 * runs it: the script's text from that package.json, then the arguments as the shell splits them.
 * Without npm's own start (about 0.35 s of CPU each, most of a small command's cost); the generator
 * reads none of the `npm_*` variables npm would add. `line` is what follows `npm run -s `.
 */
export async function npmRun(
  line: string,
  dir: string,
  env: Record<string, string> = {},
  via: "child" | "in-process" = "child",
): Promise<Ran> {
  const [name = "", separator, ...args] = line.split(" ");
  if (separator !== undefined && separator !== "--")
    throw new Error(`npmRun: the arguments of ${JSON.stringify(line)} must follow --, as npm run takes them.`);
  const { scripts } = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  if (!Object.hasOwn(scripts, name))
    throw new Error(`npmRun: ${dir}/package.json has no script ${JSON.stringify(name)}.`);
  if (via === "in-process") return inProcess(scripts[name]!, args, dir, env);
  return shell(`set -- ${args.join(" ")}\n${scripts[name]} "$@"`, dir, env);
}

/**
 * A script that starts the generator's command line (`node <root>/generator/bin.mjs <command>`), run
 * in this process (test/helpers/cli.ts) with the words the shell would give it: plain words only,
 * split at spaces. Anything else a shell would read differently is refused rather than guessed.
 */
function inProcess(script: string, args: readonly string[], dir: string, env: Record<string, string>): Promise<Ran> {
  const prefix = `node ${JSON.stringify(BIN)} `;
  const command = script.startsWith(prefix) ? script.slice(prefix.length) : "";
  const plain = /^[\w@%+=:,./-]+$/;
  if (!plain.test(command) || !args.every((a) => plain.test(a)))
    throw new Error(
      `npmRun in process: ${JSON.stringify(script)} with ${JSON.stringify(args)} is not a plain command line of ${BIN}.`,
    );
  return runCli(command, args, { cwd: dir, env });
}

/** `git` in `cwd` with a fixed identity and no signing. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    "git",
    [
      "-c",
      "user.name=test",
      "-c",
      "user.email=test@example.invalid",
      "-c",
      "commit.gpgsign=false",
      "-c",
      "tag.gpgsign=false",
      ...args,
    ],
    { cwd },
  );
  return stdout;
}
