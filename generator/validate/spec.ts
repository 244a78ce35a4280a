/**
 * Stage 2, validate: everything that is wrong with a loaded spec, at once — its shape (the
 * OpenRPC meta-schema of its version, also for the objects it reaches through `$ref`s), then the
 * project's lint rules (names, `$ref`s, the `x-` extensions, patterns). Each finding names its rule
 * of the reading policy (generator/policy/rules.ts) and, where the rule's fallback is an edit of the
 * document, carries that edit: the loader applies it when the policy makes the finding a warning
 * and validates the edited document again (generator/load/check-spec.ts).
 *
 * Later checks read what earlier ones vouch for, so a check runs only once those before it found
 * nothing but warnings: the meta-schema, then the objects reached through `$ref`s, then the
 * keywords and extensions, then the structural rules (which read the extensions).
 */
import type { LoadedSpec } from "../load/load.js";
import { MAX_METHODS } from "../defaults.js";
import type { Finding } from "../policy/policy.js";
import { RULES } from "../policy/rules.js";
import { lintExtensions } from "./extensions.js";
import { lintKeywords, type RiskOf } from "./keywords.js";
import { lintSpec } from "./lint.js";
import { checkMetaSchema } from "./meta-schema.js";
import { checkReferenced } from "./referenced.js";
import { lintSubscriptions } from "./subscriptions.js";

/**
 * Findings that stop a command or need their fallback (`problems`), and plain warnings;
 * `complete` when every check ran (none was held back by what an earlier one found).
 */
export interface Validation {
  problems: Finding[];
  warnings: Finding[];
  complete: boolean;
}

/** validateSpec's checks, with the patterns' backtracking judged by `riskOf` (see lintKeywords). */
export function validateSpec(spec: LoadedSpec, riskOf?: RiskOf): Validation {
  const { found, complete } = findings(spec, riskOf);
  return {
    problems: found.filter((f) => RULES[f.rule].kind !== "warning"),
    warnings: found.filter((f) => RULES[f.rule].kind === "warning"),
    complete,
  };
}

function findings(spec: LoadedSpec, riskOf: RiskOf | undefined): { found: Finding[]; complete: boolean } {
  const partial = (found: Finding[]) => ({ found, complete: false });
  const shape = documentShape(spec);
  if (shape) return partial([shape]);
  const tooBig = sizeProblem(spec);
  if (tooBig) return partial([tooBig]);
  const meta = checkMetaSchema(spec.files.get(spec.entry), spec.entry);
  if (!passed(meta.findings) || !meta.meta) return partial(meta.findings);
  const referenced = checkReferenced(spec, meta.meta);
  if (!passed(referenced)) return partial([...meta.findings, ...referenced]);
  const keywords = lintKeywords(spec, riskOf);
  const extensions = lintExtensions(spec);
  const found = [...meta.findings, ...referenced, ...extensions, ...keywords];
  // The structural rules read the extensions; they run once those have the right shape.
  if (!passed(extensions) || !passed(keywords)) return partial(found);
  return { found: [...found, ...lintSpec(spec), ...lintSubscriptions(spec)], complete: true };
}

/** Whether a check found nothing but plain warnings, so that the checks after it may run. */
function passed(found: readonly Finding[]): boolean {
  return found.every((f) => RULES[f.rule].kind === "warning");
}

/** Whether the entry is an OpenRPC document at all: an object with a `methods` list or an `openrpc` version, and methods. */
function documentShape(spec: LoadedSpec): Finding | undefined {
  const doc = spec.files.get(spec.entry);
  const at = { file: spec.entry, pointer: "" };
  if (doc === null || typeof doc !== "object" || Array.isArray(doc) || !("methods" in doc || "openrpc" in doc))
    return {
      ...at,
      message: "is not an OpenRPC document: it is not an object with a `methods` list or an `openrpc` version.",
      hint: "Pass the OpenRPC document itself (the JSON or YAML object with `openrpc`, `info` and `methods`).",
      rule: "not-openrpc",
    };
  const methods = (doc as { methods?: unknown }).methods;
  if (!Array.isArray(methods) || methods.length === 0)
    return {
      ...at,
      pointer: "/methods",
      message: Array.isArray(methods)
        ? "has no methods left to generate (the list is empty, or every method had to be left out)."
        : "has no `methods` list.",
      hint: "Add at least one method; a client of no methods would be empty.",
      rule: "no-methods",
    };
  return undefined;
}

/** The size guard, before any other check: the methods beyond MAX_METHODS are left out. */
function sizeProblem(spec: LoadedSpec): Finding | undefined {
  const methods = (spec.files.get(spec.entry) as { methods: unknown[] }).methods;
  if (methods.length <= MAX_METHODS) return undefined;
  return {
    file: spec.entry,
    pointer: "/methods",
    message: `has ${methods.length.toLocaleString("en-US")} methods; the generator takes at most ${MAX_METHODS.toLocaleString("en-US")} in one document.`,
    hint: "Split the service into several documents (each becomes a subpath of the package), or remove methods the clients do not need.",
    rule: "too-many-methods",
    repair: [{ op: "set", file: spec.entry, pointer: "/methods", value: methods.slice(0, MAX_METHODS) }],
  };
}
