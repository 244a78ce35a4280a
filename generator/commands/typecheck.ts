/**
 * `npm run gen -- --typecheck` (and `--check`): the generated package compiled in memory before a
 * file is written. The files about to be written sit in an in-memory file system (the package's own
 * tsconfig.json and package.json among them, so modules resolve as they will for the package's
 * build; ./typecheck-program.ts, which keeps the last program for the next check); TypeScript's
 * diagnostics become problems, each at `file:line:col` with TypeScript's message. Loads ts-morph
 * (and the TypeScript it bundles) only when called.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { SOURCE_CONDITION } from "../defaults.js";
import { loadFixedInputs } from "../load/fixed-inputs.js";
import { runtimeCopy } from "../print/generated-header.js";
import { terminalText } from "../print/escape.js";
import { ROOT as WORKSPACE } from "../root.js";
import { PACKAGE_ROOT as ROOT, packageDiagnostics } from "./typecheck-program.js";

/** A TypeScript diagnostic of the generated package: where, and TypeScript's words. */
export interface CompileProblem {
  /** `src/eth/client.ts`, relative to the package. */
  file: string;
  line: number;
  column: number;
  /** `TS2322`. */
  code: string;
  message: string;
}

/** Thrown when the package does not compile: every problem, and the folder it was meant for. */
export class CompileError extends Error {
  constructor(
    readonly problems: CompileProblem[],
    readonly out: string,
  ) {
    super(compileMessage(problems, out));
    this.name = "CompileError";
  }
}

/** Compiles `files` (path in the package → text); resolves with TypeScript's errors, none when it compiles. */
export async function typecheckPackage(files: ReadonlyMap<string, string>): Promise<CompileProblem[]> {
  const { ts } = await import("ts-morph");
  const config = ts.parseConfigFileTextToJson("tsconfig.json", files.get("tsconfig.json") ?? "{}");
  const raw = (config.config as { compilerOptions?: Record<string, unknown> } | undefined)?.compilerOptions ?? {};
  const { options, errors } = ts.convertCompilerOptionsFromJson(raw, ROOT);
  const texts = new Map<string, string>();
  for (const [file, text] of files) if (/\.(?:ts|json)$/.test(file)) texts.set(`${ROOT}/${file}`, text);
  for (const [file, text] of buildDependencies(files.get("package.json"))) texts.set(`${ROOT}/${file}`, text);
  const roots = [...files.keys()].filter((file) => file.endsWith(".ts")).map((file) => `${ROOT}/${file}`);
  const verbatim = await runtimeCopies(files);
  // The package's subpath imports (`#default-transport`) map to dist/ for its users; nothing is built
  // here, so they resolve through the source condition to the files in src/.
  const found = await packageDiagnostics(
    ts,
    texts,
    roots,
    {
      ...options,
      noEmit: true,
      customConditions: [SOURCE_CONDITION],
    },
    verbatim,
  );
  const diagnostics = [...errors, ...found.options].map((d) => ({
    file: "tsconfig.json",
    line: 1,
    column: 1,
    code: `TS${d.code}`,
    message: ts.flattenDiagnosticMessageText(d.messageText, " "),
  }));
  for (const d of found.files) {
    if (d.category !== ts.DiagnosticCategory.Error) continue;
    const at = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0) : { line: 0, character: 0 };
    diagnostics.push({
      file: d.file ? d.file.fileName.slice(ROOT.length + 1) : "(package)",
      line: at.line + 1,
      column: at.character + 1,
      code: `TS${d.code}`,
      message: ts.flattenDiagnosticMessageText(d.messageText, " "),
    });
  }
  return diagnostics;
}

/**
 * The package's files that are exact copies of the runtime (src/runtime/<name> as the runtime plugin
 * writes runtime/<name>), as paths in memory. Their diagnostics are the runtime's own under the
 * package's own tsconfig: the same for every spec (a generated module neither augments nor reaches
 * into them), and found by the project's checks of the runtime and of the package of spec/ (its
 * build). `--typecheck` checks the rest; a copy that differs in a byte is checked too.
 */
async function runtimeCopies(files: ReadonlyMap<string, string>): Promise<Set<string>> {
  const { runtime } = await loadFixedInputs();
  const copies = new Set<string>();
  for (const [name, text] of runtime)
    if (files.get(`src/runtime/${name}`) === runtimeCopy(name, text)) copies.add(`${ROOT}/src/runtime/${name}`);
  return copies;
}

/**
 * The declarations of the package's devDependencies other than TypeScript (`@tanstack/query-core`,
 * whose types the `<subpath>/query` modules use), from this workspace's node_modules, as
 * `node_modules/<name>/…` of the package: its build finds them there after `npm install`. One not
 * installed here is left out, and TypeScript names the module it cannot find.
 */
function buildDependencies(manifestText: string | undefined): Map<string, string> {
  const manifest = JSON.parse(manifestText ?? "{}") as { devDependencies?: Record<string, string> };
  const out = new Map<string, string>();
  for (const name of Object.keys(manifest.devDependencies ?? {})) {
    if (name === "typescript" || !/^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/.test(name)) continue;
    const dir = path.join(WORKSPACE, "node_modules", name);
    const walk = (rel: string): void => {
      let entries;
      try {
        entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory() && entry.name !== "node_modules") walk(child);
        else if (entry.isFile() && /(?:\.d\.[cm]?ts|^package\.json)$/.test(child))
          out.set(`node_modules/${name}/${child}`, readFileSync(path.join(dir, child), "utf8"));
      }
    };
    walk("");
  }
  return out;
}

/** The problems as the CLI prints every problem: a count, then one line each with its place. */
export function compileMessage(problems: readonly CompileProblem[], out: string): string {
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  const lines = problems.map(
    (p) => `  ${out}/${p.file}:${p.line}:${p.column}: ${p.code}: ${p.message.replace(/\s*\n\s*/g, " ")}`,
  );
  return terminalText(
    [
      `The generated package does not compile (TypeScript found ${count}); nothing was written:`,
      ...lines,
      "      hint: The generator should never write code that does not compile: please report this with the spec.",
    ].join("\n"),
  );
}
