/**
 * JSON Schema → a tree of TypeScript type expressions (printed by type-print.ts). The mapping is
 * the one the generated types have always had (kept, so that upgrading the generator changes no
 * type): objects are closed unless `additionalProperties` says otherwise, tuples
 * stay open unless `additionalItems: false`, `minItems`/`maxItems` up to 20 make tuple unions,
 * `format: "uint64"` is a `bigint`, a string pattern with a literal prefix a template type.
 * Names come only from the model: a `$ref` is the name normalize gave its target.
 */
import type { JsonSchema, SchemaObject } from "../../model/document.js";
import { refName } from "./schema-walk.js";
import { objectType } from "./type-object.js";

export type TypeNode =
  | { kind: "keyword"; name: string; top?: boolean }
  | { kind: "ref"; name: string }
  | { kind: "literal"; value: unknown }
  | { kind: "template"; prefix: string }
  | { kind: "omit"; base: string; keys: string[] }
  | { kind: "array"; element: TypeNode }
  | { kind: "tuple"; elements: TypeNode[]; rest?: TypeNode }
  | { kind: "union"; members: TypeNode[]; bare?: "custom" | "tuple" }
  | { kind: "intersection"; members: TypeNode[] }
  | { kind: "object"; members: Member[]; expanded: boolean };

export interface Member {
  /** Undefined for the index signature `[k: string]`. */
  name?: string;
  optional: boolean;
  type: TypeNode;
  docs?: DocComment;
}

/** A doc comment: `/** … *\/` on one line when `oneLine` and the text is one line, else one ` * ` line per line. */
export interface DocComment {
  text: string;
  oneLine?: boolean;
}

export interface Context {
  /** Inside params only: u64 accepts `number | bigint`. */
  requestOnly: boolean;
  definitions: Map<string, JsonSchema>;
  /** Name of the interface being declared (named in pattern-property comments). */
  owner?: string;
  /** Inside a tuple: unions and intersections are written as they are, not simplified (as they always were). */
  raw?: boolean;
}

/** The most items a tuple is spelled out for (`maxItems` above this gives an array). */
const MAX_TUPLE = 20;
export const unknownType: TypeNode = { kind: "keyword", name: "unknown" };
/** `unknown` that absorbs unions and intersections (an empty schema inside one). */
export const topType: TypeNode = { kind: "keyword", name: "unknown", top: true };

export const isObjectSchema = (s: SchemaObject): boolean => s.properties !== undefined || hasType(s, "object");
const hasType = (s: SchemaObject, t: string): boolean => s.type === t || (Array.isArray(s.type) && s.type.includes(t));
export const isArraySchema = (s: SchemaObject): boolean => s.items !== undefined || hasType(s, "array");

/** The type a schema describes. */
export function typeOf(schema: JsonSchema, ctx: Context): TypeNode {
  if (schema === true) return unknownType;
  if (schema === false) return { kind: "keyword", name: "never" };
  const ref = refName(schema.$ref);
  if (ref !== undefined) return { kind: "ref", name: ref };
  if (schema.format === "uint64")
    return ctx.requestOnly
      ? {
          kind: "union",
          bare: "custom",
          members: [
            { kind: "keyword", name: "bigint" },
            { kind: "keyword", name: "number" },
          ],
        }
      : { kind: "keyword", name: "bigint" };
  const prefix = literalPrefix(schema);
  if (prefix !== undefined) return { kind: "template", prefix };
  if (!Object.keys(schema).some((k) => PASSED.has(k))) return unknownType;
  return parse(normalized(schema), ctx);
}

/** Keywords that shape a type; a schema with none of them is `unknown`. */
const PASSED = new Set([
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "items",
  "additionalItems",
  "minItems",
  "maxItems",
  "anyOf",
  "oneOf",
  "allOf",
  "format",
]);

/** The schema with the defaults filled in: one `type`, `required`, closed objects, tuples from `minItems`/`maxItems`. */
export function normalized(schema: SchemaObject): SchemaObject {
  const s: SchemaObject = { ...schema };
  if (Array.isArray(s.items) && s.additionalItems === undefined) s.additionalItems = OPEN;
  if (Array.isArray(s.enum) && s.enum.includes(null) && Array.isArray(s.type) && s.type.includes("null"))
    s.type = s.type.filter((t) => t !== "null");
  if (Array.isArray(s.type) && s.type.length === 1) s.type = s.type[0];
  if (isObjectSchema(s) && !("required" in s)) s.required = [];
  if (isObjectSchema(s) && !("additionalProperties" in s) && s.patternProperties === undefined)
    s.additionalProperties = false;
  if ("const" in s) s.enum = [s.const];
  if (isArraySchema(s)) {
    const min = typeof s.minItems === "number" ? s.minItems : 0;
    if (typeof s.maxItems === "number" && s.maxItems - min > MAX_TUPLE) delete s.maxItems;
    const max = typeof s.maxItems === "number" && s.maxItems >= 0 ? s.maxItems : undefined;
    s.minItems = min;
    if (s.items !== undefined && !Array.isArray(s.items) && (max !== undefined || min > 0)) {
      const item = s.items;
      s.items = Array.from({ length: max || min || 0 }, () => item);
      if (max === undefined) s.additionalItems = item;
    }
    if (Array.isArray(s.items) && max !== undefined && max < s.items.length) s.items = s.items.slice(0, max);
  }
  return s;
}

type Kind =
  | "allOf"
  | "any"
  | "anyOf"
  | "boolean"
  | "null"
  | "number"
  | "oneOf"
  | "string"
  | "array"
  | "union"
  | "enum"
  | "object"
  | "untypedArray";

/** Which types a schema is (more than one makes an intersection), in the order the types have always had. */
function kindsOf(s: SchemaObject): Kind[] {
  const kinds: Kind[] = [];
  const enumed = "enum" in s;
  if ("allOf" in s) kinds.push("allOf");
  if (Object.keys(s).length === 0 || s.type === "any") kinds.push("any");
  if ("anyOf" in s) kinds.push("anyOf");
  if (!enumed && s.type === "boolean") kinds.push("boolean");
  if (s.type === "null" || s.type === null) kinds.push("null");
  if (!enumed && (s.type === "integer" || s.type === "number")) kinds.push("number");
  if ("oneOf" in s) kinds.push("oneOf");
  if (!enumed && s.type === "string") kinds.push("string");
  if ((!s.type || s.type === "array") && "items" in s) kinds.push("array");
  if (Array.isArray(s.type)) kinds.push("union");
  if (enumed && (!s.type || ["boolean", "integer", "number", "string"].includes(s.type as string))) kinds.push("enum");
  if ((s.type === undefined || s.type === "object") && ("patternProperties" in s || "properties" in s))
    kinds.push("object");
  if (s.type === "array" && !("items" in s)) kinds.push("untypedArray");
  return kinds.length === 0 ? ["object"] : kinds;
}

function parse(s: SchemaObject, context: Context): TypeNode {
  const kinds = kindsOf(s);
  // Only an object schema declared as an interface is named in its pattern-property comments.
  const ctx = kinds.length === 1 && kinds[0] === "object" ? context : { ...context, owner: undefined };
  if (kinds.length === 1) return parseAs(s, kinds[0]!, ctx);
  // A schema of several kinds (`properties` and `oneOf`, say) is their intersection; its `allOf` joins it.
  const { allOf: _allOf, ...others } = s;
  const members = [
    ...(kinds.includes("allOf") ? allOfMembers(s, ctx) : []),
    ...kinds.filter((k) => k !== "allOf").map((k) => parseAs(others, k, ctx)),
  ];
  return intersection(members, ctx.raw);
}

function parseAs(s: SchemaObject, kind: Kind, ctx: Context): TypeNode {
  const child = (c: unknown): TypeNode => (c === OPEN ? topType : typeOf(c as JsonSchema, ctx));
  switch (kind) {
    case "allOf":
      return intersection(allOfMembers(s, ctx), ctx.raw);
    case "any":
      return topType;
    case "anyOf":
    case "oneOf":
      return union(
        (s[kind] as JsonSchema[]).map((c) => typeOf(c, ctx)),
        ctx.raw,
      );
    case "boolean":
    case "null":
    case "number":
    case "string":
      return { kind: "keyword", name: kind };
    case "enum":
      return union(
        (s.enum as unknown[]).map((value) =>
          value === null ? { kind: "keyword", name: "null" } : { kind: "literal", value },
        ),
        ctx.raw,
      );
    case "union":
      return union(
        (s.type as string[]).map((type) => parse({ ...s, type }, ctx)),
        ctx.raw,
      );
    case "object":
      return objectType(s, ctx);
    case "untypedArray": {
      const max = typeof s.maxItems === "number" ? s.maxItems : -1;
      const min = s.minItems as number;
      if (min > 0 || max >= 0)
        return tupleType(
          Array.from({ length: Math.max(max, min) }, () => topType),
          max >= 0 ? undefined : topType,
          min,
          max,
        );
      return array(topType);
    }
    case "array": {
      if (!Array.isArray(s.items)) return array(child(s.items));
      // Everything inside a tuple is written as given (`child` reads this `ctx`).
      ctx = { ...ctx, raw: true };
      const rest = s.additionalItems === true ? topType : s.additionalItems ? child(s.additionalItems) : undefined;
      return tupleType(
        s.items.map(child),
        rest,
        s.minItems as number,
        typeof s.maxItems === "number" ? s.maxItems : -1,
      );
    }
  }
}

/** The rest of an open tuple: `unknown` that absorbs (a spec's own `{}` is a plain `unknown`). */
export const OPEN: SchemaObject = Object.freeze({});

/**
 * `allOf: [Base, { properties: { x: … } }]` narrows `x` of Base. As `Base & { x: … }` TypeScript
 * would intersect the two `x` types, so the overridden keys are left out: `Omit<Base, "x"> & { x: … }`.
 * Members that constrain nothing a type is made from (only `format`, say) are left out.
 */
function allOfMembers(s: SchemaObject, ctx: Context): TypeNode[] {
  const branches = (s.allOf ?? []) as JsonSchema[];
  const overridden = new Set(
    branches.flatMap((b) => (typeof b === "object" && !b.$ref ? Object.keys((b.properties ?? {}) as object) : [])),
  );
  return branches.flatMap((branch): TypeNode[] => {
    const ref = typeof branch === "object" ? refName(branch.$ref) : undefined;
    const base = ref !== undefined ? ctx.definitions.get(ref) : undefined;
    const omit = (typeof base === "object" ? Object.keys((base.properties ?? {}) as object) : [])
      .filter((k) => overridden.has(k))
      .sort();
    if (ref !== undefined && omit.length > 0) return [{ kind: "omit", base: ref, keys: omit }];
    if (typeof branch === "object" && !branch.$ref && vacuous(branch)) return [];
    return [typeOf(branch, ctx)];
  });
}

const RECOGNIZED = [
  "additionalProperties",
  "allOf",
  "anyOf",
  "const",
  "enum",
  "items",
  "oneOf",
  "patternProperties",
  "properties",
  "required",
  "type",
];
/** A branch with shaping keywords but none a type is made from (only `format`, `minItems`): an empty object type. */
function vacuous(branch: SchemaObject): boolean {
  const keys = Object.keys(branch).filter((k) => PASSED.has(k));
  return (
    keys.length > 0 &&
    branch.format !== "uint64" &&
    literalPrefix(branch) === undefined &&
    !keys.some((k) => RECOGNIZED.includes(k)) &&
    typeof branch.description !== "string" &&
    branch.deprecated !== true
  );
}

/** Unions and intersections, simplified as the generated types always have been. */
export function union(members: TypeNode[], raw = false): TypeNode {
  if (raw) return { kind: "union", members };
  if (members.some((m) => m.kind === "keyword" && m.top)) return topType;
  return { kind: "union", members: unique(members) };
}

function intersection(members: TypeNode[], raw = false): TypeNode {
  if (raw) return { kind: "intersection", members };
  const constrained = members.filter((m) => !(m.kind === "keyword" && m.top));
  const kept = constrained.length > 0 ? constrained : members;
  if (kept.some((m) => m.kind === "keyword" && m.top)) return topType;
  return { kind: "intersection", members: unique(kept) };
}

function unique(members: TypeNode[]): TypeNode[] {
  const seen = new Set<string>();
  return members.filter((m) => {
    const key = typeKey(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The same key is the same text (`unknown` that absorbs or not). */
export function typeKey(t: TypeNode): string {
  switch (t.kind) {
    case "keyword":
    case "ref":
      return t.name;
    case "literal":
      return `=${JSON.stringify(t.value)}`;
    case "template":
      return `\`${t.prefix}`;
    case "omit":
      return `O<${t.base},${JSON.stringify(t.keys)}>`;
    case "array":
      return `${typeKey(t.element)}[]`;
    case "tuple":
      return `[${t.elements.map(typeKey).join(",")}${t.rest ? `,...${typeKey(t.rest)}` : ""}]`;
    case "union":
    case "intersection":
      return `${t.kind === "union" ? `|${t.bare ?? ""}` : "&"}(${t.members.map(typeKey).join(",")})`;
    case "object":
      return `{${t.members.map((m) => `${JSON.stringify(m.name ?? null)}${m.optional ? "?" : ""}${JSON.stringify(m.docs ?? null)}:${typeKey(m.type)}`).join(";")}}`;
  }
}

/**
 * `T[]`. A union element is parenthesized: `(bigint | number)[]` (not `bigint | number[]`, an
 * array of numbers or one bigint).
 */
function array(element: TypeNode): TypeNode {
  return {
    kind: "array",
    element: element.kind === "union" && element.bare ? { kind: "union", members: element.members } : element,
  };
}

/** A tuple of `min` to `max` items: one tuple, or a union of one tuple per length. */
function tupleType(items: TypeNode[], rest: TypeNode | undefined, min: number, maxItems: number): TypeNode {
  const max = maxItems || -1;
  let spread = rest;
  const elements = [...items];
  if (min > 0 && min > elements.length && rest === undefined && max < 0) spread = topType;
  if (max > elements.length && rest === undefined) while (elements.length < max) elements.push(topType);
  if (elements.length <= min) return { kind: "tuple", elements, rest: spread };
  const tuples: TypeNode[] = [{ kind: "tuple", elements: elements.slice(0, min) }];
  for (let i = min; i < elements.length; i++)
    tuples.push({
      kind: "tuple",
      elements: elements.slice(0, i + 1),
      rest: i === elements.length - 1 ? spread : undefined,
    });
  return { kind: "union", bare: "tuple", members: tuples };
}

/**
 * A string pattern with a literal prefix (`^0x[0-9a-f]+$`) types as a template literal
 * (`` `0x${string}` ``), so a missing prefix is caught at compile time.
 */
export function literalPrefix(schema: SchemaObject): string | undefined {
  if (schema.type !== "string" || typeof schema.pattern !== "string" || schema.enum || schema.format === "uint64")
    return undefined;
  const prefix = /^\^([A-Za-z0-9_:-]+)/.exec(schema.pattern)?.[1];
  if (!prefix) return undefined;
  // A quantifier after the prefix (`^0x?`, `^ab*`) makes its last character optional.
  return /[?*{]/.test(schema.pattern.charAt(prefix.length + 1)) ? undefined : prefix;
}
