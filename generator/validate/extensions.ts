/**
 * Lint rule: the `x-` extensions the generator reads (spec/README.md) have the shape it
 * expects. The meta-schema lets any value through under an `x-` key, and these values steer
 * names, paths and code, so each one is checked against a schema of its own before anything
 * uses it: a wrong type is a problem with a pointer, never a crash or a surprise in the output.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import type { LoadedSpec } from "../load/load.js";
import type { Finding } from "../policy/policy.js";
import { subpathProblem } from "../normalize/subpath.js";
import { pointer } from "../problems.js";
import { deref } from "../load/refs.js";
import type { OpenrpcDocument } from "../normalize/openrpc.js";
import { extensionValidators } from "./meta-schema.compiled.js";
import { describeAjvError } from "./ajv-errors.js";

/** The extension schemas (extension-schemas.ts), compiled when the generator is built (meta-schema-build.ts). */
const compiled = extensionValidators as unknown as Record<string, ValidateFunction>;

export function lintExtensions(spec: LoadedSpec): Finding[] {
  const file = spec.entry;
  // Only the meta-schema has been checked: the extensions are still unknown values here.
  const doc = spec.files.get(file) as Partial<OpenrpcDocument>;
  const problems: Finding[] = [];
  const check = (where: string, at: string, key: string, value: unknown): void => {
    if (value === undefined) return;
    const validate = compiled[key]!;
    if (!validate(value))
      for (const e of validate.errors ?? []) problems.push(problem(where, `${at}/${key}`, key, e, value));
  };
  check(file, "", "x-client", doc["x-client"]);
  const subpath = doc["x-client"]?.subpath;
  if (typeof subpath === "string") {
    const why = subpathProblem(subpath);
    if (why)
      problems.push({
        file,
        pointer: "/x-client/subpath",
        message: `x-client.subpath "${subpath}" ${why}.`,
        hint: 'It names the package subpath and the folder under src/: use a plain name such as "advanced".',
        rule: "subpath",
        repair: [{ op: "remove", file, pointer: "/x-client/subpath" }],
      });
  }
  (doc.servers ?? []).forEach((server, i) => check(file, pointer("servers", i), "x-endpoint", server["x-endpoint"]));
  (doc.methods ?? []).forEach((raw, i) => {
    const found = deref<Record<string, unknown>>(spec.files, file, pointer("methods", i), raw);
    if (!found || found.value === null || typeof found.value !== "object") return;
    for (const key of ["x-idempotent", "x-limits", "x-result-variants", "x-subscription"])
      check(found.file, found.pointer, key, found.value[key]);
  });
  for (const [name, root] of spec.files)
    for (const [at, value] of occurrences(root, "x-response-deviations"))
      check(name, at, "x-response-deviations", value);
  return problems;
}

/** Every value under `key` anywhere in a document, with the pointer of the object holding it. */
function occurrences(root: unknown, key: string): [string, unknown][] {
  const found: [string, unknown][] = [];
  const stack: [unknown, string][] = [[root, ""]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, key))
      found.push([at, (node as Record<string, unknown>)[key]]);
    for (const [k, child] of Object.entries(node))
      if (k !== key) stack.push([child, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`]);
  }
  return found;
}

/** An extension that does not have its shape is ignored: the whole extension is left out. */
function problem(file: string, at: string, key: string, e: ErrorObject, value: unknown): Finding {
  return {
    file,
    pointer: `${at}${e.instancePath}`,
    message: `${key}${e.instancePath.replace(/\//g, ".")} ${describeAjvError(e, value)}.`,
    hint: "See spec/README.md (Extensions read by the generator) for the shape of each extension.",
    rule: "extension",
    repair: [{ op: "remove", file, pointer: at }],
  };
}
