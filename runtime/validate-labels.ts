/**
 * How a validator is named in messages (`labelOf`: `string`, `"latest"`, `array of string`) and
 * which JSON types it can accept (`typesOf`, used to pick the closest `anyOf` branch): read from
 * what it was built from (its `shape`), on the failure path only (validate-explain.ts).
 */
import type { UnionOptions, Validator } from "./validate-core.js";

export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Definitions being described: one that names itself says `any value` the second time. */
const open = new Set<Validator>();

/** What a definition describes, or `fallback` when it is reached from itself. */
function through<T>(v: Validator, built: () => Validator, read: (v: Validator) => T, fallback: T): T {
  if (open.has(v)) return fallback;
  open.add(v);
  try {
    return read(built());
  } finally {
    open.delete(v);
  }
}

/** The values of an `enum` or `const` for messages; a huge enum is named by its first values. */
function literalLabel(values: readonly unknown[]): string {
  const named = values.slice(0, 20).map((v) => JSON.stringify(v));
  if (values.length > 20) named.push(`… (${values.length} values)`);
  return named.join(", ");
}

export const unionName = (branches: readonly Validator[], options: UnionOptions, i: number): string =>
  options.names?.[i] ?? labelOf(branches[i]!);

/** Short description for messages: `string`, `"latest"`, `array of string`. */
export function labelOf(v: Validator): string {
  const s = v.shape;
  switch (s.kind) {
    case "string":
      return s.options.pattern ? `string matching ${s.options.pattern.source}` : "string";
    case "uint64":
      return "unsigned 64-bit integer";
    case "literal":
      return s.values.length === 1 ? literalLabel(s.values) : `one of ${literalLabel(s.values)}`;
    case "multipleOf":
      return `multiple of ${s.step}`;
    case "array":
      return `array of ${labelOf(s.items)}`;
    case "tuple":
      return `[${s.items.map(labelOf).join(", ")}]`;
    case "anyOf":
    case "tagged":
      return s.branches.map((_, i) => unionName(s.branches, s.options, i)).join(" or ");
    case "allOf":
      return s.branches.map(labelOf).join(" and ");
    case "not":
      return `not ${labelOf(s.inner)}`;
    case "hideValues":
      return labelOf(s.inner);
    case "lazy":
      return through(v, s.built, labelOf, "any value");
    case "unknown":
      return "any value";
    case "never":
      return "nothing";
    case "uniqueItems":
      return "array of distinct items";
    case "propertyCount":
      return "object";
    default:
      return s.kind; // boolean, null, integer, number, object
  }
}

/** JSON types a validator can accept (used to pick the closest `anyOf` branch). */
export function typesOf(v: Validator): readonly string[] {
  const s = v.shape;
  switch (s.kind) {
    case "unknown":
    case "not":
      return ["any"];
    case "never":
      return [];
    case "number":
    case "multipleOf":
      return ["integer", "number"];
    case "uint64":
      return ["integer", "bigint"];
    case "literal":
      return [...new Set(s.values.map(typeOf))];
    case "array":
    case "tuple":
    case "uniqueItems":
      return ["array"];
    case "propertyCount":
      return ["object"];
    case "anyOf":
    case "tagged":
      return [...new Set(s.branches.flatMap(typesOf))];
    case "allOf":
      return s.branches[0] ? typesOf(s.branches[0]) : ["any"];
    case "hideValues":
      return typesOf(s.inner);
    case "lazy":
      return through(v, s.built, typesOf, ["any"]);
    default:
      return [s.kind]; // boolean, null, string, integer, object
  }
}
