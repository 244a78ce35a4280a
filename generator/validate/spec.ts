/**
 * Stage 2, validate: everything that is wrong with a loaded spec, at once — its shape (the
 * OpenRPC meta-schema of its version, also for the objects it reaches through `$ref`s), then the
 * project's lint rules (names, `$ref`s, the `x-` extensions, patterns). Problems stop
 * generation; warnings are reported and generation goes on.
 */
import type { LoadedSpec } from "../load/load.js";
import type { Problem } from "../model/document.js";
import { lintExtensions } from "./extensions.js";
import { lintKeywords, type RiskOf } from "./keywords.js";
import { lintSpec } from "./lint.js";
import { MAX_METHODS } from "../defaults.js";
import { checkMetaSchema } from "./meta-schema.js";
import { checkReferenced } from "./referenced.js";
import { lintSubscriptions } from "./subscriptions.js";

export function validateSpec(spec: LoadedSpec): { problems: Problem[]; warnings: Problem[] } {
  return validation(validationParts(spec));
}

/** What validateSpec finds, kept apart so that the keyword lint can be made again with more verdicts (`withKeywords`). */
export type ValidationParts =
  | { done: { problems: Problem[]; warnings: Problem[] } }
  | {
      metaWarnings: Problem[];
      extensions: Problem[];
      keywords: { problems: Problem[]; warnings: Problem[] };
      /** The structural rules, run when the extensions and keywords have no problem (else not needed). */
      structural?: Problem[];
    };

/** validateSpec's checks, with the patterns' backtracking judged by `riskOf` (see lintKeywords). */
export function validationParts(spec: LoadedSpec, riskOf?: RiskOf): ValidationParts {
  const tooBig = sizeProblem(spec);
  if (tooBig) return { done: { problems: [tooBig], warnings: [] } };
  const meta = checkMetaSchema(spec.files.get(spec.entry), spec.entry);
  if (meta.problems.length > 0 || !meta.meta) return { done: { problems: meta.problems, warnings: meta.warnings } };
  const referenced = checkReferenced(spec, meta.meta);
  if (referenced.length > 0) return { done: { problems: referenced, warnings: meta.warnings } };
  const keywords = lintKeywords(spec, riskOf);
  const extensions = lintExtensions(spec);
  // The structural rules read the extensions; they run once those have the right shape.
  const clean = extensions.length === 0 && keywords.problems.length === 0;
  return {
    metaWarnings: meta.warnings,
    extensions,
    keywords,
    ...(clean ? { structural: [...lintSpec(spec), ...lintSubscriptions(spec)] } : {}),
  };
}

/**
 * The parts with the keyword lint made again (with every pattern judged): the structural rules
 * they hold were run unless the first keyword lint had problems, which the second one has too.
 */
export function withKeywords(parts: ValidationParts, spec: LoadedSpec, riskOf: RiskOf): ValidationParts {
  return "done" in parts ? parts : { ...parts, keywords: lintKeywords(spec, riskOf) };
}

/** The problems and warnings of validateSpec, from its parts. */
export function validation(parts: ValidationParts): { problems: Problem[]; warnings: Problem[] } {
  if ("done" in parts) return parts.done;
  const problems = [...parts.extensions, ...parts.keywords.problems];
  if (problems.length === 0) problems.push(...(parts.structural ?? []));
  return { problems, warnings: [...parts.metaWarnings, ...parts.keywords.warnings] };
}

/** The size guard, before any other check: a document with more than MAX_METHODS methods is refused. */
function sizeProblem(spec: LoadedSpec): Problem | undefined {
  const methods = (spec.files.get(spec.entry) as { methods?: unknown } | undefined)?.methods;
  if (!Array.isArray(methods) || methods.length <= MAX_METHODS) return undefined;
  return {
    file: spec.entry,
    pointer: "/methods",
    message: `has ${methods.length.toLocaleString("en-US")} methods; the generator takes at most ${MAX_METHODS.toLocaleString("en-US")} in one document.`,
    hint: "Split the service into several documents (each becomes a subpath of the package), or remove methods the clients do not need.",
  };
}
