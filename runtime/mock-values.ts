/**
 * A JSON value that fits a schema node, made up deterministically from a seed: what the mock
 * server (generator/mock/) and the test kit (`mockTransport`, testing*.ts) answer when no example
 * matches: one value maker for both. Honours every node kind of the model: enums (first non-null
 * value), unions (first non-null member), `allOf` (merged, mock-merge.ts), required and declared
 * properties, patterns and `minProperties`, number bounds and `multipleOf`, item counts and
 * `uniqueItems`, tuples, string patterns (mock-pattern.ts), lengths and formats (mock-strings.ts),
 * exact u64 integers (never negative), and references, with cycle protection: a named node met again
 * inside itself is generated minimally (required properties only, `null` where allowed, empty
 * arrays), and nothing nests deeper than MAX_DEPTH.
 */
import {
  nullOnly,
  resolveMockNode,
  type MockArrayNode,
  type MockDefinitions,
  type MockNode,
  type MockNumberNode,
  type MockObjectNode,
  type MockProperty,
  type MockTupleNode,
} from "./mock-schema.js";
import { createRandom, type Random } from "./mock-random.js";
import { jsonEqual } from "./mock-json.js";
import { firstNonNull, mergeAllOf, type BranchPicker } from "./mock-merge.js";
import { specRegExp, stringForPattern } from "./mock-pattern.js";
import { admits } from "./mock-admits.js";
import { stringValue } from "./mock-strings.js";

export type Definitions = MockDefinitions;

interface Walk {
  definitions: Definitions;
  random: Random;
  /** Named nodes being generated, outermost first. */
  refs: readonly string[];
  /** Inside a cycle: only what the schema requires. */
  minimal: boolean;
  depth: number;
  /** Property name the value is for (used to make readable strings). */
  key: string;
  /** Unions pick a random admissible branch instead of the first (a retry after a value that did not fit). */
  vary: boolean;
}

const MAX_DEPTH = 32;
/** Below this depth optional properties are left out, to keep answers small. */
const OPTIONAL_DEPTH = 10;
const STRING: MockNode = { kind: "string", pointer: "" };

/**
 * A value for `node`; `key` names what it is for (strings read `<key>-3f2a`). With `vary`, every
 * union takes a branch chosen by the seed rather than the first one: a caller whose first value did
 * not fit the schema (a `oneOf` two branches of which accept it) retries with other seeds.
 */
export function generateValue(
  node: MockNode,
  definitions: Definitions,
  seed: string,
  key = "value",
  vary = false,
): unknown {
  return walk(node, { definitions, random: createRandom(seed), refs: [], minimal: false, depth: 0, key, vary });
}

/**
 * The first value made for `node` that `fits` accepts: the default value, else up to `tries`
 * values with branches chosen by seed; the default value when none fits.
 */
export function generateFitting(
  node: MockNode,
  definitions: Definitions,
  seed: string,
  fits: (value: unknown) => boolean,
  tries = 8,
): unknown {
  const first = generateValue(node, definitions, seed);
  if (fits(first)) return first;
  for (let i = 1; i <= tries; i++) {
    const value = generateValue(node, definitions, `${seed} try ${i}`, "value", true);
    if (fits(value)) return value;
  }
  return first;
}

/** Inside a cycle a `null` member is taken when there is one, so that the value ends; `vary` picks by seed. */
const picker = (w: Walk): BranchPicker => {
  if (w.minimal) return (members) => members.find((m) => nullOnly(m, w.definitions)) ?? firstNonNull(members);
  if (!w.vary) return firstNonNull;
  return (members) => {
    const others = members.filter((m) => !nullOnly(m, w.definitions));
    return others.length === 0 ? members[0]! : w.random.pick(others);
  };
};

function walk(node: MockNode, w: Walk): unknown {
  if (w.depth > MAX_DEPTH) return null;
  switch (node.kind) {
    case "ref":
      return walkRef(node.name, w);
    case "unknown":
    case "not":
      return {};
    case "never":
    case "null":
      return null;
    case "enum":
      return structuredClone(node.rule === "const" ? node.values[0] : (node.values.find((v) => v !== null) ?? null));
    case "allOf":
      return fitted(node, walk(mergeAllOf(node.members, w.definitions, picker(w)), w), w);
    case "union":
      return node.members.length === 0 ? null : unionValue(node, w);
    case "boolean":
      return w.random.next() < 0.5;
    case "integer":
      return integerValue(node, w.random);
    case "number":
      return numberValue(node, w.random);
    case "string":
      return stringValue(node, w.random, w.key);
    case "array":
    case "tuple":
      return arrayValue(node, w);
    case "object":
      return objectValue(node, w);
  }
}

/**
 * `value` made to fit `node` by leaving out optional members one at a time (a member a `not` of the
 * `allOf` refuses: Firebolt's `not: { required: ["musicType"] }`), while that helps; `value` itself when
 * it fits or nothing helps.
 */
function fitted(node: MockNode, value: unknown, w: Walk): unknown {
  if (w.minimal || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  if (admits(node, value, w.definitions)) return value;
  const out = { ...(value as Record<string, unknown>) };
  for (const key of Object.keys(out)) {
    const without = { ...out };
    delete without[key];
    if (admits(node, without, w.definitions)) return without;
  }
  return value;
}

/**
 * A value of a union: the picked member's; when it does not fit the union (no member takes it, or
 * a `oneOf` that more than one takes), each other member's in turn, then the `oneOf` value with a
 * property that the other members' schemas refuse; the first value otherwise.
 */
function unionValue(node: Extract<MockNode, { kind: "union" }>, w: Walk): unknown {
  const first = walk(picker(w)(node.members), w);
  if (w.minimal || admits(node, first, w.definitions)) return first;
  for (const member of node.members) {
    const value = walk(member, w);
    if (admits(node, value, w.definitions)) return value;
    if (node.rule === "oneOf" && admits(member, value, w.definitions)) {
      const exclusive = excluding(node, member, value, w);
      if (exclusive !== undefined) return exclusive;
    }
  }
  return first;
}

/**
 * `value` (an object `member` takes) made one that the other members of a `oneOf` refuse: for each
 * other member that takes it, a property that member declares and `value` lacks, given a value of
 * the wrong type for it. `undefined` when that cannot be done.
 */
function excluding(
  node: Extract<MockNode, { kind: "union" }>,
  member: MockNode,
  value: unknown,
  w: Walk,
): Record<string, unknown> | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const out = { ...(value as Record<string, unknown>) };
  for (const other of node.members) {
    if (other === member || !admits(other, out, w.definitions)) continue;
    const shape = resolveMockNode(other, w.definitions);
    const names = shape.kind === "object" ? (shape.properties ?? []).map((p) => p.name) : [];
    const free = names.find((name) => !Object.hasOwn(out, name));
    if (free === undefined) return undefined;
    for (const wrong of [0, "x", null, [], {}]) {
      Object.defineProperty(out, free, { value: wrong, enumerable: true, writable: true, configurable: true });
      if (!admits(other, out, w.definitions)) break;
    }
  }
  return admits(node, out, w.definitions) ? out : undefined;
}

function walkRef(name: string, w: Walk): unknown {
  const target: MockNode = w.definitions.get(name) ?? { kind: "unknown", pointer: "" };
  return walk(target, {
    ...w,
    refs: [...w.refs, name],
    minimal: w.minimal || w.refs.includes(name),
    depth: w.depth + 1,
  });
}

/** The inclusive range a number may take; `step` is the smallest distance that clears an exclusive bound. */
function bounds(node: MockNumberNode, step: number): { min: number; max: number } {
  let min = node.minimum;
  let max = node.maximum;
  if (node.exclusiveMinimum !== undefined) min = Math.max(min ?? -Infinity, node.exclusiveMinimum + step);
  if (node.exclusiveMaximum !== undefined) max = Math.min(max ?? Infinity, node.exclusiveMaximum - step);
  // An exact u64 is never negative.
  if (node.u64) min = Math.max(min ?? 0, 0);
  const low = min ?? (max !== undefined ? Math.min(0, max) : 0);
  return { min: low, max: max ?? Math.max(low, 0) + 1_000_000 };
}

function integerValue(node: MockNumberNode, random: Random): number {
  const { min, max } = bounds(node, 1);
  const low = Math.ceil(min);
  const high = Math.floor(max);
  const step = node.multipleOf;
  const pick = high <= low ? low : low + random.int(0, Math.min(high - low, 1_000_000_000));
  if (step === undefined) return pick;
  return Number.isInteger(step) ? multipleIn(pick, step, low, high) : multipleIn(pick, step, low, high, true);
}

function numberValue(node: MockNumberNode, random: Random): number {
  const step = node.multipleOf;
  const { min, max } = bounds(node, step ?? 0.01);
  const pick = max <= min ? min : Math.round((min + random.next() * Math.min(max - min, 1_000_000)) * 100) / 100;
  return step === undefined ? pick : multipleIn(pick, step, min, max);
}

/** A multiple of `step` near `value` inside [low, high] (an integer one if `integer`), else `value`. */
function multipleIn(value: number, step: number, low: number, high: number, integer = false): number {
  for (const k of [Math.ceil(value / step), Math.floor(value / step), Math.ceil(low / step)]) {
    const candidate = Number((k * step).toPrecision(12));
    if (candidate >= low && candidate <= high && (!integer || Number.isInteger(candidate))) return candidate;
  }
  return value;
}

function arrayValue(node: MockArrayNode | MockTupleNode, w: Walk): unknown[] {
  const child = (n: MockNode): unknown => walk(n, { ...w, depth: w.depth + 1 });
  const minItems = node.minItems ?? 0;
  const maxItems = node.maxItems ?? Infinity;
  const positions = node.kind === "tuple" ? node.items : [];
  const unknown: MockNode = { kind: "unknown", pointer: node.pointer ?? "" };
  const rest = node.kind === "tuple" ? (node.rest ?? unknown) : (node.items ?? unknown);
  const wanted =
    node.kind === "tuple"
      ? Math.max(minItems, Math.min(positions.length, maxItems))
      : Math.min(Math.max(minItems, w.minimal ? 0 : 1), maxItems);
  const out: unknown[] = [];
  for (let tries = 0; out.length < wanted && tries < wanted + 16; tries++) {
    const at = positions[out.length] ?? rest;
    if (at.kind === "never") break;
    let value = child(at);
    // Any value fits an item without a schema (always made `{}`): its position makes it distinct.
    if (node.uniqueItems === true && at.kind === "unknown" && out.some((v) => jsonEqual(v, value))) value = out.length;
    if (node.uniqueItems === true && out.some((v) => jsonEqual(v, value))) continue;
    out.push(value);
  }
  return out;
}

function objectValue(node: MockObjectNode, w: Walk): Record<string, unknown> {
  const skipOptional = w.minimal || w.depth >= OPTIONAL_DEPTH;
  const out: Record<string, unknown> = {};
  const set = (key: string, value: unknown): void => {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  const child = (n: MockNode, key: string): unknown => walk(n, { ...w, depth: w.depth + 1, key });
  const patterns = node.patterns ?? [];
  /** A declared property's schema, with those of the patterns its name matches (JSON Schema applies both). */
  const declaredNode = (p: MockProperty): MockNode => {
    const matching = patterns.filter((q) => safeTest(q.pattern, p.name)).map((q) => q.node);
    return matching.length === 0
      ? p.node
      : { kind: "allOf", members: [p.node, ...matching], pointer: node.pointer ?? "" };
  };
  for (const p of node.properties ?? []) {
    const schema = declaredNode(p);
    if (p.required) set(p.name, child(schema, p.name));
    else if (!skipOptional && p.node.kind !== "never") {
      // An optional property no made value fits (two allOf members that type it differently) is left out.
      const made = [child(schema, p.name), walk(schema, { ...w, depth: w.depth + 1, key: p.name, vary: true })];
      const fitting = made.find((v) => admits(schema, v, w.definitions));
      if (fitting !== undefined) set(p.name, fitting);
    }
  }
  // Keys that are neither declared nor matched by a pattern: strings unless the schema says otherwise.
  const extra = node.additional === undefined || node.additional.kind === "unknown" ? STRING : node.additional;
  /** The node an undeclared key must meet: every matching patternProperties node, else additionalProperties. */
  const nodeFor = (key: string): MockNode => {
    const matching = patterns.filter((p) => safeTest(p.pattern, key)).map((p) => p.node);
    if (matching.length === 0) return extra;
    return matching.length === 1 ? matching[0]! : { kind: "allOf", members: matching, pointer: node.pointer ?? "" };
  };
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(out, key);
  for (const key of node.requiredOnly ?? []) if (!has(key)) set(key, child(nodeFor(key), key));
  const minProperties = node.minProperties ?? 0;
  for (let i = 0; Object.keys(out).length < minProperties && i < minProperties + 8; i++) {
    const pattern = patterns[i % Math.max(patterns.length, 1)]?.pattern;
    const key =
      pattern !== undefined ? stringForPattern(pattern, w.random) : extra.kind === "never" ? undefined : `key${i}`;
    if (key !== undefined && !has(key)) set(key, child(pattern !== undefined ? nodeFor(key) : extra, key));
  }
  return out;
}

function safeTest(pattern: string, key: string): boolean {
  try {
    return specRegExp(pattern).test(key);
  } catch {
    return false;
  }
}
