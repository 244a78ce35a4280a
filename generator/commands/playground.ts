/**
 * `npm run playground -- [--port N] [--spec <file> ...]`: builds the site of spec/ (or of the
 * documents `--spec` names, read with the reading options gen takes), serves it on 127.0.0.1 with
 * the mock server of every spec under /mock/ (read the same way), prints the URL and one line per
 * mock call (unless `--quiet`), and runs until Ctrl-C.
 */
import path from "node:path";
import type { CallRecord } from "../mock/log.js";
import { writeLine } from "./context.js";
import { terminalText } from "../print/escape.js";
import { ROOT } from "../root.js";
import { listenProblem, untilSignal, wholeNumber } from "./server.js";
import type { Command } from "./usage.js";
import { checkReading, checkSpecs, READING_OPTIONS, readingOptions, SPEC_OPTION, type ReadingArgs } from "./reading.js";

export const playground: Command<{ port: unknown; quiet?: unknown; spec?: string[] } & ReadingArgs> = {
  command: "playground",
  npm: "npm run playground --",
  synopsis: "[--port <n>] [--spec <file> ...] [--lenient]",
  describe: "Serves the API reference and playground on 127.0.0.1, with a mock server for every spec.",
  tool: "The playground",
  options: {
    port: { type: "number", requiresArg: true, default: 0, describe: "Port on 127.0.0.1; 0 picks a free port" },
    quiet: { type: "boolean", default: false, describe: "Print no line per mock call (method, params, outcome, time)" },
    ...SPEC_OPTION,
    ...READING_OPTIONS,
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  check: (args) => {
    wholeNumber("--port", args.port, 0, 65535);
    checkSpecs(args.spec);
    checkReading(args);
  },
  run: async (args, context) => {
    const { stdout, stderr } = context;
    const port = wholeNumber("--port", args.port, 0, 65535);
    const { buildSite, defaultSpecs } = await import("../site/site.js");
    const { startPlayground } = await import("../site/serve.js");
    const { callLine } = await import("../mock/log.js");
    const { processCaches } = await import("./caches.js");
    const reading = readingOptions(args);
    const cwd = args.spec ? context.cwd : ROOT;
    const specs = args.spec ?? (await defaultSpecs(ROOT));
    const built = await buildSite({ ...(args.spec ? { specs, cwd } : {}), ...reading });
    const log = args.quiet === true ? {} : { log: (r: CallRecord) => writeLine(stdout, terminalText(callLine(r))) };
    // The mock takes the documents the site was built from (the process's load cache): read and checked once.
    const cache = processCaches().load;
    const report = (line: string) => writeLine(stderr, line);
    const options = { files: built.files, specs, port, cwd, reading, cache, report, ...log };
    const playground = await startPlayground(options).catch(listenProblem("127.0.0.1", port));
    for (const warning of playground.mock.warnings) writeLine(stderr, terminalText(`warning: ${warning}`));
    writeLine(
      stdout,
      `Playground for ${specs.map((s) => path.basename(s)).join(", ")} (${playground.mock.methods.length} methods): ${playground.url}`,
    );
    writeLine(stdout, `Mock server at ${playground.url}mock/ (the default endpoint). Press Ctrl-C to stop.`);
    await untilSignal(playground, context.signal);
    return 0;
  },
};
