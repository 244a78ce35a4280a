/**
 * Whether a value fits a schema node, as the value maker (./mock-values.ts) asks while it makes one:
 * to leave out an optional property no value of which can fit (a property two `allOf` members type
 * differently), and to make a `oneOf` value that exactly one branch takes. It reads the same
 * vocabulary the value maker writes from; formats are not checked (as in the generated validators),
 * patterns with the validators' flags. Iterative depth is bounded: past MAX_DEPTH a value is taken
 * as fitting (the validators of the package and ajv in the mock have the last word).
 */
import { jsonEqual } from "./mock-json.js";
import { specRegExp } from "./mock-pattern.js";
import { resolveMockNode, type MockDefinitions, type MockNode, type MockObjectNode } from "./mock-schema.js";

const MAX_DEPTH = 48;

export function admits(node: MockNode, value: unknown, definitions: MockDefinitions, depth = 0): boolean {
  if (depth > MAX_DEPTH) return true;
  const n = resolveMockNode(node, definitions);
  const inner = (child: MockNode, v: unknown): boolean => admits(child, v, definitions, depth + 1);
  switch (n.kind) {
    case "ref":
      return true; // a name without a definition: nothing to hold it to
    case "unknown":
      return true;
    case "never":
      return false;
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "integer":
    case "number":
      return numberFits(n, value);
    case "string":
      return typeof value === "string" && stringFits(n, value);
    case "enum":
      return n.values.some((v) => jsonEqual(v, value));
    case "not":
      return n.node === undefined ? true : !inner(n.node, value);
    case "allOf":
      return n.members.every((m) => inner(m, value));
    case "union": {
      const taken = n.members.filter((m) => inner(m, value)).length;
      return n.rule === "oneOf" ? taken === 1 : taken > 0;
    }
    case "array":
    case "tuple":
      return Array.isArray(value) && arrayFits(n, value, inner);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value) && objectFits(n, value, inner);
  }
}

function numberFits(n: Extract<MockNode, { kind: "integer" | "number" }>, value: unknown): boolean {
  const v = typeof value === "bigint" ? Number(value) : value;
  if (typeof v !== "number" || !Number.isFinite(v)) return false;
  if (n.kind === "integer" && !Number.isInteger(v)) return false;
  if (n.u64 && v < 0) return false;
  if (n.minimum !== undefined && v < n.minimum) return false;
  if (n.maximum !== undefined && v > n.maximum) return false;
  if (n.exclusiveMinimum !== undefined && v <= n.exclusiveMinimum) return false;
  if (n.exclusiveMaximum !== undefined && v >= n.exclusiveMaximum) return false;
  if (n.multipleOf !== undefined && Math.abs(v / n.multipleOf - Math.round(v / n.multipleOf)) > 1e-9) return false;
  return true;
}

function stringFits(n: Extract<MockNode, { kind: "string" }>, value: string): boolean {
  const length = [...value].length;
  if (n.minLength !== undefined && length < n.minLength) return false;
  if (n.maxLength !== undefined && length > n.maxLength) return false;
  if (n.pattern === undefined) return true;
  try {
    return specRegExp(n.pattern).test(value);
  } catch {
    return true;
  }
}

function arrayFits(
  n: Extract<MockNode, { kind: "array" | "tuple" }>,
  value: readonly unknown[],
  inner: (child: MockNode, v: unknown) => boolean,
): boolean {
  if (n.minItems !== undefined && value.length < n.minItems) return false;
  if (n.maxItems !== undefined && value.length > n.maxItems) return false;
  if (n.uniqueItems && value.some((v, i) => value.findIndex((w) => jsonEqual(v, w)) !== i)) return false;
  if (n.kind === "array") return n.items === undefined || value.every((v) => inner(n.items!, v));
  return value.every((v, i) => {
    const at = n.items[i] ?? n.rest;
    return at === undefined || inner(at, v);
  });
}

function objectFits(n: MockObjectNode, value: object, inner: (child: MockNode, v: unknown) => boolean): boolean {
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (n.minProperties !== undefined && keys.length < n.minProperties) return false;
  if (n.maxProperties !== undefined && keys.length > n.maxProperties) return false;
  const declared = new Map((n.properties ?? []).map((p) => [p.name, p]));
  for (const p of n.properties ?? []) if (p.required && !Object.hasOwn(record, p.name)) return false;
  for (const name of n.requiredOnly ?? []) if (!Object.hasOwn(record, name)) return false;
  for (const key of keys) {
    // A declared property meets its schema and every pattern its name matches; another key the
    // patterns it matches, or else additionalProperties.
    const property = declared.get(key);
    if (property && !inner(property.node, record[key])) return false;
    const patterns = (n.patterns ?? []).filter((p) => {
      try {
        return specRegExp(p.pattern).test(key);
      } catch {
        return false;
      }
    });
    if (!patterns.every((p) => inner(p.node, record[key]))) return false;
    if (!property && patterns.length === 0 && n.additional !== undefined && !inner(n.additional, record[key]))
      return false;
  }
  return true;
}
