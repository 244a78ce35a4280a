#!/usr/bin/env node
/**
 * The command line: `npm run gen` regenerates generated/ from spec/; `--check` reports a stale
 * generated/; `--spec … --out … [--name …]` builds a client package for any OpenRPC document.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { compareOutputs, summarize } from "./diff.js";
import { generate, ROOT } from "./generate.js";
import { formatProblems, GeneratorError } from "./problems.js";
import { readOutput, writeOutput } from "./write.js";
import { DEFAULT_PACKAGE } from "./defaults.js";


async function main(): Promise<number> {
  const argv = await yargs(hideBin(process.argv))
    .scriptName("npm run gen --")
    .usage("$0 [--check] [--spec <file> ...] [--out <dir>] [--name <package>]\n\nGenerates a typed TypeScript client package from OpenRPC documents.")
    .option("spec", { type: "string", array: true, describe: "OpenRPC document (JSON or YAML); repeat for several. Default: every *.openrpc.json|yaml in spec/" })
    .option("out", { type: "string", describe: "Output package folder. Default: generated/" })
    .option("name", { type: "string", describe: `npm package name. Default: ${DEFAULT_PACKAGE}` })
    .option("pkg-version", { type: "string", describe: "Package version. Default: 0.1.0" })
    .option("examples", { choices: ["error", "warn"] as const, default: "error" as const, describe: "Examples that do not validate against their schemas: fail (error) or only warn (for third-party documents)" })
    .option("check", { type: "boolean", default: false, describe: "Write nothing; exit 1 with a diff summary if the output folder is stale" })
    .example("$0", "regenerate generated/ from spec/")
    .example("$0 --check", "fail if generated/ does not match spec/")
    .example("$0 --spec petstore.json --out ./petstore-client --name petstore-client", "a client package for any OpenRPC document")
    .strict()
    .help()
    .version(false)
    .parseAsync();

  const specs = argv.spec ?? (await defaultSpecs());
  const out = argv.out ?? path.join(ROOT, "generated");
  if (specs.length === 0) {
    console.error("No spec given and no *.openrpc.json|yaml in spec/. Pass --spec <file>.");
    return 1;
  }
  const result = await generate({ specs, examples: argv.examples, packageName: argv.name ?? DEFAULT_PACKAGE, ...(argv.pkgVersion ? { version: argv.pkgVersion } : {}) });
  for (const w of result.warnings) console.warn(`warning: ${w.file}#${w.pointer}: ${w.message}${w.hint ? ` (${w.hint})` : ""}`);
  const relOut = path.relative(process.cwd(), out) || ".";
  if (argv.check) {
    const differences = compareOutputs(result.files, await readOutput(out));
    if (differences.length === 0) {
      console.log(`${relOut} is up to date (${result.files.size} files from ${specs.length} spec${specs.length === 1 ? "" : "s"}).`);
      return 0;
    }
    console.error(summarize(differences, relOut));
    return 1;
  }
  await writeOutput(out, result.files);
  console.log(`Wrote ${result.files.size} files to ${relOut} from ${specs.join(", ")}.`);
  return 0;
}

async function defaultSpecs(): Promise<string[]> {
  const dir = path.join(ROOT, "spec");
  const names = (await readdir(dir)).filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n)).sort();
  return names.map((n) => path.relative(process.cwd(), path.join(dir, n)));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof GeneratorError) console.error(formatProblems(error.problems, "The generator"));
    else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
