/**
 * The program generator/bin.mjs runs (bundled): the command line of generator/cli.ts with this
 * process's arguments. A plain gen command line — one that `checkedQuickGenArgs` reads exactly as
 * yargs would (`npm run gen`, `--check`, `--spec a.json --out dir --examples warn`, …) — runs
 * without loading the command line program (yargs) at all: answered from the marker's fingerprint
 * when nothing changed, else with the worker thread of the checks beside the generation
 * (load/beside-worker.ts) started at once, so that its start overlaps the loading of the pipeline.
 * Any other command line, and any doubt, goes to generator/cli.ts, which parses, checks and words
 * the mistakes.
 */
import { processContext } from "./commands/context.js";
import { answerUnchangedGen, checkedQuickGenArgs, gen } from "./commands/gen.js";
import type { GenArgs } from "./commands/gen-run.js";
import { reportFailure } from "./commands/report.js";
import { startWorker } from "./load/beside-worker.js";

const argv = process.argv.slice(2);
const args = checkedQuickGenArgs(argv);
if (args) process.exit(await quickGen(args));
const { start } = await import("./cli.js");
await start(argv);

/** The run of a plain gen command line; resolves with its exit code, its failure reported as generator/cli.ts does. */
async function quickGen(parsed: GenArgs): Promise<number> {
  const context = processContext();
  try {
    // A failure here (an unreadable spec/ folder) is reported by the run that follows.
    const answered = await answerUnchangedGen(parsed, context).catch(() => undefined);
    if (answered !== undefined) return answered;
    // A one-shot run checks examples and patterns in the worker (commands/gen-run.ts); --watch does not.
    if (!parsed.watch) void startWorker();
    return await gen.run(parsed, context);
  } catch (error) {
    return reportFailure(error, gen, parsed.debug, context.stderr);
  }
}
