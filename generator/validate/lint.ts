/**
 * The project's lint rules, run after the meta-schema check: things the meta-schema cannot say
 * but that would make a broken or ambiguous client.
 */
import type { Finding } from "../policy/policy.js";
import { pointer, pointerToken } from "../problems.js";
import { deref, getPointer, refFile, resolveRef } from "../load/refs.js";
import type { LoadedSpec } from "../load/load.js";
import type { ContentDescriptorObject, MethodObject, OpenrpcDocument, XResultVariant } from "../normalize/openrpc.js";
import { unresolvedRefRepair } from "./ref-fallback.js";
import { lintSelfReferences } from "./self-reference.js";

/**
 * What the rules read of a method and a param: the document's types (normalize/openrpc.ts), every
 * member optional, because the mock runs these rules before the extension schemas are checked and
 * a `$ref` may reach into a file the meta-schema did not check.
 */
type LintedMethod = Partial<Pick<MethodObject, "name" | "paramStructure" | "params">> & {
  "x-limits"?: Partial<Record<"rule" | "from" | "to" | "if" | "then", string>>[];
  "x-result-variants"?: { when?: Partial<XResultVariant["when"]> }[];
};
type LintedParam = Partial<Pick<ContentDescriptorObject, "name" | "required">>;

export function lintSpec(spec: LoadedSpec): Finding[] {
  const file = spec.entry;
  const doc = spec.files.get(file) as Partial<OpenrpcDocument>;
  const refs = unresolvedRefs(spec);
  // A cycle of plain `$ref`s is reported once, as a ref-cycle.
  const cycles = new Set(refs.map((f) => `${f.file}#${f.pointer}`));
  const problems: Finding[] = [
    ...refs,
    ...lintSelfReferences(spec).filter((f) => !cycles.has(`${f.file}#${f.pointer}`)),
  ];
  const seen = new Map<string, string>();
  (doc.methods ?? []).forEach((raw, i) => {
    const found = deref<LintedMethod>(spec.files, file, pointer("methods", i), raw);
    if (!found) return; // reported by unresolvedRefs
    const method = found.value;
    const at = found.pointer;
    const name = method.name ?? "";
    if (seen.has(name)) {
      problems.push({
        file,
        pointer: pointer("methods", i, "name"),
        message: `method name "${name}" is already used at ${seen.get(name)}.`,
        hint: "Method names must be unique within a document; rename or remove one of them.",
        rule: "method-duplicate",
        repair: [{ op: "remove", file, pointer: pointer("methods", i) }],
      });
    } else seen.set(name, at);
    problems.push(...lintParams(spec, found.file, at, method));
  });
  return problems;
}

function lintParams(spec: LoadedSpec, file: string, at: string, method: LintedMethod): Finding[] {
  const problems: Finding[] = [];
  const names = new Set<string>();
  let firstOptional: string | undefined;
  (method.params ?? []).forEach((raw, j) => {
    const found = deref<LintedParam>(spec.files, file, `${at}/params/${j}`, raw);
    if (!found) return;
    const param = found.value;
    const where = `${at}/params/${j}`;
    if (param.name !== undefined && names.has(param.name)) {
      problems.push({
        file,
        pointer: `${where}/name`,
        message: `param name "${param.name}" is used twice in method "${method.name}".`,
        hint: "Param names must be unique within a method; rename one.",
        rule: "param-duplicate",
      });
    }
    if (param.name !== undefined) names.add(param.name);
    if (param.required !== true && firstOptional === undefined) firstOptional = param.name;
    else if (param.required === true && firstOptional !== undefined && method.paramStructure !== "by-name") {
      problems.push({
        file,
        pointer: `${where}/required`,
        message: `required param "${param.name}" comes after optional param "${firstOptional}", but method "${method.name}" may take params by position.`,
        hint: 'Move required params before optional ones, or set "paramStructure": "by-name".',
        rule: "param-order",
      });
    }
  });
  for (const [k, rule] of (method["x-limits"] ?? []).entries()) {
    for (const key of ["from", "to", "if", "then"] as const) {
      const ref = rule[key];
      if (ref !== undefined && !names.has(ref)) {
        problems.push({
          file,
          pointer: `${at}/x-limits/${k}/${key}`,
          message: `x-limits rule "${rule.rule}" names param "${ref}", which method "${method.name}" does not have.`,
          hint: `Use one of: ${[...names].join(", ") || "(no params)"}.`,
          rule: "extension-param",
          repair: [{ op: "remove", file, pointer: `${at}/x-limits/${k}` }],
        });
      }
    }
  }
  for (const [k, variant] of (method["x-result-variants"] ?? []).entries()) {
    const param = variant.when?.param;
    if (param === undefined || !names.has(param)) {
      problems.push({
        file,
        pointer: `${at}/x-result-variants/${k}/when/param`,
        message: `x-result-variants names param "${param}", which method "${method.name}" does not have.`,
        hint: `Use one of: ${[...names].join(", ") || "(no params)"}.`,
        rule: "extension-param",
        repair: [{ op: "remove", file, pointer: `${at}/x-result-variants/${k}` }],
      });
    }
  }
  return problems;
}

/**
 * Every `$ref` in every loaded file must point at something; each that does not is read as
 * unresolved (ref-fallback.ts). A `#/definitions/X` that its file does not have, but a schema
 * around the `$ref` does (schemars, draft-04 tools), resolves against the nearest such schema.
 */
function unresolvedRefs(spec: LoadedSpec): Finding[] {
  const problems: Finding[] = [];
  const fallback = (file: string, at: string) => unresolvedRefRepair(spec.entry, file, at);
  for (const [file, root] of spec.files) {
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
      if (node === null || typeof node !== "object") return;
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === "string" && /^[a-z][a-z0-9+.-]*:/i.test(ref)) {
        problems.push({
          file,
          pointer: at,
          message: `$ref "${ref}" is a remote reference, which the generator does not fetch.`,
          hint: "Save the referenced document next to the spec and point at it with a relative path.",
          rule: "ref-remote",
          repair: fallback(file, at),
        });
      } else if (typeof ref === "string" && !resolveRef(spec.files, file, ref)) {
        const local = enclosingDefinition(root, at, ref);
        problems.push(
          local
            ? {
                file,
                pointer: at,
                message: `$ref "${ref}" points at nothing in its file; it is read as "${local}", the definition of the nearest schema around it that has one.`,
                hint: "Write the $ref as that pointer (or move the definitions to the document's components) to say so.",
                rule: "embedded-definitions",
                repair: [{ op: "set", file, pointer: `${at}/$ref`, value: local }],
              }
            : {
                file,
                pointer: at,
                message: `$ref "${ref}" points at nothing.`,
                hint: "Fix the path or the JSON pointer after #; relative files resolve against the referring file.",
                rule: "ref-dangling",
                repair: fallback(file, at),
                // A file that was not read is reported once, by the loader.
                ...(spec.unread?.has(refFile(file, ref)) ? { quiet: true } : {}),
              },
        );
      } else if (typeof ref === "string" && aliasCycle(spec, file, ref)) {
        problems.push({
          file,
          pointer: at,
          message: `$ref "${ref}" starts a cycle of references that never reaches a schema.`,
          hint: "One schema in the cycle must have content of its own (type, properties, …).",
          rule: "ref-cycle",
          repair: fallback(file, at),
        });
      }
      for (const [key, child] of Object.entries(node)) if (key !== "$ref") visit(child, `${at}/${pointerToken(key)}`);
    };
    visit(root, "");
  }
  return problems;
}

const LOCAL_DEFINITION = /^#\/(definitions|\$defs)\/([^/]+)$/;

/**
 * `#/<ancestor>/definitions/X` for a `$ref` `#/definitions/X` (or `$defs`) that its file lacks, when
 * an object around the `$ref` (nearest first) defines `X`; `undefined` otherwise.
 */
function enclosingDefinition(root: unknown, at: string, ref: string): string | undefined {
  const match = LOCAL_DEFINITION.exec(ref);
  if (!match) return undefined;
  const [, keyword, name] = match as unknown as [string, string, string];
  const tokens = at === "" ? [] : at.slice(1).split("/");
  for (let n = tokens.length; n > 0; n--) {
    const ancestor = tokens
      .slice(0, n)
      .map((t) => `/${t}`)
      .join("");
    const holder = getPointer(root, `${ancestor}/${keyword}`);
    if (
      holder !== null &&
      typeof holder === "object" &&
      Object.prototype.hasOwnProperty.call(holder, name.replace(/~1/g, "/").replace(/~0/g, "~"))
    )
      return `#${ancestor}/${keyword}/${name}`;
  }
  return undefined;
}

/** Whether following `ref` through schemas that are nothing but `$ref`s comes back to itself. */
function aliasCycle(spec: LoadedSpec, file: string, ref: string): boolean {
  const seen = new Set<string>();
  let target = resolveRef(spec.files, file, ref);
  while (target) {
    const key = `${target.file}#${target.pointer}`;
    if (seen.has(key)) return true;
    seen.add(key);
    const value = target.value as { $ref?: unknown } | null;
    if (
      !value ||
      typeof value !== "object" ||
      typeof value.$ref !== "string" ||
      Object.keys(value).some((k) => k !== "$ref" && k !== "description" && k !== "title")
    )
      return false;
    target = resolveRef(spec.files, target.file, value.$ref);
  }
  return false;
}
