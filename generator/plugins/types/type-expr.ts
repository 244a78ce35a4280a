/**
 * Schema nodes (generator/model/schema.ts) → a tree of TypeScript type expressions (type-node.ts,
 * printed by type-print.ts). The mapping the generated types have always had: objects are closed
 * unless `additionalProperties` says otherwise (type-object.ts), tuples stay open unless
 * `additionalItems: false`, `minItems`/`maxItems` up to 20 make tuple unions, an exact-u64
 * integer is a `bigint`, a string pattern with a literal prefix a template type. Names come only
 * from the model: a reference is the name normalize gave its target.
 */
import type { AllOfNode, ArrayNode, ObjectNode, SchemaDefinitions, SchemaNode, TupleNode } from "../../model/schema.js";
import { objectKeys } from "../../model/schema.js";
import { literalPrefix } from "./type-docs.js";
import { objectType } from "./type-object.js";
import { arrayOf, intersection, keyword, topType, union, unknownType, type TypeNode } from "./type-node.js";

export type { DocComment, Member, TypeNode } from "./type-node.js";

export interface Context {
  /** Inside params only: u64 accepts `number | bigint`. */
  requestOnly: boolean;
  definitions: SchemaDefinitions;
  /** Name of the interface being declared (named in pattern-property comments). */
  owner?: string;
  /** Inside a tuple: unions and intersections are written as they are, not simplified (as they always were). */
  raw?: boolean;
}

/** The most items a tuple is spelled out for (`maxItems` above this gives an array). */
const MAX_TUPLE = 20;

/** The type a node describes. */
export function typeOf(node: SchemaNode, context: Context): TypeNode {
  // Only an object declared as an interface is named in its pattern-property comments.
  const ctx = node.kind === "object" || context.owner === undefined ? context : { ...context, owner: undefined };
  switch (node.kind) {
    case "ref":
      return { kind: "ref", name: node.name };
    case "unknown":
    case "not":
      return unknownType;
    case "never":
      return keyword("never");
    case "boolean":
    case "null":
    case "number":
      return keyword(node.kind);
    case "integer":
      if (!node.u64) return keyword("number");
      return ctx.requestOnly
        ? { kind: "union", bare: "custom", members: [keyword("bigint"), keyword("number")] }
        : keyword("bigint");
    case "string": {
      const prefix = literalPrefix(node);
      return prefix === undefined ? keyword("string") : { kind: "template", prefix };
    }
    case "enum":
      return union(
        node.values.map((value) => (value === null ? keyword("null") : { kind: "literal", value })),
        ctx.raw,
      );
    case "union":
      return union(
        node.members.map((m) => typeOf(m, ctx)),
        ctx.raw,
      );
    case "allOf":
      return intersection(allOfMembers(node, ctx), ctx.raw);
    case "object":
      return objectType(node, ctx, typeOf);
    case "array":
      return arrayType(node, ctx);
    case "tuple":
      return tupleNodeType(node, ctx);
  }
}

/**
 * `allOf: [Base, { properties: { x: … } }]` narrows `x` of Base. As `Base & { x: … }` TypeScript
 * would intersect the two `x` types, so the overridden keys are left out: `Omit<Base, "x"> & { x: … }`.
 * A key Base declares optional and another member requires (`required: ["y"]` beside or without
 * properties) is required here: `Base & Required<Pick<Base, "y">>`. Members a type cannot say
 * anything about (`not`, a bare `type: "object"`, an array of unknown items beside other members,
 * an object that only requires keys a base declares) are left out.
 */
function allOfMembers(node: AllOfNode, ctx: Context): TypeNode[] {
  const objects = node.members.filter((m) => m.kind === "object");
  const overridden = new Set(objects.flatMap((m) => m.properties.map((p) => p.name)));
  const demanded = new Set(
    objects.flatMap((m) => [...m.properties.filter((p) => p.required).map((p) => p.name), ...m.requiredOnly]),
  );
  // A key the base requires (or another member demands) stays required where it is narrowed.
  const required = new Set([...overridden].filter((k) => demanded.has(k)));
  const omits = new Map<SchemaNode, string[]>();
  const lifts = new Map<SchemaNode, string[]>();
  const baseKeys = new Set<string>();
  for (const member of node.members) {
    const keys = member.kind === "ref" ? objectKeys(member, ctx.definitions) : undefined;
    if (!keys) continue;
    for (const [name, key] of keys) {
      baseKeys.add(name);
      if (overridden.has(name) && key.required) required.add(name);
    }
    const omit = [...keys.keys()].filter((k) => overridden.has(k));
    if (omit.length > 0) omits.set(member, omit.sort());
    const lift = [...keys].filter(([k, key]) => !key.required && !overridden.has(k) && demanded.has(k));
    if (lift.length > 0) lifts.set(member, lift.map(([k]) => k).sort());
  }
  const kept = node.members.filter((m) => !vacuous(m) && !(m.kind === "object" && onlyRequires(m, baseKeys)));
  return (kept.length > 0 ? kept : node.members.slice(0, 1)).flatMap((member): TypeNode[] => {
    const omit = omits.get(member);
    const lift = lifts.get(member);
    const liftNode: TypeNode[] =
      member.kind === "ref" && lift ? [{ kind: "requiredPick", base: member.name, keys: lift }] : [];
    if (member.kind === "ref" && omit) return [{ kind: "omit", base: member.name, keys: omit }, ...liftNode];
    if (member.kind !== "object" || required.size === 0) return [typeOf(member, ctx), ...liftNode];
    const properties = member.properties.map((p) => (required.has(p.name) ? { ...p, required: true } : p));
    return [typeOf({ ...member, properties }, ctx)];
  });
}

/** An object member that only requires keys the bases declare (what it says is in `Required<Pick<…>>`). */
function onlyRequires(node: ObjectNode, baseKeys: ReadonlySet<string>): boolean {
  return (
    node.properties.length === 0 &&
    node.patterns.length === 0 &&
    node.additional === undefined &&
    node.minProperties === undefined &&
    node.maxProperties === undefined &&
    node.requiredOnly.length > 0 &&
    node.requiredOnly.every((k) => baseKeys.has(k))
  );
}

/** A member of an intersection that adds nothing TypeScript can say. */
function vacuous(node: SchemaNode): boolean {
  if (node.kind === "not") return true;
  if (node.kind === "array") return node.items === undefined;
  if (node.kind === "object")
    return (
      node.properties.length === 0 &&
      node.patterns.length === 0 &&
      node.requiredOnly.length === 0 &&
      (node.additional === undefined || node.additional.kind === "never")
    );
  return false;
}

/** `maxItems` when a tuple is spelled out for it (at most MAX_TUPLE more than `minItems`). */
function tupleLimits(node: ArrayNode | TupleNode): { min: number; max: number | undefined } {
  const min = node.minItems ?? 0;
  const max = node.maxItems !== undefined && node.maxItems - min <= MAX_TUPLE ? node.maxItems : undefined;
  return { min, max };
}

/** An array: `T[]`, or tuples of `minItems` to `maxItems` items. */
function arrayType(node: ArrayNode, ctx: Context): TypeNode {
  const { min, max } = tupleLimits(node);
  if (node.items === undefined) {
    if (min > 0 || max !== undefined)
      return tupleType(
        Array.from({ length: Math.max(max ?? -1, min) }, () => topType),
        max === undefined ? topType : undefined,
        min,
        max ?? -1,
      );
    return arrayOf(topType);
  }
  if (max === undefined && min === 0) return arrayOf(typeOf(node.items, ctx));
  // Everything inside a tuple is written as given.
  const element = typeOf(node.items, { ...ctx, raw: true });
  const length = max || min || 0;
  return tupleType(
    Array.from({ length }, () => element),
    max === undefined ? element : undefined,
    min,
    max ?? -1,
  );
}

function tupleNodeType(node: TupleNode, ctx: Context): TypeNode {
  const { min, max } = tupleLimits(node);
  const inner = { ...ctx, raw: true };
  const items = max !== undefined && max < node.items.length ? node.items.slice(0, max) : node.items;
  const rest = node.rest === undefined ? topType : node.rest.kind === "never" ? undefined : typeOf(node.rest, inner);
  return tupleType(
    items.map((i) => typeOf(i, inner)),
    rest,
    min,
    max ?? -1,
  );
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
