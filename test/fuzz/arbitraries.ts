/**
 * fast-check arbitraries of OpenRPC documents, for the fuzz suite (./documents.test.ts). Built on
 * the schema vocabulary normalize produces (generator/model/schema.ts): `SCHEMA_KINDS` has one
 * arbitrary per node kind, typed against the vocabulary, so a kind added to the model without an
 * arbitrary here does not compile. What real documents bring beside it (the flaws the reading
 * policy has fallbacks for: generator/policy/rules.ts) are `FLAWS`, applied on top; names come
 * from a pool of hostile ones (reserved words, Object.prototype's members, dots, spaces, unicode,
 * names equal after case changes); a document is laid out in one JSON or YAML file, or split over
 * several files that refer to each other and to themselves.
 *
 * The schemas are kept satisfiable (the suite checks that the mock answers every method with a
 * value valid by the document, which no value can be for an unsatisfiable result): bounds are
 * ordered, `false` sits only where a value may be absent, `allOf` merges objects, `oneOf` branches
 * take distinct types.
 */
import fc from "fast-check";
import type { SchemaNode } from "../../generator/model/schema.js";

/** A name as a JSON pointer token (RFC 6901). */
export const token = (name: string): string => name.replace(/~/g, "~0").replace(/\//g, "~1");

type Json = unknown;
type Schema = Json;

/** Names a document gives: plain, reserved, Object.prototype's, punctuated, unicode, and twins after case changes. */
export const hostileName: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom("getBlock", "eth_call", "list_things", "Ack", "value", "id", "data", "result", "params"),
  },
  { weight: 1, arbitrary: fc.constantFrom("options", "callOptions", "call", "core", "request", "batch", "close") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "class",
      "default",
      "delete",
      "new",
      "function",
      "this",
      "void",
      "typeof",
      "enum",
      "await",
      "let",
      "static",
      "interface",
      "type",
      "any",
      "unknown",
      "never",
      "string",
      "undefined",
      "null",
      "Promise",
      "Record",
      "Error",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "toString",
      "valueOf",
      "hasOwnProperty",
      "isPrototypeOf",
      "propertyIsEnumerable",
      "toLocaleString",
      "__defineGetter__",
      "prototype",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "a.b",
      "foo.bar.baz",
      "with space",
      " padded ",
      "kebab-case",
      "1starts",
      "$dollar",
      "@at",
      "x/y",
      "a~b",
      "größe",
      "名前",
      "Ракета",
      "שם",
      "emoji😀",
      "zero\u200bwidth",
      "*/",
      "`tick`",
      '"quote"',
      "",
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom("fooBar", "FooBar", "foo_bar", "FOO_BAR", "foobar", "foo-bar") },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 10, unit: "grapheme" }) },
);

/** Patterns: plain, with classes and groups, ones valid only without the u flag; never catastrophic here (see FLAWS). */
const pattern = fc.constantFrom("^0x[0-9a-f]+$", "^[a-z]{2,5}$", "^(foo|bar)-\\d+$", "\\d", "^[^\\s]*$", "^\\-?\\d+$");

interface Context {
  /** Component names a `$ref` may name. */
  refs: readonly string[];
}

/** A number pair with the smaller first. */
const ordered = (max: number) =>
  fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)]);

const annotations = fc.record(
  {
    description: fc.constantFrom("A value.", "Has `code` and *markdown*.", "Line one.\n\nLine two. */ // <b>"),
    title: hostileName,
  },
  { requiredKeys: [] },
);

/**
 * One arbitrary per kind of the model's schema nodes: what JSON Schema gives a node of that kind.
 * `inner` is the schema arbitrary for nested schemas (depth-bounded by the caller).
 */
export function schemaKinds(
  ctx: Context,
  inner: fc.Arbitrary<Schema>,
): Record<SchemaNode["kind"], fc.Arbitrary<Schema>> {
  const properties = fc.dictionary(hostileName, inner, { maxKeys: 4 });
  return {
    ref:
      ctx.refs.length === 0
        ? fc.constant({})
        : fc.constantFrom(...ctx.refs).map((n) => ({ $ref: `#/components/schemas/${token(n)}` })),
    object: fc
      .record(
        {
          properties,
          additionalProperties: fc.oneof(fc.boolean(), inner),
          // Patterns for keys beside the declared ones (a pattern matching a declared name adds its schema to that
          // property's, which can make a required property no value fits).
          patternProperties: fc.dictionary(fc.constantFrom("^x-[a-z]+$", "^[0-9]+$", "^ext\\."), inner, { maxKeys: 1 }),
          minProperties: fc.constant(0),
          extraRequired: fc.constantFrom([], ["notDeclared"]),
          requiredShare: fc.integer({ min: 0, max: 3 }),
        },
        { requiredKeys: ["properties", "requiredShare", "extraRequired"] },
      )
      .map(({ requiredShare, extraRequired, ...s }) => {
        const names = Object.keys(s.properties);
        const required = names.filter((_, i) => i < requiredShare);
        // A name only in `required` must still be possible: not with additionalProperties: false.
        const extra = s.additionalProperties === false ? [] : extraRequired;
        return {
          type: "object",
          ...s,
          ...(required.length + extra.length > 0 ? { required: [...required, ...extra] } : {}),
        };
      }),
    array: fc.tuple(inner, ordered(3), fc.boolean()).map(([items, [min, max], unique]) => ({
      type: "array",
      items,
      minItems: min,
      maxItems: max,
      ...(unique ? { uniqueItems: true } : {}),
    })),
    tuple: fc
      .tuple(fc.array(inner, { minLength: 1, maxLength: 3 }), fc.oneof(fc.constant(undefined), fc.boolean(), inner))
      .map(([items, additionalItems]) => ({
        type: "array",
        items,
        ...(additionalItems === undefined ? {} : { additionalItems }),
      })),
    union: fc.oneof(
      fc
        .uniqueArray(fc.constantFrom("string", "integer", "boolean", "null", "array", "object"), {
          minLength: 2,
          maxLength: 3,
        })
        .map((types) => ({ type: types })),
      fc
        .tuple(fc.constantFrom("oneOf", "anyOf"), fc.constantFrom("string", "integer", "boolean"), inner)
        .map(([rule, type, other]) => ({ [rule]: [{ type }, rule === "anyOf" ? other : { type: "null" }] })),
      fc.tuple(inner, inner).map(([a, b]) => ({ anyOf: [a, b] })),
    ),
    allOf: fc
      .array(properties, { minLength: 1, maxLength: 3 })
      .map((parts) => ({ allOf: parts.map((p) => ({ type: "object", properties: p })) })),
    not: fc.constantFrom("string", "integer", "null").map((type) => ({ not: { type } })),
    enum: fc.oneof(
      fc
        .uniqueArray(fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.boolean()), {
          minLength: 1,
          maxLength: 4,
          comparator: (a, b) => JSON.stringify(a) === JSON.stringify(b),
        })
        .map((values) => ({ enum: values })),
      fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean()).map((value) => ({ const: value })),
      fc.uniqueArray(hostileName, { minLength: 1, maxLength: 3 }).map((values) => ({ type: "string", enum: values })),
    ),
    string: fc
      .record(
        {
          format: fc.constantFrom("date-time", "uri", "email", "uuid", "hex", "byte", "ipv4"),
          pattern,
          lengths: ordered(12),
        },
        { requiredKeys: [] },
      )
      .map(({ lengths, format, pattern: p }) => ({
        type: "string",
        // A format and a pattern or lengths together may ask for what no string is: one of them.
        ...(format
          ? { format }
          : p
            ? { pattern: p }
            : lengths
              ? { minLength: lengths[0]!, maxLength: lengths[1]! + 8 }
              : {}),
      })),
    integer: fc.oneof(
      ordered(1_000).map(([minimum, maximum]) => ({ type: "integer", minimum, maximum })),
      fc.constant({ type: "integer", format: "uint64" }),
      fc.constant({ type: "string", format: "uint64" }),
      // draft-04's boolean exclusive bounds
      fc.constant({ type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true }),
    ),
    number: fc.oneof(
      fc.constant({ type: "number" }),
      fc.constant({ type: "number", minimum: -1.5, maximum: 2.5, multipleOf: 0.5 }),
    ),
    boolean: fc.constant({ type: "boolean" }),
    null: fc.constant({ type: "null" }),
    unknown: fc.oneof(fc.constant(true), fc.constant({}), annotations),
    never: fc.constant({ type: "object", properties: { gone: false } }),
  };
}

/** A schema of at most `depth` levels, over every kind of the vocabulary. */
export function schemaArbitrary(ctx: Context, depth = 3): fc.Arbitrary<Schema> {
  const leaf = fc.oneof(
    fc.constant({ type: "string" }),
    fc.constant({ type: "integer" }),
    fc.constant({ type: "boolean" }),
    fc.constant(true),
  );
  if (depth === 0) return leaf;
  const kinds = schemaKinds(ctx, schemaArbitrary(ctx, depth - 1));
  return fc
    .tuple(fc.oneof(...Object.values(kinds)), fc.option(annotations, { nil: undefined }))
    .map(([schema, notes]) =>
      notes && schema !== null && typeof schema === "object" ? { ...notes, ...schema } : schema,
    );
}

/**
 * What real documents bring that the reading policy has a fallback for (generator/policy/rules.ts),
 * each an edit of a generated document. The fuzz suite applies a random subset to each document.
 */
export const FLAWS: Record<string, (doc: Doc, pick: number) => void> = {
  "required after optional": (doc) => {
    const m = doc.methods[0]!;
    m.paramStructure = "by-position";
    m.params = [
      { name: "opt", schema: { type: "string" } },
      { name: "req", required: true, schema: { type: "integer" } },
    ];
  },
  "duplicate param": (doc) => {
    const m = doc.methods[0]!;
    m.params = [
      ...m.params,
      { name: "twice", schema: { type: "string" } },
      { name: "twice", schema: { type: "integer" } },
    ];
  },
  "duplicate method": (doc) => doc.methods.push({ ...doc.methods[0]!, params: [] }),
  "dangling ref": (doc) => {
    doc.methods[0]!.result = { name: "r", schema: { $ref: "#/components/schemas/NotThere" } };
  },
  "dangling param ref": (doc) => doc.methods[0]!.params.push({ $ref: "#/components/contentDescriptors/Missing" }),
  "remote ref": (doc) => {
    doc.components.schemas.Remote = { $ref: "https://example.com/schemas.json#/Block" };
  },
  "alias cycle": (doc) => {
    doc.components.schemas.Ping = { $ref: "#/components/schemas/Pong" };
    doc.components.schemas.Pong = { $ref: "#/components/schemas/Ping" };
    doc.methods[0]!.result = { name: "r", schema: { $ref: "#/components/schemas/Ping" } };
  },
  "self reference": (doc) => {
    doc.components.schemas.Loop = { anyOf: [{ $ref: "#/components/schemas/Loop" }, { type: "null" }] };
    doc.methods[0]!.result = { name: "r", schema: { $ref: "#/components/schemas/Loop" } };
  },
  "catastrophic pattern": (doc) => {
    doc.methods[0]!.params.push({ name: "pat", schema: { type: "string", pattern: "^(a+)+$" } });
  },
  "invalid pattern": (doc) => {
    doc.components.schemas.Bad = { type: "string", pattern: "[unclosed" };
  },
  "embedded definitions": (doc) => {
    doc.components.schemas.Outer = {
      type: "object",
      properties: { inner: { $ref: "#/definitions/Inner" } },
      definitions: { Inner: { type: "string" } },
    };
    doc.methods[0]!.result = { name: "r", schema: { $ref: "#/components/schemas/Outer" } };
  },
  nullable: (doc, pick) => {
    const schema = [
      { type: "string", nullable: true },
      { $ref: "#/components/schemas/Base", nullable: true },
      { nullable: true },
      { type: "object", properties: { nullable: { type: "boolean" } }, nullable: true },
    ][pick % 4];
    doc.components.schemas.Base = { type: "integer" };
    doc.methods[0]!.result = { name: "r", schema };
  },
  "missing params": (doc) => {
    delete (doc.methods[0] as Partial<Method>).params;
  },
  "missing info": (doc) => {
    delete (doc as Partial<Doc>).info;
  },
  "odd openrpc version": (doc, pick) => {
    (doc as { openrpc?: unknown }).openrpc = ["1.0.0-rc1", "1.0.0", "1.1.12", "1.2", "2.0.0", 3][pick % 6];
  },
  "unknown member": (doc) => {
    (doc.methods[0] as Record<string, unknown>).handler = "fn";
  },
  "param without schema": (doc) => doc.methods[0]!.params.push({ name: "bare" }),
  "wrong type": (doc) => {
    (doc.methods[0] as Record<string, unknown>).deprecated = "yes";
  },
  "error without code": (doc) => {
    (doc.methods[0] as Record<string, unknown>).errors = [{ message: "no code" }, { code: 1, message: "fine" }];
  },
  "bad extension": (doc) => {
    (doc.methods[0] as Record<string, unknown>)["x-limits"] = "none";
  },
  "no result": (doc) => {
    delete doc.methods[0]!.result;
  },
  "example that does not fit": (doc) => {
    doc.methods[0]!.examples = [{ name: "wrong", params: [], result: { name: "r", value: { surely: "not this" } } }];
  },
};

export interface Method {
  name: string;
  params: Json[];
  result?: Json;
  paramStructure?: string;
  examples?: Json[];
  [key: string]: unknown;
}
export interface Doc {
  openrpc: string;
  info: { title: string; version: string };
  methods: Method[];
  components: { schemas: Record<string, Json> };
}

const contentDescriptor = (ctx: Context) =>
  fc.record(
    {
      name: hostileName,
      required: fc.boolean(),
      schema: schemaArbitrary(ctx, 2),
      description: fc.constant("A param."),
    },
    { requiredKeys: ["name", "schema"] },
  );

const method = (ctx: Context) =>
  fc.record(
    {
      name: hostileName,
      params: fc.array(contentDescriptor(ctx), { maxLength: 4 }),
      result: fc.record({ name: hostileName, schema: schemaArbitrary(ctx, 3) }),
      paramStructure: fc.constantFrom("by-name", "by-position", "either"),
      summary: fc.constantFrom("Gets a thing.", "Has `code`, a */ and a <tag>."),
      "x-idempotent": fc.boolean(),
    },
    { requiredKeys: ["name", "params"] },
  );

/** Component names: the pool's, made distinct (a name twice is one key). */
const componentNames = fc.uniqueArray(hostileName, { maxLength: 5 }).map((names) => names.filter((n) => n !== ""));

/** A document: components whose schemas may refer to each other (and themselves through properties), and 1–4 methods. */
export const documentArbitrary: fc.Arbitrary<Doc> = componentNames.chain((names) => {
  const ctx = { refs: names };
  return fc.record({
    openrpc: fc.constantFrom("1.2.6", "1.3.2", "1.2.4", "1.4.0"),
    info: fc.record({ title: hostileName, version: fc.constant("1.0.0") }),
    // At least one method with a name: a document whose every method is nameless has none to generate (rule no-methods, fatal).
    methods: (fc.array(method(ctx), { minLength: 1, maxLength: 4 }) as fc.Arbitrary<Method[]>).map((methods) =>
      methods.some((m) => m.name !== "") ? methods : [{ ...methods[0]!, name: "getBlock" }, ...methods.slice(1)],
    ),
    components: fc.record({
      schemas: fc.tuple(...names.map(() => schemaArbitrary(ctx, 3))).map((schemas) => {
        const out: Record<string, Json> = {};
        names.forEach((n, i) =>
          Object.defineProperty(out, n, { value: schemas[i], enumerable: true, writable: true, configurable: true }),
        );
        return out;
      }),
    }),
  });
});

/** How a document is laid out on disk. */
export type Layout = "json" | "yaml" | "split";

/** A document with flaws applied and a layout: what the suite writes and reads. */
export interface Case {
  doc: Doc;
  flaws: string[];
  layout: Layout;
}

export const caseArbitrary: fc.Arbitrary<Case> = fc
  .record({
    doc: documentArbitrary,
    flaws: fc.subarray(Object.keys(FLAWS), { maxLength: 4 }),
    pick: fc.nat(100),
    layout: fc.constantFrom<Layout>("json", "json", "yaml", "split"),
  })
  .map(({ doc, flaws, pick, layout }) => {
    const copy = structuredClone(doc);
    for (const flaw of flaws) FLAWS[flaw]!(copy, pick);
    return { doc: copy, flaws, layout };
  });
