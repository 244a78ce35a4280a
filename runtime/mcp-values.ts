/**
 * Values between an MCP client and the typed client, led by the tool's own JSON Schema (made by
 * the generator's generator/model/json-schema.ts): a u64 place is a schema whose `$comment` is
 * U64_COMMENT. Arguments: decimal strings at u64 places become `bigint`s, which the client's
 * validators and exact JSON writer take. Results: `bigint`s, and numbers at u64 places, become
 * decimal strings, so every reader gets every digit and the result matches the `outputSchema`.
 * Every copy keeps a key named `__proto__` as an own property and never reads an inherited one.
 */

/** A tool's JSON Schema, as the generated tool tables hold it (the subset json-schema.ts writes). */
export type ToolSchema = { readonly [keyword: string]: unknown };

/** `$comment` of a u64 place: the generator writes the same text (generator/model/json-schema.ts U64_COMMENT). */
export const U64_COMMENT = "uint64 as a decimal string";

/** A decimal string a u64 can be: 1 to 20 digits. */
const DECIMAL = /^[0-9]{1,20}$/;
const U64_MAX = 18446744073709551615n;

type Leaf = (value: unknown) => unknown;

/** Arguments with the decimal strings at u64 places as `bigint`s (a string out of range is left for the validator to refuse). */
export function argumentsToParams(
  args: Readonly<Record<string, unknown>>,
  schema: ToolSchema,
): Record<string, unknown> {
  const leaf: Leaf = (v) => (typeof v === "string" && DECIMAL.test(v) && BigInt(v) <= U64_MAX ? BigInt(v) : v);
  return walk(args, [schema], schema, leaf, false) as Record<string, unknown>;
}

/** A result as JSON for an MCP client: every `bigint`, and every number at a u64 place, as a decimal string; secrets hidden by `hide`. */
export function resultToStructured(value: unknown, schema: ToolSchema, hide: (text: string) => string): unknown {
  const leaf: Leaf = (v) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? String(v) : v);
  return walk(value, [schema], schema, leaf, true, hide);
}

/** Whether a schema says anything about u64 places (else a walk only copies). */
export function hasU64(schema: ToolSchema): boolean {
  return JSON.stringify(schema).includes(JSON.stringify(U64_COMMENT));
}

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

const own = (record: unknown, key: string): unknown =>
  isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined;

/** Sets `key` as an own property (also `__proto__`). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * The schemas that apply to a value, with references (`#/$defs/X` of `root`), `anyOf` and `allOf`
 * followed: a u64 place in any member counts. Each schema once (a loop of references ends).
 */
function applying(schemas: readonly unknown[], root: ToolSchema): ToolSchema[] {
  const out: ToolSchema[] = [];
  const stack = [...schemas];
  while (stack.length > 0) {
    const s = stack.pop();
    if (!isRecord(s) || out.includes(s)) continue;
    out.push(s);
    const ref = own(s, "$ref");
    if (typeof ref === "string" && ref.startsWith("#/$defs/"))
      stack.push(own(own(root, "$defs"), ref.slice(8).replace(/~1/g, "/").replace(/~0/g, "~")));
    for (const key of ["anyOf", "allOf"]) {
      const members = own(s, key);
      if (Array.isArray(members)) stack.push(...(members as unknown[]));
    }
  }
  return out;
}

/** The schemas of `key`'s value in an object under `schemas`: its property, matching patterns, or the additional schema. */
function propertySchemas(schemas: readonly ToolSchema[], key: string): unknown[] {
  const out: unknown[] = [];
  for (const s of schemas) {
    const declared = own(own(s, "properties"), key);
    let matched = declared !== undefined;
    if (declared !== undefined) out.push(declared);
    const patterns = own(s, "patternProperties");
    if (isRecord(patterns))
      for (const pattern of Object.keys(patterns))
        if (new RegExp(pattern, "u").test(key)) {
          matched = true;
          out.push(patterns[pattern]);
        }
    if (!matched) out.push(own(s, "additionalProperties"));
  }
  return out;
}

/** The schemas of item `index` of an array under `schemas` (`prefixItems`, else `items`). */
function itemSchemas(schemas: readonly ToolSchema[], index: number): unknown[] {
  return schemas.map((s) => {
    const prefix = own(s, "prefixItems");
    return Array.isArray(prefix) && index < prefix.length ? prefix[index] : own(s, "items");
  });
}

/** A copy of `value` with `leaf` applied at u64 places (and, for results, bigints as strings and secrets hidden). */
function walk(
  value: unknown,
  schemas: readonly unknown[],
  root: ToolSchema,
  leaf: Leaf,
  out: boolean,
  hide?: (text: string) => string,
): unknown {
  const here = applying(schemas, root);
  let v = here.some((s) => own(s, "$comment") === U64_COMMENT) ? leaf(value) : value;
  if (out && typeof v === "bigint") v = v.toString();
  if (typeof v === "string") return hide ? hide(v) : v;
  if (Array.isArray(v)) return v.map((item, i) => walk(item, itemSchemas(here, i), root, leaf, out, hide));
  if (v === null || typeof v !== "object") return v;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const item = (v as Record<string, unknown>)[key];
    if (item === undefined) continue;
    put(copy, hide ? hide(key) : key, walk(item, propertySchemas(here, key), root, leaf, out, hide));
  }
  return copy;
}
