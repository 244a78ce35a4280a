/**
 * Validator combinators of runtime/validate.ts: every combinator, with the exact issue objects
 * (path, rule, message, received) each one reports.
 */
import { describe, expect, it } from "vitest";
import {
  allOf,
  anyOf,
  array,
  hideValues,
  multipleOf,
  propertyCount,
  uniqueItems,
  boolean,
  lazy,
  literal,
  never,
  not,
  nul,
  integer,
  number,
  object,
  string,
  tagged,
  tuple,
  uint64,
  unknown,
  type Issue,
  type Validator,
} from "../../runtime/validate.js";
import { explain, labelOf, shown, typeOf, typesOf } from "../../runtime/validate-explain.js";
import { ValidationError } from "../../runtime/validation-error.js";

interface Row {
  name: string;
  given: { validator: Validator; value: unknown };
  want: { ok: boolean; issues: Issue[] };
}

const P = "params.x";
const issue = (rule: string, message: string, received: string, path = P): Issue => ({ path, rule, message, received });
const ok = (name: string, validator: Validator, value: unknown): Row => ({
  name,
  given: { validator, value },
  want: { ok: true, issues: [] },
});
const bad = (name: string, validator: Validator, value: unknown, ...issues: Issue[]): Row => ({
  name,
  given: { validator, value },
  want: { ok: false, issues },
});

/** The value below `root` at an issue's path (`params.x.a[1]["b-c"]`). */
function at(root: unknown, path: string): unknown {
  let value = root;
  for (const m of path.slice(P.length).matchAll(/\.([\w$]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    const key = m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string));
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** Every issue shows the value found at its path (when there was one), as `shown` writes it. */
function withValue(issue: Issue, root: unknown): Issue {
  const text = issue.received === "undefined" ? undefined : shown(at(root, issue.path));
  return text === undefined ? issue : { ...issue, value: text };
}

function run(row: Row): void {
  const issues: Issue[] = [];
  const result = explain(row.given.validator, row.given.value, P, issues);
  expect(issues).toEqual(row.want.issues.map((i) => withValue(i, row.given.value)));
  expect(result).toBe(row.want.ok);
  // The fast check (no paths, no messages) agrees with the full one.
  expect(row.given.validator.is(row.given.value)).toBe(row.want.ok);
}

const U64_MAX = 18446744073709551615n;

describe("typeOf", () => {
  it.each([
    { name: "null", given: null, want: "null" },
    { name: "array", given: [1], want: "array" },
    { name: "integer", given: 3, want: "integer" },
    { name: "integral float is an integer", given: 3.0, want: "integer" },
    { name: "fraction", given: 3.5, want: "number" },
    { name: "NaN", given: Number.NaN, want: "number" },
    { name: "bigint", given: 1n, want: "bigint" },
    { name: "string", given: "s", want: "string" },
    { name: "object", given: {}, want: "object" },
    { name: "undefined", given: undefined, want: "undefined" },
    { name: "boolean", given: false, want: "boolean" },
  ])("$name", ({ given, want }) => {
    expect(typeOf(given)).toBe(want);
  });
});

describe("unknown, never, boolean, nul", () => {
  it.each<Row>([
    ok("unknown takes an object", unknown, { a: 1 }),
    ok("unknown takes undefined", unknown, undefined),
    bad("never rejects anything", never, 0, issue("false", "must not be present", "integer")),
    bad("never rejects null", never, null, issue("false", "must not be present", "null")),
    ok("boolean true", boolean, true),
    ok("boolean false", boolean, false),
    bad("boolean rejects the string 'true'", boolean, "true", issue("type", "must be a boolean", "string")),
    bad("boolean rejects 0", boolean, 0, issue("type", "must be a boolean", "integer")),
    ok("nul takes null", nul, null),
    bad("nul rejects undefined", nul, undefined, issue("type", "must be null", "undefined")),
    bad("nul rejects an empty string", nul, "", issue("type", "must be null", "string")),
  ])("$name", run);
});

describe("string", () => {
  const hex = string({ pattern: /^0x[0-9a-f]+$/ });
  const len = string({ minLength: 2, maxLength: 4 });
  it.each<Row>([
    ok("plain string", string(), "anything"),
    ok("empty string without bounds", string(), ""),
    bad("number is not a string", string(), 5, issue("type", "must be a string", "integer")),
    bad("null is not a string", string(), null, issue("type", "must be a string", "null")),
    bad("array is not a string", string(), ["a"], issue("type", "must be a string", "array")),
    ok("pattern matches", hex, "0x1f"),
    bad("pattern does not match", hex, "0xZZ", issue("pattern", "must match ^0x[0-9a-f]+$", "string")),
    bad("pattern: type is checked first", hex, 31, issue("type", "must be a string", "integer")),
    ok("minLength boundary (2)", len, "ab"),
    ok("maxLength boundary (4)", len, "abcd"),
    bad("shorter than minLength", len, "a", issue("minLength", "must be at least 2 characters long", "string")),
    bad("longer than maxLength", len, "abcde", issue("maxLength", "must be at most 4 characters long", "string")),
    bad(
      "pattern is reported before length",
      string({ pattern: /^a+$/, minLength: 3 }),
      "b",
      issue("pattern", "must match ^a+$", "string"),
    ),
    // JSON Schema counts characters (code points), not UTF-16 code units: one emoji is one character.
    ok("maxLength counts code points (an emoji is 1 character)", string({ maxLength: 1 }), "😀"),
  ])("$name", run);

  it("labels say what is expected", () => {
    expect(labelOf(string())).toBe("string");
    expect(labelOf(hex)).toBe("string matching ^0x[0-9a-f]+$");
    expect(typesOf(hex)).toEqual(["string"]);
  });
});

describe("number / integer", () => {
  const int = integer({ min: 0, max: 10 });
  const exclusive = number({ exclusiveMin: 0, exclusiveMax: 1 });
  it.each<Row>([
    ok("number takes a fraction", number(), 1.5),
    ok("number takes an integer", number(), 2),
    bad("number rejects a numeric string", number(), "1", issue("type", "must be a number", "string")),
    bad("number rejects NaN", number(), Number.NaN, issue("type", "must be a number", "number")),
    bad("number rejects Infinity", number(), Number.POSITIVE_INFINITY, issue("type", "must be a number", "number")),
    bad("number rejects a bigint", number(), 1n, issue("type", "must be a number", "bigint")),
    bad("integer rejects a fraction", integer(), 1.5, issue("type", "must be an integer", "number")),
    ok("integer takes 3.0", integer(), 3.0),
    ok("inclusive minimum boundary", int, 0),
    ok("inclusive maximum boundary", int, 10),
    bad("below minimum", int, -1, issue("minimum", "must be at least 0", "integer")),
    bad("above maximum", int, 11, issue("maximum", "must be at most 10", "integer")),
    ok("exclusive range interior", exclusive, 0.5),
    bad("equal to exclusiveMinimum", exclusive, 0, issue("exclusiveMinimum", "must be greater than 0", "integer")),
    bad("below exclusiveMinimum", exclusive, -0.5, issue("exclusiveMinimum", "must be greater than 0", "number")),
    bad("equal to exclusiveMaximum", exclusive, 1, issue("exclusiveMaximum", "must be less than 1", "integer")),
    ok("just below exclusiveMaximum", exclusive, 0.999),
  ])("$name", run);

  it("types: integer accepts only integers, number accepts both", () => {
    expect(typesOf(integer())).toEqual(["integer"]);
    expect(typesOf(number())).toEqual(["integer", "number"]);
    expect(labelOf(integer())).toBe("integer");
    expect(labelOf(number())).toBe("number");
  });
});

describe("uint64", () => {
  const tooBigNumber = issue("format", "must be a bigint when above 2^53 - 1, or it loses precision", "integer");
  const outOfRange = (received: string): Issue =>
    issue("format", "must be an unsigned 64-bit integer (0 to 18446744073709551615)", received);
  it.each<Row>([
    ok("0 (number)", uint64(), 0),
    ok("0n", uint64(), 0n),
    ok("2^53 - 1 as a number", uint64(), Number.MAX_SAFE_INTEGER),
    bad("2^53 as a number loses precision", uint64(), 2 ** 53, tooBigNumber),
    ok("2^53 as a bigint", uint64(), 2n ** 53n),
    ok("u64::MAX as a bigint", uint64(), U64_MAX),
    bad("u64::MAX as a number", uint64(), Number(U64_MAX), tooBigNumber),
    bad("u64::MAX + 1", uint64(), U64_MAX + 1n, outOfRange("bigint")),
    bad("-1n", uint64(), -1n, outOfRange("bigint")),
    bad("-1 (number)", uint64(), -1, issue("minimum", "must be at least 0", "integer")),
    bad("fraction", uint64(), 1.5, issue("type", "must be an integer (number or bigint)", "number")),
    bad("decimal string", uint64(), "1", issue("type", "must be an integer (number or bigint)", "string")),
    bad("NaN", uint64(), Number.NaN, issue("type", "must be an integer (number or bigint)", "number")),
  ])("$name", run);
});

describe("literal (enum / const)", () => {
  const tags = literal(["latest", "earliest"]);
  const objectConst = literal([{ a: 1, b: [1, 2] }]);
  it.each<Row>([
    ok("enum member", tags, "earliest"),
    bad("not an enum member", tags, "pending", issue("enum", 'must be one of "latest", "earliest"', "string")),
    bad("enum: wrong type", tags, 1, issue("enum", 'must be one of "latest", "earliest"', "integer")),
    ok("const", literal(["latest"]), "latest"),
    bad("const mismatch", literal(["latest"]), "Latest", issue("const", 'must be "latest"', "string")),
    ok("enum with null", literal([1, null]), null),
    bad("enum with null: other number", literal([1, null]), 2, issue("enum", "must be one of 1, null", "integer")),
    bad("1 is not the string '1'", literal([1]), "1", issue("const", "must be 1", "string")),
    ok("object const, equal", objectConst, { a: 1, b: [1, 2] }),
    bad(
      "object const, array order differs",
      objectConst,
      { a: 1, b: [2, 1] },
      issue("const", 'must be {"a":1,"b":[1,2]}', "object"),
    ),
    bad(
      "object const, extra key",
      objectConst,
      { a: 1, b: [1, 2], c: 0 },
      issue("const", 'must be {"a":1,"b":[1,2]}', "object"),
    ),
    bad(
      "object const vs a string",
      objectConst,
      '{"a":1,"b":[1,2]}',
      issue("const", 'must be {"a":1,"b":[1,2]}', "string"),
    ),
    ok("mixed enum: primitive member", literal([1, { a: 1 }]), 1),
    ok("mixed enum: object member", literal([1, { a: 1 }]), { a: 1 }),
    // JSON Schema: two objects are equal when they have the same keys with equal values; key order is not significant.
    ok("object const, same keys in another order", objectConst, { b: [1, 2], a: 1 }),
  ])("$name", run);

  it("types and labels", () => {
    expect(typesOf(literal(["a", 1, null, { x: 1 }]))).toEqual(["string", "integer", "null", "object"]);
    expect(typesOf(literal(["a", "b"]))).toEqual(["string"]);
    expect(labelOf(tags)).toBe('one of "latest", "earliest"');
    expect(labelOf(literal(["latest"]))).toBe('"latest"');
  });
});

describe("array", () => {
  const strings = array(string(), { minItems: 1, maxItems: 2 });
  it.each<Row>([
    ok("within bounds", strings, ["a"]),
    ok("at maxItems", strings, ["a", "b"]),
    bad("not an array", strings, "a", issue("type", "must be an array", "string")),
    bad("object is not an array", strings, { 0: "a" }, issue("type", "must be an array", "object")),
    bad("below minItems", strings, [], issue("minItems", "must have at least 1 items", "array")),
    bad("above maxItems", strings, ["a", "b", "c"], issue("maxItems", "must have at most 2 items", "array")),
    bad("bad item", strings, ["a", 1], issue("type", "must be a string", "integer", `${P}[1]`)),
    bad(
      "every bad item is reported",
      array(string()),
      [1, "ok", null],
      issue("type", "must be a string", "integer", `${P}[0]`),
      issue("type", "must be a string", "null", `${P}[2]`),
    ),
    ok("no bounds, empty", array(string()), []),
  ])("$name", run);

  it("label names the items", () => {
    expect(labelOf(array(string()))).toBe("array of string");
  });
});

describe("tuple", () => {
  const pair = tuple([string(), integer()], { rest: never, minItems: 1, maxItems: 3 });
  const open = tuple([string()], { rest: boolean });
  it.each<Row>([
    ok("full tuple", pair, ["a", 1]),
    ok("minItems reached with only the first", pair, ["a"]),
    bad("below minItems", pair, [], issue("minItems", "must have at least 1 items", "array")),
    bad("above maxItems", pair, ["a", 1, 2, 3], issue("maxItems", "must have at most 3 items", "array")),
    bad(
      "additional item rejected by `never`",
      pair,
      ["a", 1, 2],
      issue("false", "must not be present", "integer", `${P}[2]`),
    ),
    bad(
      "items at the wrong positions",
      pair,
      [1, "a"],
      issue("type", "must be a string", "integer", `${P}[0]`),
      issue("type", "must be an integer", "string", `${P}[1]`),
    ),
    ok("additional items validated by rest", open, ["a", true, false]),
    bad(
      "additional item breaking rest",
      open,
      ["a", true, "no"],
      issue("type", "must be a boolean", "string", `${P}[2]`),
    ),
    ok("default minItems is 0", open, []),
    bad("not an array", open, "a", issue("type", "must be an array", "string")),
  ])("$name", run);

  it("label lists the items", () => {
    expect(labelOf(pair)).toBe("[string, integer]");
  });
});

describe("object", () => {
  const closed = object(
    { a: string(), "b-c": integer() },
    { required: ["a"], additional: false, patterns: [[/^x-/, boolean]] },
  );
  const known = "is not a known field (known: a, b-c, keys matching ^x-)";
  it.each<Row>([
    ok("required present", closed, { a: "x" }),
    bad("required missing", closed, {}, issue("required", "is required", "undefined", `${P}.a`)),
    bad(
      "required present but undefined",
      closed,
      { a: undefined },
      issue("required", "is required", "undefined", `${P}.a`),
    ),
    ok("undefined optional is ignored", closed, { a: "x", "b-c": undefined }),
    bad(
      "non-identifier key path is quoted",
      closed,
      { a: "x", "b-c": "1" },
      issue("type", "must be an integer", "string", `${P}["b-c"]`),
    ),
    bad("closed: unknown key", closed, { a: "x", zz: 1 }, issue("additionalProperties", known, "integer", `${P}.zz`)),
    ok("pattern property", closed, { a: "x", "x-flag": true }),
    bad(
      "pattern property with a bad value",
      closed,
      { a: "x", "x-flag": 1 },
      issue("type", "must be a boolean", "integer", `${P}["x-flag"]`),
    ),
    bad(
      "required issues come first, then fields in key order",
      closed,
      { zz: null, "b-c": 1.5 },
      issue("required", "is required", "undefined", `${P}.a`),
      issue("additionalProperties", known, "null", `${P}.zz`),
      issue("type", "must be an integer", "number", `${P}["b-c"]`),
    ),
    bad("null is not an object", closed, null, issue("type", "must be an object", "null")),
    bad("array is not an object", closed, [], issue("type", "must be an object", "array")),
    bad(
      "closed object without properties",
      object({}, { additional: false }),
      { x: 1 },
      issue("additionalProperties", "is not a known field", "integer", `${P}.x`),
    ),
    ok("open rest (default) accepts anything", object({ a: string() }), { a: "x", b: 1, c: [null] }),
    bad(
      "rest validator",
      object({}, { additional: integer() }),
      { n: 1, s: "x" },
      issue("type", "must be an integer", "string", `${P}.s`),
    ),
    bad(
      "a key matching two patterns is checked by both",
      object(
        {},
        {
          additional: false,
          patterns: [
            [/^x/, string({ minLength: 2 })],
            [/y$/, string({ pattern: /^\d+$/ })],
          ],
        },
      ),
      { xy: "a" },
      issue("minLength", "must be at least 2 characters long", "string", `${P}.xy`),
      issue("pattern", "must match ^\\d+$", "string", `${P}.xy`),
    ),
    // JSON Schema: patternProperties apply to every matching key, including keys listed in properties.
    bad(
      "a declared property that also matches a pattern is checked by both",
      object({ "x-a": string() }, { additional: false, patterns: [[/^x-/, string({ maxLength: 2 })]] }),
      { "x-a": "long" },
      issue("maxLength", "must be at most 2 characters long", "string", `${P}["x-a"]`),
    ),
    // Prototype names: Object.prototype.constructor/toString must not satisfy a required field, and
    // inherited enumerable keys are not the value's fields.
    bad(
      "a required `constructor` is not inherited from Object.prototype",
      object({ constructor: string() }, { required: ["constructor"], additional: false }),
      {},
      issue("required", "is required", "undefined", `${P}.constructor`),
    ),
    bad(
      "a required `toString` is not inherited either",
      object({ toString: string() }, { required: ["toString"] }),
      {},
      issue("required", "is required", "undefined", `${P}.toString`),
    ),
    ok("inherited enumerable keys are not fields", object({}, { additional: false }), Object.create({ inherited: 1 })),
    bad(
      "an own `__proto__` key is a field like any other",
      object({}, { additional: false }),
      JSON.parse('{"__proto__": 1}'),
      issue("additionalProperties", "is not a known field", "integer", `${P}.__proto__`),
    ),
  ])("$name", run);
});

describe("anyOf", () => {
  const hexOrNull = anyOf([string({ pattern: /^0x[0-9a-f]+$/ }), nul]);
  const hexOrTag = anyOf([string({ pattern: /^0x[0-9a-f]+$/ }), literal(["latest", "earliest"])]);
  const smallIntOrString = anyOf([integer({ min: 0, max: 10 }), string()]);
  it.each<Row>([
    ok("first branch passes", hexOrNull, "0x1"),
    ok("second branch passes", hexOrNull, null),
    bad(
      "one branch takes strings: its precise issue",
      hexOrNull,
      "zz",
      issue("pattern", "must match ^0x[0-9a-f]+$", "string"),
    ),
    bad(
      "no branch takes integers: generic message",
      hexOrNull,
      5,
      issue("anyOf", "must be string matching ^0x[0-9a-f]+$ or null", "integer"),
    ),
    bad(
      "two branches take strings: each branch and why it failed",
      hexOrTag,
      "pending",
      issue(
        "anyOf",
        'matches none of: string matching ^0x[0-9a-f]+$ (must match ^0x[0-9a-f]+$), one of "latest", "earliest" (must be one of "latest", "earliest"); closest: string matching ^0x[0-9a-f]+$',
        "string",
      ),
    ),
    bad(
      "named branches (type names or titles) are named in the message",
      anyOf([string({ pattern: /^0x[0-9a-f]+$/ }), literal(["latest", "earliest", "pending"])], {
        rule: "oneOf",
        names: ["BlockNumber", "BlockTag"],
      }),
      "final",
      issue(
        "oneOf",
        'matches none of: BlockNumber (must match ^0x[0-9a-f]+$), BlockTag (must be one of "latest", "earliest", "pending"); closest: BlockNumber',
        "string",
      ),
    ),
    bad(
      "the closest branch is the one that got deepest into the value",
      anyOf(
        [
          object({ kind: literal(["a"]) }, { required: ["kind"] }),
          object(
            { kind: literal(["b"]), inner: object({ n: integer() }, { required: ["n"] }) },
            { required: ["kind", "inner"] },
          ),
        ],
        { rule: "oneOf", names: ["A", "B"] },
      ),
      { kind: "b", inner: {} },
      issue("oneOf", `matches none of: A (kind must be "a"), B (inner.n is required); closest: B`, "object"),
    ),
    bad(
      "a branch with several issues says how many more",
      anyOf(
        [object({ a: string(), b: string() }, { required: ["a", "b"] }), object({ c: string() }, { required: ["c"] })],
        { names: ["AB", "C"] },
      ),
      {},
      issue("anyOf", "matches none of: AB (a is required, and 1 more), C (c is required); closest: C", "object"),
    ),
    bad(
      "no branch takes the type: named branches with their types",
      anyOf([string(), nul], { rule: "oneOf", names: ["Hex", undefined] }),
      1,
      issue("oneOf", "must be Hex (string) or null", "integer"),
    ),
    bad("integer branch precise issue", smallIntOrString, 11, issue("maximum", "must be at most 10", "integer")),
    bad(
      "a fraction is not an integer branch's type",
      smallIntOrString,
      1.5,
      issue("anyOf", "must be integer or string", "number"),
    ),
    bad(
      "integer value is close to a number branch",
      anyOf([number({ min: 0 }), string()]),
      -1,
      issue("minimum", "must be at least 0", "integer"),
    ),
    bad(
      "custom rule name (oneOf)",
      anyOf([string(), nul], { rule: "oneOf" }),
      1,
      issue("oneOf", "must be string or null", "integer"),
    ),
    bad(
      "bigint is close to uint64() only",
      anyOf([uint64(), string()]),
      -1n,
      issue("format", "must be an unsigned 64-bit integer (0 to 18446744073709551615)", "bigint"),
    ),
    bad(
      "a nested object branch reports the nested path",
      anyOf([object({ a: string() }, { required: ["a"] }), nul]),
      { a: 1 },
      issue("type", "must be a string", "integer", `${P}.a`),
    ),
  ])("$name", run);

  it("types are the union of the branches' types; label joins them", () => {
    expect(typesOf(hexOrNull)).toEqual(["string", "null"]);
    expect(typesOf(anyOf([number(), uint64()]))).toEqual(["integer", "number", "bigint"]);
    expect(labelOf(hexOrNull)).toBe("string matching ^0x[0-9a-f]+$ or null");
  });
});

describe("allOf", () => {
  const both = allOf([string({ minLength: 2 }), string({ pattern: /^a/ })]);
  it.each<Row>([
    ok("all pass", both, "ab"),
    bad(
      "every failing branch reports",
      both,
      "b",
      issue("minLength", "must be at least 2 characters long", "string"),
      issue("pattern", "must match ^a", "string"),
    ),
    bad(
      "only the failing branch reports",
      both,
      "a",
      issue("minLength", "must be at least 2 characters long", "string"),
    ),
    bad(
      "object merged from two schemas",
      allOf([object({ a: string() }, { required: ["a"] }), object({ b: integer() }, { required: ["b"] })]),
      { a: "x" },
      issue("required", "is required", "undefined", `${P}.b`),
    ),
  ])("$name", run);

  it("types come from the first branch, label joins with 'and'", () => {
    expect(typesOf(both)).toEqual(["string"]);
    expect(labelOf(both)).toBe("string and string matching ^a");
    expect(typesOf(allOf([]))).toEqual(["any"]);
  });
});

describe("not", () => {
  const notX = not(literal(["x"]));
  it.each<Row>([
    ok("inner fails: passes", notX, "y"),
    ok("inner fails on type: passes", notX, 1),
    bad("inner passes: fails, inner issues are not kept", notX, "x", issue("not", 'must not be "x"', "string")),
    bad("not string", not(string()), "s", issue("not", "must not be string", "string")),
  ])("$name", run);
});

describe("lazy (named definitions, recursion)", () => {
  // As the generator writes a recursive definition: the definition refers to itself inside its thunk.
  const tree: Validator = lazy(() =>
    object({ value: integer(), children: array(tree) }, { required: ["value"], additional: false }),
  );
  it.each<Row>([
    ok("leaf", tree, { value: 1 }),
    ok("nested", tree, { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] }),
    bad(
      "deep issue keeps the full path",
      tree,
      { value: 1, children: [{ value: 2 }, { value: 3, children: [{ value: "x" }] }] },
      issue("type", "must be an integer", "string", `${P}.children[1].children[0].value`),
    ),
    bad(
      "deep unknown field",
      tree,
      { value: 1, children: [{ value: 2, extra: true }] },
      issue(
        "additionalProperties",
        "is not a known field (known: value, children)",
        "boolean",
        `${P}.children[0].extra`,
      ),
    ),
  ])("$name", run);

  it("builds on first use, once, and takes the built validator's types and label", () => {
    let builds = 0;
    const ref = lazy(() => {
      builds++;
      return string({ pattern: /^a/ });
    });
    expect(builds).toBe(0);
    expect(typesOf(ref)).toEqual(["string"]);
    expect(labelOf(ref)).toBe("string matching ^a");
    expect(explain(ref, "a", P, [])).toBe(true);
    expect(ref.is("b")).toBe(false);
    expect(builds).toBe(1);
  });

  it("a recursive label names itself once, not forever", () => {
    const nested: Validator = lazy(() => array(nested));
    expect(labelOf(nested)).toBe("array of any value");
    expect(labelOf(tree)).toBe("object");
  });

  it("building a definition that reaches itself through a union ends (the generator refuses such schemas)", () => {
    const loop: Validator = lazy(() => anyOf([loop, nul]));
    expect(typesOf(loop)).toEqual(["any", "null"]);
  });
});

describe("shown: the offending value in a message", () => {
  it.each([
    { name: "integer", given: 20000, want: "20000" },
    { name: "string, JSON-quoted", given: '0xZZ"', want: '"0xZZ\\""' },
    { name: "bigint", given: 2n ** 64n, want: "18446744073709551616n" },
    { name: "null", given: null, want: "null" },
    { name: "object, cut at 40 characters", given: { a: "x".repeat(50) }, want: `{"a":"${"x".repeat(33)}…` },
    { name: "a bigint inside: nothing (the type says enough)", given: [1n], want: undefined },
    { name: "undefined: nothing", given: undefined, want: undefined },
    { name: "a function: nothing", given: () => 1, want: undefined },
  ])("$name", ({ given, want }) => {
    expect(shown(given)).toBe(want);
  });

  it("a cyclic value shows nothing, and validation still reports it", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(shown(cyclic)).toBeUndefined();
    const issues: Issue[] = [];
    expect(explain(string(), cyclic, P, issues)).toBe(false);
    expect(issues).toEqual([issue("type", "must be a string", "object")]);
  });

  it("ValidationError's message names the value, not only its type", () => {
    const issues: Issue[] = [];
    explain(object({ pageSize: integer({ min: 1, max: 10000 }) }), { pageSize: 20000 }, "params", issues);
    expect(new ValidationError("params for adv_getLogs", issues, {}).message).toBe(
      "Invalid params for adv_getLogs: params.pageSize must be at most 10000 (rule: maximum, got 20000).",
    );
  });
});

describe("the keywords few schemas use, each its own validator: multipleOf, uniqueItems, propertyCount", () => {
  it.each<Row>([
    ok("multiple of 0.1 (binary fractions allowed for)", multipleOf(0.1), 0.3),
    bad("not a multiple", multipleOf(5), 12, issue("multipleOf", "must be a multiple of 5", "integer")),
    ok("a non-number is left to the type check beside it", multipleOf(5), "x"),
    bad(
      "beside integer(): both hold",
      allOf([integer({ max: 100 }), multipleOf(5)]),
      121,
      issue("maximum", "must be at most 100", "integer"),
      issue("multipleOf", "must be a multiple of 5", "integer"),
    ),
    ok("unique items", allOf([array(integer()), uniqueItems]), [1, 2, 3]),
    bad(
      "a repeated item (compared as JSON)",
      uniqueItems,
      [{ a: 1 }, { b: 2 }, { a: 1 }],
      issue("uniqueItems", "must not repeat an item (item 2 repeats an earlier one)", "array"),
    ),
    bad(
      "a tuple's items are unique too",
      allOf([tuple([string(), string()]), uniqueItems]),
      ["a", "a"],
      issue("uniqueItems", "must not repeat an item (item 1 repeats an earlier one)", "array"),
    ),
    bad(
      "a closed tuple is at most its items",
      tuple([string()], { rest: false }),
      ["a", "b"],
      issue("maxItems", "must have at most 1 items", "array"),
    ),
    ok("enough properties (undefined ones do not count)", propertyCount({ min: 1 }), { a: 1, b: undefined }),
    bad(
      "too few properties",
      propertyCount({ min: 2 }),
      { a: 1 },
      issue("minProperties", "must have at least 2 properties", "object"),
    ),
    bad(
      "too many properties",
      propertyCount({ max: 1 }),
      { a: 1, b: 2 },
      issue("maxProperties", "must have at most 1 properties", "object"),
    ),
  ])("$name", run);
});

describe("tagged (a union with a discriminator)", () => {
  const circle = object({ kind: literal(["circle"]), r: number() }, { required: ["kind", "r"] });
  const square = object({ kind: literal(["square"]), side: number() }, { required: ["kind", "side"] });
  const shape = tagged("kind", ["circle", "square"], [circle, square], { rule: "oneOf", names: ["Circle", "Square"] });
  it.each<Row>([
    ok("the picked branch passes", shape, { kind: "square", side: 2 }),
    bad(
      "the picked branch reports its own issues",
      shape,
      { kind: "square", r: 2 },
      issue("required", "is required", "undefined", `${P}.side`),
    ),
    bad(
      "an unknown tag falls back to naming every branch",
      shape,
      { kind: "hexagon" },
      issue(
        "oneOf",
        "matches none of: Circle (r is required, and 1 more), Square (side is required, and 1 more); closest: Circle",
        "object",
      ),
    ),
    bad("not an object", shape, 1, issue("oneOf", "must be Circle (object) or Square (object)", "integer")),
  ])("$name", run);

  it("takes the union's types and label", () => {
    expect(typesOf(shape)).toEqual(["object"]);
    expect(labelOf(shape)).toBe("Circle or Square");
  });
});

describe("hideValues (results: a server's values never reach a message)", () => {
  it("keeps every issue but drops the values", () => {
    const checked = hideValues(object({ hash: string({ pattern: /^0x/ }) }, { required: ["n"] }));
    const issues: Issue[] = [{ path: "before", rule: "x", message: "kept", received: "string", value: '"mine"' }];
    expect(explain(checked, { hash: "SECRET-KEY-ECHOED" }, "result", issues)).toBe(false);
    expect(issues).toEqual([
      { path: "before", rule: "x", message: "kept", received: "string", value: '"mine"' },
      { path: "result.n", rule: "required", message: "is required", received: "undefined" },
      { path: "result.hash", rule: "pattern", message: "must match ^0x", received: "string" },
    ]);
    expect(JSON.stringify(issues)).not.toContain("SECRET");
    expect(checked.is({ n: 1, hash: "0x1" })).toBe(true);
  });
});

describe("a huge enum", () => {
  const values = Array.from({ length: 10_000 }, (_, i) => `v${i}`);
  const big = literal(values);
  it("is looked up, not scanned, and named by its first values", () => {
    expect(big.is("v9999")).toBe(true);
    expect(big.is("v10000")).toBe(false);
    expect(labelOf(big)).toBe(
      `one of ${values
        .slice(0, 20)
        .map((v) => JSON.stringify(v))
        .join(", ")}, … (10000 values)`,
    );
  });
});
