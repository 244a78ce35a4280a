/**
 * The schema nodes the mock's value maker reads (mock-values.ts): the part of the generator's schema
 * model (generator/model/schema.ts) that says what a value may be, without the annotations. The
 * generator's nodes are of these types as they are (its mock server passes them in), and a generated
 * `<subpath>/testing` module carries its result schemas as such nodes, written as data. Kept here, in
 * the runtime, so that the mock server and the package's test kit share one value maker.
 */

/** A named node: what `definitions` holds under `name`. */
export interface MockRefNode {
  readonly kind: "ref";
  readonly name: string;
  readonly pointer?: string;
}

export interface MockProperty {
  readonly name: string;
  readonly required: boolean;
  readonly node: MockNode;
}

export interface MockObjectNode {
  readonly kind: "object";
  readonly pointer?: string;
  /** In the order written; names are data (a property may be called `__proto__`). */
  readonly properties?: readonly MockProperty[];
  /** Required names without a property schema of their own. */
  readonly requiredOnly?: readonly string[];
  /** `patternProperties`, in the order written. */
  readonly patterns?: readonly { readonly pattern: string; readonly node: MockNode }[];
  /** `additionalProperties`: `never` for `false`, `unknown` for `true`, absent when not said. */
  readonly additional?: MockNode;
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

export interface MockArrayNode {
  readonly kind: "array";
  readonly pointer?: string;
  readonly items?: MockNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

export interface MockTupleNode {
  readonly kind: "tuple";
  readonly pointer?: string;
  readonly items: readonly MockNode[];
  readonly rest?: MockNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

export interface MockUnionNode {
  readonly kind: "union";
  readonly pointer?: string;
  /** `oneOf`: a value must fit exactly one member; else (`anyOf`, a list of types) at least one. */
  readonly rule?: "oneOf" | "anyOf" | "type";
  readonly members: readonly MockNode[];
}

export interface MockAllOfNode {
  readonly kind: "allOf";
  readonly pointer?: string;
  readonly members: readonly MockNode[];
}

export interface MockNotNode {
  readonly kind: "not";
  readonly pointer?: string;
  /** What a value must not be (absent: not known, taken as fitting). */
  readonly node?: MockNode;
}

export interface MockEnumNode {
  readonly kind: "enum";
  readonly pointer?: string;
  readonly rule: "enum" | "const";
  readonly values: readonly unknown[];
}

export interface MockStringNode {
  readonly kind: "string";
  readonly pointer?: string;
  readonly format?: string;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
}

export interface MockNumberNode {
  readonly kind: "integer" | "number";
  readonly pointer?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  /** An unsigned 64-bit integer (`format: uint64`): never negative. */
  readonly u64?: boolean;
}

/** `boolean`, `null`, `unknown` (any value) and `never` (no value). */
export interface MockPlainNode {
  readonly kind: "boolean" | "null" | "unknown" | "never";
  readonly pointer?: string;
}

export type MockNode =
  | MockRefNode
  | MockObjectNode
  | MockArrayNode
  | MockTupleNode
  | MockUnionNode
  | MockAllOfNode
  | MockNotNode
  | MockEnumNode
  | MockStringNode
  | MockNumberNode
  | MockPlainNode;

/** The named nodes by name: what `{ kind: "ref", name }` points at. */
export type MockDefinitions<N extends MockNode = MockNode> = ReadonlyMap<string, N>;

/** Follows references to the named node they point at (a missing name or a loop gives `unknown`). */
export function resolveMockNode<N extends MockNode>(node: N, definitions: MockDefinitions<N>): N {
  let current: MockNode = node;
  const seen = new Set<string>();
  while (current.kind === "ref") {
    if (seen.has(current.name)) return { kind: "unknown", pointer: current.pointer ?? "" } as N;
    seen.add(current.name);
    current = definitions.get(current.name) ?? ({ kind: "unknown", pointer: current.pointer ?? "" } as N);
  }
  return current as N;
}

/** Whether the node admits `null` only (the `null` type, or an enum of `null`). */
export function nullOnly(node: MockNode, definitions?: MockDefinitions): boolean {
  const n = definitions ? resolveMockNode(node, definitions) : node;
  return n.kind === "null" || (n.kind === "enum" && n.values.length > 0 && n.values.every((v) => v === null));
}
