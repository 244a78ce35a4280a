/**
 * The reading options every command that reads an OpenRPC document takes, declared once (gen,
 * watch, mock, docs, playground, spec:diff, release): how strictly it is read (`--lenient`, and the
 * two switches that relax one rule each), and where its `$ref`s resolve from (`--ref-root`). The
 * same document read with the same options gives the same problems from every command
 * (generator/load/load-model.ts, generator/policy/).
 */
import type { Options } from "yargs";
import type { LoadModelOptions } from "../load/load-model.js";
import { refRootProblem, UsageError } from "./usage.js";

export const READING_OPTIONS = {
  lenient: {
    type: "boolean",
    default: false,
    describe:
      "For documents you do not own: every problem that has a fallback is a warning and the fallback is generated (docs/READING.md lists them); only documents that cannot be read at all are refused",
  },
  examples: {
    type: "string",
    choices: ["error", "warn"],
    default: "error",
    describe:
      "Examples that do not validate against their schemas: fail (error) or only warn (for third-party documents; implied by --lenient)",
  },
  "ref-root": {
    type: "string",
    requiresArg: true,
    describe:
      "Folder that relative $refs resolve against, and the only one they may read from, for documents that name their files from a repository root (default: each $ref resolves against its own file, inside the spec's folder or the working folder)",
  },
  "allow-duplicate-params": {
    type: "boolean",
    default: false,
    describe:
      "Generate methods that name two params alike (refused by default), the later renamed with a number, with a warning (implied by --lenient)",
  },
} as const satisfies Record<string, Options>;

/** `--spec`, for the commands whose documents default to spec/ (docs, playground). */
export const SPEC_OPTION = {
  spec: {
    type: "string",
    array: true,
    nargs: 1,
    describe: "OpenRPC document (JSON or YAML); repeat for several. Default: every *.openrpc.json|yaml in spec/",
  },
} as const satisfies Record<string, Options>;

/** `--spec` values checked: none empty. */
export function checkSpecs(specs: unknown): void {
  if (specs === undefined) return;
  for (const file of specs as unknown[])
    if (typeof file !== "string" || file.trim() === "") throw new UsageError("--spec must name a file; it is empty.");
}

/** The reading options as parsed (camel-case), as every command receives them. */
export interface ReadingArgs {
  lenient?: boolean;
  examples?: "error" | "warn";
  refRoot?: string;
  allowDuplicateParams?: boolean;
}

/** The checks yargs cannot make of the reading options; throws a UsageError. */
export function checkReading(args: ReadingArgs): void {
  refRootProblem(args.refRoot);
}

/** The reading options as `loadModel` takes them (only those given). */
export function readingOptions(
  args: ReadingArgs,
): Pick<LoadModelOptions, "lenient" | "examples" | "refRoot" | "allowDuplicateParams"> {
  return {
    ...(args.lenient === true ? { lenient: true } : {}),
    ...(args.examples === "warn" ? { examples: "warn" as const } : {}),
    ...(typeof args.refRoot === "string" ? { refRoot: args.refRoot } : {}),
    ...(args.allowDuplicateParams === true ? { allowDuplicateParams: true } : {}),
  };
}
