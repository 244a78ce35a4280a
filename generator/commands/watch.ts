/**
 * `npm run gen -- --watch`: one warm process that regenerates whenever a spec file, or a file it
 * `$ref`s, is saved. Saves are debounced (editors write in several steps), a run that starts while
 * another is under way waits for it, and each run prints what changed — methods added, removed or
 * changed per document, the files written — and how long it took. Problems are printed one per
 * line and the watch goes on; the output is left as it was until the spec is valid again.
 */
import { watch as watchDir, type FSWatcher } from "node:fs";
import path from "node:path";
import { terminalText } from "../print/escape.js";
import type { CommandContext } from "./context.js";
import { recordRun } from "./fingerprint.js";
import { processCaches } from "./caches.js";
import { generatePackage, type PackageOptions, type PackageResult } from "./pipeline.js";
import type { DocumentModel } from "../model/document.js";
import { GeneratorError } from "../problems.js";
import { formatWarnings } from "./report.js";
import { ROOT } from "../root.js";
import { readOutput, writeOutput } from "../write/write.js";

export interface WatchOptions extends PackageOptions {
  /** The output folder, relative to `cwd`. */
  out: string;
  force?: boolean;
  verbose?: boolean;
  debug?: boolean;
  /** Stops the watch; without it, the watch runs until the process ends. */
  signal?: AbortSignal;
  /** The command's environment (OPENRPC_TS_CACHE=off: runs are not recorded); default the process's. */
  env?: CommandContext["env"];
  /** Where lines go (default: the console). */
  log?: (line: string) => void;
  /** Quiet time after the last save before a run starts. */
  debounceMs?: number;
}

/** A summary of what one run changed, for the log line. */
export interface RunReport {
  ms: number;
  written: string[];
  methods: string[];
  error?: string;
}

export async function watchSpecs(options: WatchOptions): Promise<void> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const log = options.log ?? ((line: string) => console.log(line));
  const generateOptions: PackageOptions = { ...options, cwd };
  const caches = processCaches();
  let previous: PackageResult | undefined;
  const watchers = new Map<string, FSWatcher>();
  /** Watched files, absolute. */
  let watched = new Set<string>(options.specs.map((s) => path.resolve(cwd, s)));

  const run = async (): Promise<RunReport> => {
    const started = performance.now();
    let result: PackageResult;
    try {
      result = await generatePackage(generateOptions, caches);
    } catch (error) {
      return {
        ms: performance.now() - started,
        written: [],
        methods: [],
        error: oneLine(error, options.debug === true),
      };
    }
    for (const file of result.fingerprint.inputs) watched.add(path.resolve(cwd, file));
    const before = previous?.files ?? (await readOutput(path.resolve(cwd, options.out)));
    const written = changedFiles(before, result.files);
    if (written.length > 0) await writeOutput(options.out, result.files, { force: options.force === true, cwd });
    await recordRun(ROOT, result.fingerprint, false, options.env);
    const methods = previous ? methodChanges(previous.documents, result.documents) : [];
    if (!previous) for (const line of formatWarnings(result.warnings, options.verbose === true)) log(line);
    previous = result;
    return { ms: performance.now() - started, written, methods };
  };

  const report = (r: RunReport, first: boolean): void => {
    const time = `${Math.round(r.ms)} ms`;
    if (r.error) return log(terminalText(`✗ ${r.error} (${time}; still watching)`));
    const what = r.methods.length > 0 ? `${r.methods.join("; ")}; ` : "";
    const files =
      r.written.length === 0
        ? "no file changed"
        : `wrote ${r.written.length} file${r.written.length === 1 ? "" : "s"} (${r.written.slice(0, 6).join(", ")}${r.written.length > 6 ? `, and ${r.written.length - 6} more` : ""})`;
    log(terminalText(`${first ? "generated" : "regenerated"}: ${what}${files} in ${time}`));
  };

  const sync = (): void => {
    const dirs = new Set([...watched].map((f) => path.dirname(f)));
    for (const [dir, watcher] of watchers) {
      if (dirs.has(dir)) continue;
      watcher.close();
      watchers.delete(dir);
    }
    for (const dir of dirs) {
      if (watchers.has(dir)) continue;
      try {
        // The folder, not the file: editors save by writing a new file and renaming it over the old one.
        const watcher = watchDir(dir, (_event, name) => {
          if (name === null || watched.has(path.join(dir, name.toString()))) schedule();
        });
        watcher.on("error", () => (watcher.close(), watchers.delete(dir)));
        watchers.set(dir, watcher);
      } catch {
        // A folder that does not exist (yet): tried again after the next run.
      }
    }
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const go = async (): Promise<void> => {
    do {
      again = false;
      report(await run(), false);
      sync();
    } while (again);
    running = undefined;
  };
  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) again = true;
      else running = go();
    }, options.debounceMs ?? 30);
  };

  report(await run(), true);
  sync();
  const shown = options.specs.join(", ");
  log(
    terminalText(
      `watching ${shown}${watched.size > options.specs.length ? ` and ${watched.size - options.specs.length} file(s) they $ref` : ""}; Ctrl-C stops.`,
    ),
  );
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) return resolve();
    options.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  clearTimeout(timer);
  for (const watcher of watchers.values()) watcher.close();
  await running;
  await caches.format.saved();
  watched = new Set();
}

/** Files whose text differs between two outputs (added, removed or changed), sorted. */
export function changedFiles(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((f) => before.get(f) !== after.get(f)).sort();
}

/** "advanced: added adv_x; removed adv_y; changed adv_getLogs", per document that changed. */
export function methodChanges(before: readonly DocumentModel[], after: readonly DocumentModel[]): string[] {
  const lines: string[] = [];
  const old = new Map(before.map((d) => [d.source, d]));
  for (const doc of after) {
    const was = new Map((old.get(doc.source)?.methods ?? []).map((m) => [m.rpcName, JSON.stringify(m)]));
    const now = new Map(doc.methods.map((m) => [m.rpcName, JSON.stringify(m)]));
    const added = [...now.keys()].filter((n) => !was.has(n));
    const removed = [...was.keys()].filter((n) => !now.has(n));
    const changed = [...now].filter(([n, text]) => was.has(n) && was.get(n) !== text).map(([n]) => n);
    const parts = [
      added.length > 0 ? `added ${added.join(", ")}` : "",
      removed.length > 0 ? `removed ${removed.join(", ")}` : "",
      changed.length > 0 ? `changed ${changed.join(", ")}` : "",
    ].filter(Boolean);
    if (parts.length > 0) lines.push(`${doc.source}: ${parts.join(", ")}`);
  }
  return lines;
}

/** A failed run as one line: the first problem and how many more, or the error's first line. */
function oneLine(error: unknown, debug: boolean): string {
  if (error instanceof GeneratorError && error.problems.length > 0) {
    const first = [...error.problems].sort((a, b) =>
      `${a.file}#${a.pointer}`.localeCompare(`${b.file}#${b.pointer}`),
    )[0]!;
    const more = error.problems.length - 1;
    return `${first.file}#${first.pointer}: ${first.message}${first.hint ? ` (${first.hint})` : ""}${more > 0 ? ` — and ${more} more problem${more === 1 ? "" : "s"}` : ""}`;
  }
  if (debug && error instanceof Error) return error.stack ?? error.message;
  return `the generator failed: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`;
}
