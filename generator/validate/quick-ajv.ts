/**
 * What quick-check.ts needs to answer exactly as ajv 8 does (draft-07, `strict: false`,
 * `allErrors: true`, formats not validated): the order in which ajv evaluates keywords, which
 * keywords it knows, the wording of its errors, and its tests of values (types, equality,
 * patterns). test/generator/validate/quick-check.test.ts
 * compares the tables with the ajv in node_modules, so an upgrade that changes them fails there.
 */

/** One error, as examples.ts reads ajv's: where in the value, and ajv's message. */
export interface QuickError {
  instancePath: string;
  message: string;
}

/**
 * ajv's rule groups, in its order of evaluation (not the schema's key order): keywords that apply
 * to any value first, then the groups that apply to numbers, strings, arrays, objects.
 */
export const RULE_GROUPS = {
  any: [
    "$comment",
    "id",
    "$ref",
    "type",
    "nullable",
    "const",
    "enum",
    "not",
    "anyOf",
    "oneOf",
    "allOf",
    "if",
    "then",
    "else",
  ],
  number: ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "format"],
  string: ["maxLength", "minLength", "pattern", "format"],
  array: ["maxItems", "minItems", "additionalItems", "items", "contains", "uniqueItems"],
  object: [
    "maxProperties",
    "minProperties",
    "required",
    "propertyNames",
    "additionalProperties",
    "dependencies",
    "properties",
    "patternProperties",
  ],
} as const;

export type TypedGroup = Exclude<keyof typeof RULE_GROUPS, "any">;

/** Keywords ajv has rules for (its `RULES.all`): a schema with one of these is not "always valid". */
export const RULES = new Set<string>(Object.values(RULE_GROUPS).flat());

/** Keywords ajv knows but that never make a value invalid here; every other unknown keyword is ignored by ajv too. */
export const ANNOTATIONS = [
  "$schema",
  "$defs",
  "$vocabulary",
  "definitions",
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
];

/** Keywords that change how ajv compiles (ids, async, nullable types): quick-check leaves those to ajv. */
export const UNSURE = new Set(["id", "$id", "$async", "nullable"]);

const LIMITS: Record<string, string> = { maximum: "<=", minimum: ">=", exclusiveMaximum: "<", exclusiveMinimum: ">" };

/** ajv's messages, keyword by keyword (numbers written as ajv's generated code writes them). */
export const say = {
  type: (type: unknown): string => `must be ${String(type)}`,
  falseSchema: "boolean schema is false",
  limit: (keyword: string, limit: number): string => `must be ${LIMITS[keyword]!} ${limit}`,
  multipleOf: (n: number): string => `must be multiple of ${n}`,
  length: (keyword: string, n: number): string =>
    `must NOT have ${keyword === "maxLength" ? "more" : "fewer"} than ${n} characters`,
  pattern: (pattern: string): string => `must match pattern "${pattern}"`,
  properties: (keyword: string, n: number): string =>
    `must NOT have ${keyword === "maxProperties" ? "more" : "fewer"} than ${n} properties`,
  required: (name: string): string => `must have required property '${name}'`,
  items: (keyword: string, n: number): string =>
    `must NOT have ${keyword === "maxItems" ? "more" : "fewer"} than ${n} items`,
  additionalItems: (n: number): string => `must NOT have more than ${n} items`,
  unique: (i: number, j: number): string => `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
  const: "must be equal to constant",
  enum: "must be equal to one of the allowed values",
  not: "must NOT be valid",
  anyOf: "must match a schema in anyOf",
  oneOf: "must match exactly one schema in oneOf",
  if: (clause: "then" | "else"): string => `must match "${clause}" schema`,
  propertyNames: "property name must be valid",
  additionalProperties: "must NOT have additional properties",
  dependencies: (property: string, deps: string[]): string =>
    `must have ${deps.length === 1 ? "property" : "properties"} ${deps.join(", ")} when property ${property} is present`,
  contains: "must contain at least 1 valid item(s)",
};

const isNumber = (v: unknown): boolean => typeof v === "number";
const isString = (v: unknown): boolean => typeof v === "string";
const isMap = (v: unknown): boolean => v !== null && typeof v === "object" && !Array.isArray(v);
const isSchema = (v: unknown): boolean => typeof v === "boolean" || isMap(v);
const isList = (v: unknown): boolean => Array.isArray(v) && v.every(isSchema);
const isSchemaMap = (v: unknown): boolean => isMap(v) && Object.values(v as object).every(isSchema);

/**
 * The kind of value each keyword takes, as ajv checks it when compiling; a keyword with another
 * kind of value (where ajv would throw, or treat it oddly) is left to ajv.
 */
export const KEYWORD_VALUES: Record<string, (v: unknown) => boolean> = {
  ...Object.fromEntries(["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"].map((k) => [k, isNumber])),
  // What the draft-07 meta-schema allows (ajv refuses the document otherwise).
  multipleOf: (v) => isNumber(v) && (v as number) > 0,
  ...Object.fromEntries(
    ["maxLength", "minLength", "maxProperties", "minProperties", "maxItems", "minItems"].map((k) => [
      k,
      (v: unknown) => Number.isInteger(v) && (v as number) >= 0,
    ]),
  ),
  $ref: isString,
  pattern: isString,
  format: isString,
  required: (v) => Array.isArray(v) && v.every(isString),
  enum: (v) => Array.isArray(v) && v.length > 0,
  uniqueItems: (v) => typeof v === "boolean",
  ...Object.fromEntries(
    ["not", "if", "then", "else", "contains", "propertyNames", "additionalProperties", "additionalItems"].map((k) => [
      k,
      isSchema,
    ]),
  ),
  items: (v) => isSchema(v) || isList(v),
  anyOf: isList,
  oneOf: isList,
  allOf: isList,
  properties: isSchemaMap,
  patternProperties: isSchemaMap,
  dependencies: (v) =>
    isMap(v) && Object.values(v as object).every((d) => isSchema(d) || (Array.isArray(d) && d.every(isString))),
};

/** A JSON pointer token, as ajv writes it in `instancePath`. */
export function pointer(token: string | number): string {
  return `/${String(token).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

export const TYPES: Record<string, (v: unknown) => boolean> = {
  null: (v) => v === null,
  boolean: (v) => typeof v === "boolean",
  number: (v) => typeof v === "number" && Number.isFinite(v),
  integer: (v) => typeof v === "number" && Number.isInteger(v),
  string: (v) => typeof v === "string",
  array: (v) => Array.isArray(v),
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
};
export const has = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
/** Names ajv finds on every object (it tests `data[name] !== undefined`): left to ajv. */
export const inherited = (name: string): boolean => name in Object.prototype;

/** Whether ajv skips `schema` as one that accepts everything (no keyword with a rule). */
export function alwaysValid(schema: unknown): boolean {
  if (typeof schema === "boolean") return schema;
  return Object.keys(schema as object).every((k) => !RULES.has(k));
}

const patterns = new Map<string, RegExp | undefined>();

/** ajv's test of `pattern` (a unicode RegExp); `undefined` when the pattern does not compile. */
export function matches(pattern: string, text: string): boolean | undefined {
  if (!patterns.has(pattern)) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(pattern, "u");
    } catch {
      re = undefined;
    }
    patterns.set(pattern, re);
  }
  return patterns.get(pattern)?.test(text);
}

/** JSON equality, as ajv's `enum`/`const`/`uniqueItems` compare. */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => equal(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => has(b as object, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
