/** Small OpenRPC documents for the breaking-change review's tests, and the shape of a case. */
import type { LoadedSpec, SpecSource } from "../../../generator/load/load.js";
import { loadModel, requireModel } from "../../../generator/load/load-model.js";
import { ROOT } from "../../../generator/root.js";
import type { Change } from "../../../generator/spec-diff/change.js";
import { diffDocuments, emptyModel } from "../../../generator/spec-diff/compare.js";
import type { SideInput } from "../../../generator/spec-diff/review.js";
import type { Level, RuleId } from "../../../generator/spec-diff/rules.js";

/** One expected change: level, rule, method (null for servers) and pointer. */
export type Want = [Level, RuleId, string | null, string];

export interface Case {
  /** The rule this case proves (every rule of the catalogue has at least one case). */
  rule: RuleId;
  name: string;
  before: Doc;
  after: Doc;
  /** Exactly the changes expected, in report order. */
  want: Want[];
  /** Extra files for external `$ref`s, by path: the same on both sides unless `afterFiles` says otherwise. */
  files?: Record<string, unknown>;
  afterFiles?: Record<string, unknown>;
  /** Phrases the messages must contain, in the order of `want`. */
  messages?: (string | undefined)[];
}

/** A JSON document, edited freely by the tests (any path may be read or written, as in the document itself). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test documents are untyped JSON edited in place
export type Doc = Record<string, any>;

export const ENTRY = "spec/test.openrpc.json";

export function loaded(document: Doc, files: Record<string, unknown> = {}): LoadedSpec {
  return { entry: ENTRY, files: new Map<string, unknown>([[ENTRY, document], ...Object.entries(files)]) };
}

/**
 * One side of a review made from documents in memory, loaded as the commands load a side: through
 * `loadModel` (reading, references, the meta-schema, lints and examples, normalize), from a
 * source that serves the files' JSON text.
 */
export async function side(spec: LoadedSpec, examples: "error" | "warn" = "error"): Promise<SideInput> {
  const texts = new Map([...spec.files].map(([name, doc]) => [name, JSON.stringify(doc, null, 2)]));
  const source: SpecSource = {
    read: async (file) => {
      const text = texts.get(file);
      if (text === undefined) throw new Error(`no file ${file}`);
      return text;
    },
    name: (file) => file,
    why: (file) => `cannot read ${file}: the test gave no such file`,
  };
  const model = requireModel(
    await loadModel({ specs: [spec.entry], cwd: ROOT, source, examples }),
    "Reading the specs",
  );
  return { spec: model.specs[0], document: model.documents[0], texts };
}

/**
 * The changes from `before` to `after`, both loaded as `side` loads them; `undefined` for a spec
 * that does not exist. `examples: "warn"` as `spec:diff --examples warn`.
 */
export async function diffSpecs(
  before: LoadedSpec | undefined,
  after: LoadedSpec | undefined,
  examples: "error" | "warn" = "error",
): Promise<Change[]> {
  const source = after?.entry ?? before?.entry ?? "";
  const document = async (spec: LoadedSpec | undefined) =>
    spec ? (await side(spec, examples)).document! : emptyModel(source);
  return diffDocuments(await document(before), await document(after));
}

/** A deep copy of `document` changed by `change`. */
export function edit(document: Doc, change: (d: Doc) => void): Doc {
  const copy = structuredClone(document);
  change(copy);
  return copy;
}

/** The four fields a test compares: everything but the message and the values. */
export function summary(changes: Change[]): Want[] {
  return changes.map((c) => [c.level, c.rule, c.method, c.pointer]);
}

const endpoint = (paramStructure: string, kind: string, envelope: string) => ({
  kind,
  paramStructure,
  envelope,
  methodIn: envelope === "jsonrpc" ? "body" : "query",
  transport: "https",
});

/**
 * A pet store with one method of each param structure and every extension:
 * 0 `pets_list` (either, paged, errors), 1 `pets_get` (by-position, result variants),
 * 2 `pets_find` (by-name), 3 `pets_range` (by-name, `x-limits`).
 */
export function petstore(): Doc {
  return {
    openrpc: "1.3.2",
    info: { title: "Pets API", version: "1.0.0", description: "Pets." },
    servers: [
      {
        name: "keyed",
        url: "https://{host}/{apiKey}",
        summary: "Keyed.",
        variables: { host: { default: "pets.example" }, apiKey: { default: "KEY" } },
        "x-endpoint": endpoint("by-name", "keyed", "jsonrpc"),
      },
      {
        name: "proxy",
        url: "https://proxy.pets.example/",
        "x-endpoint": endpoint("by-position", "proxy", "params-only"),
      },
    ],
    methods: [
      {
        name: "pets_list",
        summary: "Lists pets.",
        paramStructure: "either",
        params: [
          { name: "owner", required: true, description: "Owner.", schema: { $ref: "#/components/schemas/Owner" } },
          { name: "pageSize", schema: { type: "integer", minimum: 1, maximum: 100, default: 10 } },
          { name: "kind", schema: { $ref: "#/components/schemas/Kind" } },
        ],
        result: { name: "page", schema: { $ref: "#/components/schemas/PetPage" } },
        errors: [{ code: -32005, message: "Not found" }],
        examples: [
          { name: "one", params: [{ name: "owner", value: "0xab" }], result: { name: "page", value: { pets: [] } } },
        ],
      },
      {
        name: "pets_get",
        paramStructure: "by-position",
        params: [
          { name: "id", required: true, schema: { type: "string" } },
          { name: "verbose", schema: { type: "boolean" } },
        ],
        result: { name: "pet", schema: { anyOf: [{ $ref: "#/components/schemas/Pet" }, { type: "string" }] } },
        "x-result-variants": [
          { name: "Verbose", when: { param: "verbose", equals: true }, schema: { $ref: "#/components/schemas/Pet" } },
          { name: "Brief", when: { param: "verbose", equals: false }, schema: { type: "string" } },
        ],
      },
      {
        name: "pets_find",
        paramStructure: "by-name",
        params: [
          { name: "query", required: true, schema: { type: "string" } },
          { name: "limit", schema: { type: "integer" } },
        ],
        result: { name: "pets", schema: { type: "array", items: { $ref: "#/components/schemas/Pet" } } },
      },
      {
        name: "pets_range",
        paramStructure: "by-name",
        params: [
          { name: "from", schema: { type: "integer" } },
          { name: "to", schema: { type: "integer" } },
          { name: "withTags", schema: { type: "boolean" } },
          { name: "withNames", schema: { type: "boolean" } },
        ],
        result: { name: "count", schema: { type: "integer" } },
        "x-limits": [{ rule: "maxBlockSpan", from: "from", to: "to", max: 30, description: "At most 30." }],
      },
    ],
    components: {
      schemas: {
        Owner: { type: "string", pattern: "^0x[0-9a-f]+$" },
        Kind: { type: "string", enum: ["cat", "dog"] },
        Pet: {
          type: "object",
          required: ["id", "name"],
          properties: { id: { type: "string" }, name: { type: "string" }, tag: { type: "string" } },
        },
        PetPage: {
          type: "object",
          required: ["pets"],
          properties: {
            pets: { type: "array", items: { $ref: "#/components/schemas/Pet" } },
            nextPageToken: { type: "string" },
          },
        },
      },
    },
  };
}

/** One by-name method `probe` taking `input` (schema `request`) and returning `output` (schema `response`). */
export function probe(request: unknown, response: unknown, schemas: Record<string, unknown> = {}): Doc {
  return {
    openrpc: "1.3.2",
    info: { title: "Probe", version: "1.0.0" },
    methods: [
      {
        name: "probe",
        paramStructure: "by-name",
        params: [{ name: "input", required: true, schema: request }],
        result: { name: "output", schema: response },
      },
    ],
    components: { schemas },
  };
}

/** Pointers of `probe`'s param and result schemas. */
export const REQ = "#/methods/0/params/0/schema";
export const RES = "#/methods/0/result/schema";

/** A copy with the keys of every object in reverse order (values of arrays keep their order). */
export function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reverseKeys(v)]),
  );
}
