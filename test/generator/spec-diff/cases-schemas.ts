/**
 * Cases for the schema rules, on `probe(request, response)`: the same schema edit graded in a
 * request (narrowing breaks) and in a response (widening breaks), then nesting, `$ref`s,
 * shared components, cycles, branches and external files.
 */
import type { Level, RuleId } from "../../../generator/spec-diff/rules.js";
import { probe, REQ, RES, type Case, type Want } from "./build.js";

const plain = { type: "string" };
type Row = [RuleId, string, unknown, unknown, [Level, RuleId, string][]];

/** The edit `before → after` on the param's schema; wants are `[level, rule, pointer under the schema]`. */
const request = ([rule, name, before, after, want]: Row): Case => ({
  rule,
  name: `request: ${name}`,
  before: probe(before, plain),
  after: probe(after, plain),
  want: want.map(([level, r, at]): Want => [level, r, "probe", `${REQ}${at}`]),
});

/** The same on the result's schema. */
const response = ([rule, name, before, after, want]: Row): Case => ({
  rule,
  name: `response: ${name}`,
  before: probe(plain, before),
  after: probe(plain, after),
  want: want.map(([level, r, at]): Want => [level, r, "probe", `${RES}${at}`]),
});

const str = (extra: object = {}) => ({ type: "string", ...extra });
const int = (extra: object = {}) => ({ type: "integer", ...extra });
const arr = (extra: object = {}) => ({ type: "array", items: { type: "string" }, ...extra });
const obj = (properties: Record<string, unknown>, required: string[] = [], extra: object = {}) => ({
  type: "object",
  properties,
  required,
  ...extra,
});

// prettier-ignore
const requestRows: Row[] = [
  ["request-type-removed", "a type removed from the type list", { type: ["string", "integer"] }, str(), [["ERR", "request-type-removed", "/type"]]],
  ["request-type-removed", "any type narrowed to one", {}, str(), [["ERR", "request-type-removed", "/type"]]],
  ["request-type-added", "a type added to the type list", str(), { type: ["string", "integer"] }, [["INFO", "request-type-added", "/type"]]],
  ["request-enum-value-removed", "an enum value removed", str({ enum: ["a", "b"] }), str({ enum: ["a"] }), [["ERR", "request-enum-value-removed", "/enum/1"]]],
  ["request-enum-value-added", "an enum value added", str({ enum: ["a"] }), str({ enum: ["a", "b"] }), [["INFO", "request-enum-value-added", "/enum/1"]]],
  ["request-enum-added", "an enum added", str(), str({ enum: ["a"] }), [["ERR", "request-enum-added", "/enum"]]],
  ["request-enum-removed", "an enum removed", str({ enum: ["a"] }), str(), [["INFO", "request-enum-removed", "/enum"]]],
  ["request-pattern-added", "a pattern added", str(), str({ pattern: "^0x" }), [["ERR", "request-pattern-added", "/pattern"]]],
  ["request-pattern-changed", "a pattern changed", str({ pattern: "^0x" }), str({ pattern: "^0x[0-9a-f]+$" }), [["WARN", "request-pattern-changed", "/pattern"]]],
  ["request-pattern-removed", "a pattern removed", str({ pattern: "^0x" }), str(), [["INFO", "request-pattern-removed", "/pattern"]]],
  ["request-format-added", "a format added", str(), str({ format: "date-time" }), [["ERR", "request-format-added", "/format"]]],
  ["request-format-changed", "a format changed", str({ format: "date" }), str({ format: "date-time" }), [["WARN", "request-format-changed", "/format"]]],
  ["request-format-removed", "a format removed", str({ format: "date" }), str(), [["INFO", "request-format-removed", "/format"]]],
  ["request-bound-tightened", "minimum raised, maximum lowered", int({ minimum: 1, maximum: 10 }), int({ minimum: 2, maximum: 9 }), [
    ["ERR", "request-bound-tightened", "/minimum"],
    ["ERR", "request-bound-tightened", "/maximum"],
  ]],
  ["request-bound-tightened", "minLength raised, maxLength lowered", str({ minLength: 1, maxLength: 10 }), str({ minLength: 2, maxLength: 9 }), [
    ["ERR", "request-bound-tightened", "/minLength"],
    ["ERR", "request-bound-tightened", "/maxLength"],
  ]],
  ["request-bound-tightened", "minItems raised, maxItems added", arr({ minItems: 0 }), arr({ minItems: 1, maxItems: 5 }), [
    ["ERR", "request-bound-tightened", "/minItems"],
    ["ERR", "request-bound-tightened", "/maxItems"],
  ]],
  ["request-bound-relaxed", "maximum raised, minimum removed", int({ minimum: 1, maximum: 10 }), int({ maximum: 20 }), [
    ["INFO", "request-bound-relaxed", "/minimum"],
    ["INFO", "request-bound-relaxed", "/maximum"],
  ]],
  ["request-additional-properties-closed", "additionalProperties true → false", obj({ a: str() }, [], { additionalProperties: true }), obj({ a: str() }, [], { additionalProperties: false }), [
    ["ERR", "request-additional-properties-closed", "/additionalProperties"],
  ]],
  ["request-additional-properties-opened", "additionalProperties false → absent", obj({ a: str() }, [], { additionalProperties: false }), obj({ a: str() }), [
    ["INFO", "request-additional-properties-opened", "/additionalProperties"],
  ]],
  ["request-property-added-required", "a new required property", obj({ a: str() }), obj({ a: str(), b: str() }, ["b"]), [["ERR", "request-property-added-required", "/properties/b"]]],
  ["request-property-added", "a new optional property", obj({ a: str() }), obj({ a: str(), b: str() }), [["INFO", "request-property-added", "/properties/b"]]],
  ["request-property-removed", "a property removed", obj({ a: str(), b: str() }), obj({ a: str() }), [["ERR", "request-property-removed", "/properties/b"]]],
  ["request-property-became-required", "a property made required", obj({ a: str() }), obj({ a: str() }, ["a"]), [["ERR", "request-property-became-required", "/properties/a"]]],
  ["request-property-became-optional", "a property made optional", obj({ a: str() }, ["a"]), obj({ a: str() }), [["INFO", "request-property-became-optional", "/properties/a"]]],
  ["request-branch-removed", "an anyOf branch removed", { anyOf: [str(), int()] }, { anyOf: [str()] }, [["ERR", "request-branch-removed", "/anyOf/1"]]],
  ["request-branch-added", "an anyOf branch added", { anyOf: [str()] }, { anyOf: [str(), int()] }, [["INFO", "request-branch-added", "/anyOf/1"]]],
  ["request-default-changed", "a default changed", int({ default: 10 }), int({ default: 20 }), [["WARN", "request-default-changed", "/default"]]],
  ["request-default-changed", "a default removed", int({ default: 10 }), int(), [["WARN", "request-default-changed", "/default"]]],
  ["request-type-added", "one type widened to any", str(), {}, [["INFO", "request-type-added", "/type"]]],
  ["request-type-removed", "nested: items of a property narrowed", obj({ tags: { type: "array", items: { type: ["string", "null"] } } }), obj({ tags: { type: "array", items: str() } }), [
    ["ERR", "request-type-removed", "/properties/tags/items/type"],
  ]],
  ["schema-changed", "a keyword not graded (multipleOf) added", int(), int({ multipleOf: 2 }), [["WARN", "schema-changed", "/multipleOf"]]],
  ["schema-changed", "uniqueItems added", arr(), arr({ uniqueItems: true }), [["WARN", "schema-changed", "/uniqueItems"]]],
  ["schema-changed", "a keyword the model keeps uninterpreted (contains) changed", arr({ contains: { const: "a" } }), arr({ contains: { const: "b" } }), [["WARN", "schema-changed", "/contains"]]],
  ["request-enum-value-removed", "a value in the middle removed: pointed at on its line in the old document", str({ enum: ["a", "b", "c"] }), str({ enum: ["a", "c"] }), [["ERR", "request-enum-value-removed", "/enum/1"]]],
];

// prettier-ignore
const responseRows: Row[] = [
  ["response-type-added", "a type added to the type list", str(), { type: ["string", "integer"] }, [["ERR", "response-type-added", "/type"]]],
  ["response-type-added", "one type widened to any", str(), {}, [["ERR", "response-type-added", "/type"]]],
  ["response-type-removed", "a type removed from the type list", { type: ["string", "integer"] }, str(), [["INFO", "response-type-removed", "/type"]]],
  ["response-nullable-added", "null added to the type list", str(), { type: ["string", "null"] }, [["ERR", "response-nullable-added", "/type"]]],
  ["response-nullable-added", "a plain schema becomes oneOf [it, null]", str(), { oneOf: [str(), { type: "null" }] }, [["ERR", "response-nullable-added", "/oneOf/1"]]],
  ["response-enum-value-added", "an enum value added", str({ enum: ["a"] }), str({ enum: ["a", "b"] }), [["ERR", "response-enum-value-added", "/enum/1"]]],
  ["response-enum-value-removed", "an enum value removed", str({ enum: ["a", "b"] }), str({ enum: ["a"] }), [["INFO", "response-enum-value-removed", "/enum/1"]]],
  ["response-enum-added", "an enum added", str(), str({ enum: ["a"] }), [["INFO", "response-enum-added", "/enum"]]],
  ["response-enum-removed", "an enum removed", str({ enum: ["a"] }), str(), [["ERR", "response-enum-removed", "/enum"]]],
  ["response-enum-value-added", "a value added after one the type drops: its place in the written enum", str({ enum: [1, "a"] }), str({ enum: [1, "a", "b"] }), [["ERR", "response-enum-value-added", "/enum/2"]]],
  ["response-pattern-changed", "a pattern added", str(), str({ pattern: "^0x" }), [["WARN", "response-pattern-changed", "/pattern"]]],
  ["response-format-changed", "format uint64 removed", int({ format: "uint64" }), int(), [["WARN", "response-format-changed", "/format"]]],
  ["response-bound-tightened", "maxLength lowered", str({ maxLength: 10 }), str({ maxLength: 5 }), [["INFO", "response-bound-tightened", "/maxLength"]]],
  ["response-bound-relaxed", "maximum raised", int({ maximum: 10 }), int({ maximum: 20 }), [["WARN", "response-bound-relaxed", "/maximum"]]],
  ["response-additional-properties-changed", "a result object closed", obj({ a: str() }), obj({ a: str() }, [], { additionalProperties: false }), [
    ["INFO", "response-additional-properties-changed", "/additionalProperties"],
  ]],
  ["response-property-removed", "a field removed", obj({ a: str(), b: str() }, ["a", "b"]), obj({ a: str() }, ["a"]), [["ERR", "response-property-removed", "/properties/b"]]],
  ["response-property-became-optional", "a field made optional", obj({ a: str() }, ["a"]), obj({ a: str() }), [["ERR", "response-property-became-optional", "/properties/a"]]],
  ["response-property-added", "a new field", obj({ a: str() }), obj({ a: str(), b: str() }), [["INFO", "response-property-added", "/properties/b"]]],
  ["response-property-became-required", "a field made required", obj({ a: str() }), obj({ a: str() }, ["a"]), [["INFO", "response-property-became-required", "/properties/a"]]],
  ["response-branch-added", "a oneOf branch added", { oneOf: [str(), int()] }, { oneOf: [str(), int(), { type: "boolean" }] }, [["ERR", "response-branch-added", "/oneOf/2"]]],
  ["response-branch-removed", "a oneOf branch removed", { oneOf: [str(), int()] }, { oneOf: [int()] }, [["INFO", "response-branch-removed", "/oneOf/0"]]],
  ["response-nullable-added", "nested: an item field becomes nullable", arr({ items: obj({ a: str() }, ["a"]) }), arr({ items: obj({ a: { type: ["string", "null"] } }, ["a"]) }), [
    ["ERR", "response-nullable-added", "/items/properties/a/type"],
  ]],
];

const pet = obj({ id: str(), name: str() }, ["id", "name"]);
const tree = {
  type: "object",
  properties: { value: str(), children: { type: "array", items: { $ref: "#/components/schemas/Tree" } } },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Whole documents: `$ref`s, shared components, cycles, branches matched by name, external files. */
const structural: Case[] = [
  {
    rule: "response-property-became-optional",
    name: "a field of a component reached through items and $ref",
    before: probe(plain, { type: "array", items: ref("Pet") }, { Pet: pet }),
    after: probe(plain, { type: "array", items: ref("Pet") }, { Pet: obj({ id: str(), name: str() }, ["id"]) }),
    want: [["ERR", "response-property-became-optional", "probe", "#/components/schemas/Pet/properties/name"]],
  },
  {
    rule: "request-enum-value-removed",
    name: "a component shared by the param and the result gets both judgements",
    before: probe(ref("Kind"), ref("Kind"), { Kind: str({ enum: ["cat", "dog"] }) }),
    after: probe(ref("Kind"), ref("Kind"), { Kind: str({ enum: ["cat"] }) }),
    want: [
      ["ERR", "request-enum-value-removed", "probe", "#/components/schemas/Kind/enum/1"],
      ["INFO", "response-enum-value-removed", "probe", "#/components/schemas/Kind/enum/1"],
    ],
  },
  {
    rule: "response-type-added",
    name: "a recursive component is compared once, without looping",
    before: probe(plain, ref("Tree"), { Tree: tree }),
    after: probe(plain, ref("Tree"), {
      Tree: { ...tree, properties: { ...tree.properties, value: { type: ["string", "integer"] } } },
    }),
    want: [["ERR", "response-type-added", "probe", "#/components/schemas/Tree/properties/value/type"]],
  },
  {
    rule: "response-enum-value-added",
    name: "anyOf branches matched by $ref name, whatever their order",
    before: probe(plain, { anyOf: [ref("A"), ref("B")] }, { A: str({ enum: ["x"] }), B: int() }),
    after: probe(plain, { anyOf: [ref("B"), ref("A")] }, { A: str({ enum: ["x", "y"] }), B: int() }),
    want: [["ERR", "response-enum-value-added", "probe", "#/components/schemas/A/enum/1"]],
  },
  {
    rule: "request-pattern-changed",
    name: "a schema in an external file, read through its relative $ref",
    before: probe({ $ref: "./shared.json#/Id" }, plain),
    after: probe({ $ref: "./shared.json#/Id" }, plain),
    files: { "spec/shared.json": { Id: str({ pattern: "^[a-z]+$" }) } },
    afterFiles: { "spec/shared.json": { Id: str({ pattern: "^[a-z0-9]+$" }) } },
    want: [["WARN", "request-pattern-changed", "probe", "spec/shared.json#/Id/pattern"]],
  },
];

/** A document whose `watch` method opens a subscription pushing `item`s (`x-subscription`). */
function subscription(item: unknown, schemas: Record<string, unknown> = {}) {
  return {
    openrpc: "1.3.2",
    info: { title: "Probe", version: "1.0.0" },
    methods: [
      {
        name: "watch",
        params: [],
        result: { name: "id", schema: str() },
        "x-subscription": { notification: "watch_event", unsubscribe: "unwatch", item },
      },
      {
        name: "unwatch",
        params: [{ name: "id", required: true, schema: str() }],
        result: { name: "done", schema: { type: "boolean" } },
      },
    ],
    components: { schemas },
  };
}

const base = obj({ id: str(), at: int() }, ["id", "at"]);

/** Refactors that change no contract, and the changes seen through them. */
export const refactorCases: Case[] = [
  {
    rule: "response-property-became-optional",
    name: "fields moved into an allOf base (one required beside it) are no change",
    before: probe(plain, ref("Pet"), { Pet: obj({ id: str(), at: int(), name: str() }, ["id", "at", "name"]) }),
    after: probe(plain, ref("Pet"), {
      Base: obj({ id: str(), at: int() }, ["id"]),
      Pet: { allOf: [ref("Base"), obj({ name: str() }, ["name", "at"])] },
    }),
    want: [],
  },
  {
    rule: "response-type-added",
    name: "a field moved into an allOf base and widened there is a change, named at the base",
    before: probe(plain, ref("Pet"), { Pet: obj({ id: str(), at: int(), name: str() }, ["id", "at", "name"]) }),
    after: probe(plain, ref("Pet"), {
      Base: obj({ id: str(), at: { type: ["integer", "string"] } }, ["id", "at"]),
      Pet: { allOf: [ref("Base"), obj({ name: str() }, ["name"])] },
    }),
    want: [["ERR", "response-type-added", "probe", "#/components/schemas/Base/properties/at/type"]],
  },
  {
    rule: "response-type-added",
    name: "the items a subscription pushes are answers: a widened item field breaks",
    before: subscription(ref("Event"), { Event: base }),
    after: subscription(ref("Event"), { Event: obj({ id: str(), at: { type: ["integer", "string"] } }, ["id", "at"]) }),
    want: [["ERR", "response-type-added", "watch", "#/components/schemas/Event/properties/at/type"]],
  },
];

export const schemaCases: Case[] = [
  ...requestRows.map(request),
  ...responseRows.map(response),
  ...structural,
  ...refactorCases,
];
