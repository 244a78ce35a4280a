/**
 * Stage 2, validate: everything that is wrong with a loaded spec, at once — its shape (the
 * OpenRPC meta-schema of its version, also for the objects it reaches through `$ref`s), then the
 * project's lint rules (names, `$ref`s, the `x-` extensions, patterns). Problems stop
 * generation; warnings are reported and generation goes on.
 */
import type { LoadedSpec } from "../load/load.js";
import type { Problem } from "../model/document.js";
import { lintExtensions } from "./extensions.js";
import { lintKeywords } from "./keywords.js";
import { lintSpec } from "./lint.js";
import { MAX_METHODS } from "../defaults.js";
import { checkMetaSchema } from "./meta-schema.js";
import { checkReferenced } from "./referenced.js";
import { lintSubscriptions } from "./subscriptions.js";

export function validateSpec(spec: LoadedSpec): { problems: Problem[]; warnings: Problem[] } {
  const tooBig = sizeProblem(spec);
  if (tooBig) return { problems: [tooBig], warnings: [] };
  const meta = checkMetaSchema(spec.files.get(spec.entry), spec.entry);
  if (meta.problems.length > 0 || !meta.meta) return { problems: meta.problems, warnings: meta.warnings };
  const referenced = checkReferenced(spec, meta.meta);
  if (referenced.length > 0) return { problems: referenced, warnings: meta.warnings };
  const keywords = lintKeywords(spec);
  const problems = [...lintExtensions(spec), ...keywords.problems];
  // The structural rules read the extensions; they run once those have the right shape.
  if (problems.length === 0) problems.push(...lintSpec(spec), ...lintSubscriptions(spec));
  return { problems, warnings: [...meta.warnings, ...keywords.warnings] };
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
