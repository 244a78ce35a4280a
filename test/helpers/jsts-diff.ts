/**
 * The json-schema-to-typescript differential: every named schema of a document through our types
 * plugin (`emitTypes`, its public entry) and through json-schema-to-typescript (its own naming),
 * both declarations read as type shapes (./type-shapes.ts) and compared twice:
 * - by name: what each declares for each definition (jsts says which definition a declaration is
 *   for in a comment), and the types jsts declares for subschemas;
 * - by structure: references written out on both sides (a few levels deep), so that names no
 *   longer matter, then walked side by side to the places where they differ.
 * Each difference is put in a class (JSTS_CLASSES), or left unclassified, which the test refuses.
 */
import { compile } from "json-schema-to-typescript";
import type { DocumentModel, JsonSchema } from "../../generator/model/document.js";
import { emitTypes } from "../../generator/plugins/types/types.js";
import { declarations, definitionNames, flat, key, type Shape } from "./type-shapes.js";

/** Where the two declarations of one schema differ, and why. */
export interface Difference {
  /** Our name of the named schema, and the place inside its declaration (`.member`, `[]`, `|`, `→Ref`). */
  name: string;
  path: string;
  ours: string;
  jsts: string;
  /** A key of JSTS_CLASSES, or undefined when no class explains the difference. */
  class?: JstsClass;
}

/**
 * Every class of difference seen between our printer and json-schema-to-typescript on spec/, the
 * third-party fixtures and ../shared/openrpc-corpus. `wrong` says whose type is wrong for us:
 * "jsts" when its type admits values the schema forbids, refuses values it allows, or names what
 * the document does not name (docs/DECISIONS.md, "json-schema-to-typescript", has a minimal
 * reproduction of each); "ours" for a defect of ours; "neither" when one is only more precise.
 */
export const JSTS_CLASSES = {
  renamed: {
    wrong: "jsts",
    says: "jsts names a definition after its `title`, and numbers it when another schema took that name first (`Transaction1`), even when the other is an inline titled subschema; ours names it after its key",
  },
  "alias-not-declared": {
    wrong: "jsts",
    says: "a named schema that is only a `$ref` gets no declaration of its own in jsts: both definitions share the target's declaration and the alias's name is dropped; ours declares `type Alias = Target`",
  },
  "alias-inlined": {
    wrong: "jsts",
    says: "a `$ref` with keywords beside it (a description…) loses the referenced name in jsts: a copy of the target is written out; ours keeps the name",
  },
  "named-subschema": {
    wrong: "jsts",
    says: "jsts declares a type for every titled subschema, named after the title and numbered when titles repeat (`ByteHexValue1`, `Number142`, which shadows the global `Number`); ours writes the type where it is used",
  },
  "index-signature": {
    wrong: "jsts",
    says: "jsts gives every object without `additionalProperties: false` an index signature `[k: string]: unknown` (widened with every property's type when the object has one of its own), so a misspelled property compiles; ours leaves open objects open without one",
  },
  "untyped-schema": {
    wrong: "jsts",
    says: "a schema with only annotations (a description) is `unknown` in ours; jsts makes it an object `{ [k: string]: unknown }`, refusing the strings, numbers and arrays the schema allows",
  },
  "dropped-declaration": {
    wrong: "jsts",
    says: "jsts declares nothing for a definition that can be any value (an `anyOf` with an empty schema `{}`); ours declares it `unknown`",
  },
  "allof-override": {
    wrong: "jsts",
    says: 'an `allOf` whose later member redefines a property: jsts intersects both (`A & { p: X }`, so `p` is the intersection of both types, often `never`); ours writes `Omit<A, "p"> & { p: X }`',
  },
  "closed-tuple": {
    wrong: "jsts",
    says: "`items: [A, B]` without `additionalItems: false` allows more items (draft-07): jsts closes the tuple (and makes every item optional: `[] | [A] | [A, B]`), ours writes `[A, B, ...unknown[]]`",
  },
  "ref-siblings": {
    wrong: "neither",
    says: 'keywords beside a `$ref` (`properties`, `required`, `enum`…): ours narrows the referenced type by them, as ajv and the validators apply them (`Omit<Target, "p"> & { p: … }`, `Status & ("VALID" | "INVALID")`); jsts merges them into a copy of the target, declared under the target\'s name (the target itself renamed `X1`)',
  },
  "bounded-array-tuples": {
    wrong: "neither",
    says: "jsts turns `minItems`/`maxItems` into tuples (`[T, T] | [T, T, T]`, or pads `items: [A]` with `unknown` up to `minItems`); ours keeps `T[]` and the validators check the bounds",
  },
  "pattern-template": {
    wrong: "neither",
    says: "a string `pattern` with a literal prefix (`^0x`) is a template literal type in ours (`` `0x${string}` ``); `string` in jsts",
  },
  "u64-bigint": {
    wrong: "neither",
    says: "`format: uint64` is `bigint` in ours (results; params also take `number`), `null` kept where the type list has it: JSON numbers past 2^53 are read exactly; jsts has `number`, which cannot hold them",
  },
  conditional: {
    wrong: "jsts",
    says: "`if`/`then`/`else` (read as `anyOf: [allOf: [if, then], allOf: [not: if, else]]`) and `not`: ours types the schema by what its branches allow and leaves the conditions to the validators; jsts ignores `not`, so it writes intersections of the branches' objects and an any-object branch (`… | { [k: string]: unknown }`)",
  },
} as const satisfies Record<string, { wrong: "jsts" | "ours" | "neither"; says: string }>;
export type JstsClass = keyof typeof JSTS_CLASSES;

const ROOT = "JstsDifferentialRoot";
/** A reference not written out (too deep): compared with nothing. */
const HORIZON_TEXT = "(reference)";
const HORIZON: Shape = { kind: "text", text: HORIZON_TEXT };
/** How many references deep both sides are written out before comparing. */
const EXPAND = 3;

/** Our declarations and jsts's of every named schema of `doc`, and where they differ. */
export async function compareWithJsts(doc: DocumentModel): Promise<Difference[]> {
  const definitions = Object.fromEntries(doc.schemas.map((s) => [s.name, s.lenient])) as Record<string, JsonSchema>;
  const source = await compile({ title: ROOT, definitions } as never, ROOT, {
    bannerComment: "",
    format: false,
    unreachableDefinitions: true,
  });
  const walk = new Walk(declarations(emitTypes(doc)), declarations(source), definitionNames(source), definitions);
  for (const name of Object.keys(definitions)) walk.declaration(name);
  walk.subschemaDeclarations();
  return walk.found;
}

type Side = "ours" | "jsts";

class Walk {
  readonly found: Difference[] = [];
  private readonly withSiblings: Set<string>;
  /** The definitions that themselves hold a `$ref` with keywords beside it. */
  private readonly siblingOwners: Set<string>;
  /** The definitions holding a `not` (their own, or an `if`/`then`/`else` read as one). */
  private readonly conditionalOwners: Set<string>;
  private readonly expanded = new Map<string, Shape>();
  private readonly viaSiblings = new WeakSet<Shape>();
  /** jsts's declared names that stand for a definition (the others are its types for titled subschemas). */
  private readonly forDefinitions: Set<string>;

  constructor(
    private readonly ours: Map<string, Shape>,
    private readonly jsts: Map<string, Shape>,
    /** Our name (the definition key) → the name jsts declared it under. */
    private readonly jstsName: Map<string, string>,
    definitions: Record<string, JsonSchema>,
  ) {
    this.withSiblings = refsWithSiblings(Object.values(definitions));
    this.siblingOwners = new Set(
      Object.entries(definitions)
        .filter(([, schema]) => refsWithSiblings([schema]).size > 0)
        .map(([name]) => name),
    );
    this.conditionalOwners = new Set(
      Object.entries(definitions)
        .filter(([, schema]) => holdsNot(schema))
        .map(([name]) => name),
    );
    this.forDefinitions = new Set([...jstsName.values(), ROOT]);
  }

  /** The declarations of one definition: by name, then by structure. */
  declaration(name: string): void {
    const mine = this.ours.get(name);
    if (!mine) return; // not declared by us: the types plugin's own tests cover what it declares
    const declared = this.jstsName.get(name);
    const theirs = declared === undefined ? undefined : this.jsts.get(declared);
    if (!theirs)
      return this.add(name, "", mine, undefined, key(mine) === "unknown" ? "dropped-declaration" : undefined);
    if (mine.kind === "ref" && this.jstsName.get(mine.name) === declared)
      return this.add(name, "(name)", mine, { kind: "text", text: `${declared} (shared)` }, "alias-not-declared");
    if (declared !== name)
      this.add(name, "(name)", { kind: "text", text: name }, { kind: "text", text: declared! }, "renamed");
    if (mine.kind === "ref" && !(theirs.kind === "ref" && this.jstsName.get(mine.name) === theirs.name))
      this.add(name, "(alias)", mine, theirs, "alias-inlined");
    const why = this.siblingOwners.has(name)
      ? "ref-siblings"
      : this.conditionalOwners.has(name)
        ? "conditional"
        : undefined;
    this.diff(name, "", this.expand("ours", mine, EXPAND), this.expand("jsts", theirs, EXPAND), why);
  }

  /** The types jsts declares for titled subschemas (no definition names them). */
  subschemaDeclarations(): void {
    for (const [declared, shape] of this.jsts)
      if (!this.forDefinitions.has(declared))
        this.add("(none)", `(declared ${declared})`, undefined, shape, "named-subschema");
  }

  private add(name: string, path: string, ours: Shape | undefined, jsts: Shape | undefined, cls?: JstsClass): void {
    this.found.push({
      name,
      path,
      ours: ours ? key(ours) : "(nothing)",
      jsts: jsts ? key(jsts) : "(nothing)",
      ...(cls ? { class: cls } : {}),
    });
  }

  /**
   * `s` with references written out: to definitions `levels` deep, jsts's types for subschemas
   * always (they are inline schemas in ours), up to a bound for recursive ones. A reference past
   * that is "(reference)", which matches anything: each definition is compared on its own.
   */
  private expand(side: Side, s: Shape, levels: number, hops = 0): Shape {
    if (s.kind === "ref" && s.args.length === 0) {
      const declared = (side === "ours" ? this.ours : this.jsts).get(s.name);
      const definition = side === "ours" || this.forDefinitions.has(s.name);
      if (!declared || (definition && levels === 0) || hops > 40) return HORIZON;
      const id = `${side}\0${s.name}\0${levels}`;
      let out: Shape | undefined = this.expanded.get(id);
      if (!out) {
        out = this.expand(side, declared, definition ? levels - 1 : levels, hops + 1);
        // Ours went through a `$ref` that has keywords beside it somewhere: remembered for the classes.
        if (side === "ours" && (this.withSiblings.has(s.name) || this.siblingOwners.has(s.name)))
          this.viaSiblings.add(out);
        this.expanded.set(id, out);
      }
      return out;
    }
    return mapShape(s, (part) => this.expand(side, part, levels, hops));
  }

  /** Where `a` (ours, written out) and `b` (jsts's) differ. */
  private diff(name: string, path: string, a: Shape, b: Shape, reason?: JstsClass): void {
    if (key(a) === key(b) || a === HORIZON || b === HORIZON) return;
    const why = reason ?? (this.viaSiblings.has(a) ? "ref-siblings" : undefined);
    const found = classify(a, b);
    if (found) return this.add(name, path, a, b, found);
    if (a.kind === "object" && b.kind === "object") return this.objects(name, path, a, b, why);
    if (a.kind === "array" && b.kind === "array") return this.diff(name, `${path}[]`, a.of, b.of, why);
    if (a.kind === "tuple" && b.kind === "tuple" && a.of.length === b.of.length && !a.rest === !b.rest) {
      a.of.forEach((x, i) => this.diff(name, `${path}[${i}]`, x, b.of[i]!, why));
      if (a.rest && b.rest) this.diff(name, `${path}[...]`, a.rest, b.rest, why);
      return;
    }
    if ((a.kind === "union" || a.kind === "intersection") && b.kind === a.kind) {
      const as = members(a, a.kind);
      const bs = members(b, b.kind);
      const onlyA = as.filter((x) => !bs.some((y) => key(x) === key(y)));
      const onlyB = bs.filter((y) => !as.some((x) => key(x) === key(y)));
      // Members that differ, paired by kind and then in order: each pair is a difference of its own.
      if (onlyA.length === onlyB.length && onlyA.length > 0) {
        const pairs = pair(onlyA, onlyB);
        if (pairs) return pairs.forEach(([x, y]) => this.diff(name, `${path}|`, x, y, why));
      }
    }
    // Past the references written out, nothing more can be said here: each definition is compared on its own.
    if (key(a).includes(HORIZON_TEXT) || key(b).includes(HORIZON_TEXT)) return;
    this.add(name, path, a, b, why);
  }

  private objects(
    name: string,
    path: string,
    a: Extract<Shape, { kind: "object" }>,
    b: Extract<Shape, { kind: "object" }>,
    why: JstsClass | undefined,
  ): void {
    for (const member of new Set([...a.members.keys(), ...b.members.keys()])) {
      const x = a.members.get(member);
      const y = b.members.get(member);
      if (!x || !y || x.optional !== y.optional)
        this.add(name, `${path}.${member}`, x && optional(x), y && optional(y), why);
      else this.diff(name, `${path}.${member}`, x.type, y.type, why);
    }
    if (a.index && b.index) {
      // TypeScript wants every declared property to fit the index signature: jsts widens it with their types.
      if (b.index.kind === "union" && a.index.kind !== "union")
        this.add(name, `${path}[index]`, a.index, b.index, "index-signature");
      else this.diff(name, `${path}[index]`, a.index, b.index, why);
    } else if (a.index || b.index) {
      const none: Shape = { kind: "text", text: "(none)" };
      const cls = !a.index && b.index && key(b.index) === "unknown" ? "index-signature" : why;
      this.add(name, `${path}[index]`, a.index ?? none, b.index ?? none, cls);
    }
  }
}

/** Union members that differ, paired: by kind first, then in order; undefined when kinds do not pair up. */
function pair(as: Shape[], bs: Shape[]): [Shape, Shape][] | undefined {
  const rest = [...bs];
  const pairs: [Shape, Shape][] = [];
  for (const x of as) {
    const i = rest.findIndex((y) => y.kind === x.kind);
    if (i < 0) return as.length === 1 ? [[x, rest[0]!]] : undefined;
    pairs.push([x, rest.splice(i, 1)[0]!]);
  }
  return pairs;
}

/** The definitions referenced somewhere with keywords beside the `$ref` (other than annotations). */
function refsWithSiblings(schemas: unknown[]): Set<string> {
  const found = new Set<string>();
  const annotations = new Set(["$ref", "description", "title", "$comment", "deprecated", "examples", "default"]);
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && Object.keys(node).some((k) => !annotations.has(k)))
      found.add(ref.replace("#/definitions/", "").split("/")[0]!);
    for (const [k, child] of Object.entries(node)) if (k !== "enum" && k !== "const" && k !== "examples") visit(child);
  };
  schemas.forEach(visit);
  return found;
}

/** Schema keywords whose value maps names (a property called `not` is not the keyword) to schemas. */
const NAME_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependencies"]);

/** Whether a schema holds the `not` keyword anywhere (values of `enum`, `const` and `examples` aside). */
function holdsNot(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(holdsNot);
  return Object.entries(node).some(([k, child]) =>
    k === "not"
      ? true
      : NAME_MAPS.has(k) && child !== null && typeof child === "object"
        ? Object.values(child).some(holdsNot)
        : k !== "enum" && k !== "const" && k !== "examples" && holdsNot(child),
  );
}

/** The members of a union (or intersection), nested ones included. */
function members(s: Shape, kind: "union" | "intersection"): Shape[] {
  return s.kind === kind ? s.of.flatMap((m) => members(m, kind)) : [s];
}

/** `s` with `f` applied to each of its parts. */
function mapShape(s: Shape, f: (part: Shape) => Shape): Shape {
  switch (s.kind) {
    case "ref":
      return { kind: "ref", name: s.name, args: s.args.map(f) };
    case "array":
      return { kind: "array", of: f(s.of) };
    case "union":
    case "intersection":
      return flat(s.kind, s.of.map(f));
    case "tuple":
      return { kind: "tuple", of: s.of.map(f), ...(s.rest ? { rest: f(s.rest) } : {}) };
    case "object":
      return {
        kind: "object",
        members: new Map([...s.members].map(([k, m]) => [k, { optional: m.optional, type: f(m.type) }])),
        ...(s.index ? { index: f(s.index) } : {}),
      };
    default:
      return s;
  }
}

/** A member as a shape, its optionality written into it (for a member on one side only, or optional on one side). */
function optional(m: { optional: boolean; type: Shape }): Shape {
  return m.optional ? { kind: "union", of: [m.type, { kind: "text", text: "(optional)" }] } : m.type;
}

/** The class of a difference between our shape `a` and jsts's `b` at one place, or undefined. */
export function classify(a: Shape, b: Shape): JstsClass | undefined {
  const ka = key(a);
  const kb = key(b);
  // Also inside a union: `A | {}` is `unknown` in ours, `A | { [k: string]: unknown }` in jsts.
  const open = (x: Shape): boolean => key(x) === "{ [k]: unknown }";
  if (ka === "unknown" && (open(b) || (b.kind === "union" && b.of.some(open)))) return "untyped-schema";
  if (a.kind === "text" && a.text.startsWith("`") && kb === "string") return "pattern-template";
  // `bigint` (or `bigint | number`), with `null` when the schema allows it, where jsts has `number`.
  const u64 = ka.split(" | ").filter((x) => x !== "bigint" && x !== "number");
  if (/\bbigint\b/.test(ka) && [...u64, "number"].sort().join(" | ") === kb) return "u64-bigint";
  if (a.kind === "intersection" && b.kind === "intersection" && ka.includes("Omit<")) return "allof-override";
  if (a.kind === "tuple" && a.rest && isClosedTuple(a, b)) return "closed-tuple";
  if (a.kind === "array" && (b.kind === "tuple" || (b.kind === "union" && b.of.every((x) => x.kind === "tuple"))))
    return "bounded-array-tuples";
  // `items: [A]` with `minItems` N: jsts pads the tuple to N with `unknown`.
  if (a.kind === "tuple" && b.kind === "tuple" && a.rest && b.of.length > a.of.length)
    if (b.of.slice(a.of.length).every((x) => key(x) === "unknown")) return "bounded-array-tuples";
  return undefined;
}

/** jsts's closed tuple for ours `[A, B, ...unknown[]]`: `[A, B]`, or `[] | [A] | [A, B]`. */
function isClosedTuple(a: Extract<Shape, { kind: "tuple" }>, b: Shape): boolean {
  const tuples = b.kind === "union" ? b.of : [b];
  return (
    tuples.every((t) => t.kind === "tuple" && !t.rest) &&
    tuples.some((t) => t.kind === "tuple" && t.of.length === a.of.length)
  );
}
