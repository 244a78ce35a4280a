/**
 * ajv's errors as the sentences a user reads: ajv's own message (what was expected), then what
 * was found there, where that helps (`must be string, found 1`). Shared by the meta-schema check
 * (meta-schema.ts) and the examples check (examples.ts). Terminal escaping is the reporter's job
 * (generator/commands/report.ts); the text here may hold any character the document holds.
 */
import type { ErrorObject } from "ajv";

/** Longest preview of a found value, in characters. */
const PREVIEW = 48;
/** Longest list of allowed values, in characters (JSON Schema's seven type names fit). */
const ENUM_LIST = 120;

/** Keywords about an object's members or an array's items: the count says more than the value. */
const SIZES: Record<string, "items" | "properties"> = {
  minItems: "items",
  maxItems: "items",
  additionalItems: "items",
  minProperties: "properties",
  maxProperties: "properties",
};

/** Keywords whose message already names what is missing: the whole value would only be noise. */
const NAMES_ITS_FINDING = new Set(["dependencies", "dependentRequired", "uniqueItems", "propertyNames"]);

/**
 * `must be string, found 1`: what was expected at the error's place in `root`, and what was found
 * there. ajv's own message, except for three keywords whose message leaves out the name or the
 * values that matter (an unknown member, a missing one, the allowed values).
 */
export function describeAjvError(
  error: Pick<ErrorObject, "keyword" | "message" | "params" | "instancePath">,
  root: unknown,
): string {
  const params = error.params as Record<string, unknown>;
  const found = valueAt(root, error.instancePath);
  switch (error.keyword) {
    case "required":
      return `is missing required property ${JSON.stringify(String(params.missingProperty))}`;
    case "additionalProperties":
      return `has unknown property ${JSON.stringify(String(params.additionalProperty))}`;
    case "enum":
      if (Array.isArray(params.allowedValues))
        return `must be one of ${clip(params.allowedValues.map((v) => JSON.stringify(v)).join(", "), ENUM_LIST)}, found ${preview(found)}`;
  }
  const expected = error.message ?? `must satisfy "${error.keyword}"`;
  if (NAMES_ITS_FINDING.has(error.keyword)) return expected;
  const size = SIZES[error.keyword];
  if (size === undefined) return `${expected}, found ${preview(found)}`;
  const count = Array.isArray(found)
    ? found.length
    : found !== null && typeof found === "object"
      ? Object.keys(found).length
      : 0;
  return `${expected}, found ${count} ${count === 1 ? size.replace(/s$/, "") : size}`;
}

/** A short description of a value: its JSON when short, else its kind and size. */
export function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  const json = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? Number(v) : v));
  if (json.length <= PREVIEW) return json;
  if (typeof value === "string") return `${clip(json)} (${[...value].length} characters)`;
  if (Array.isArray(value)) return `an array of ${value.length} items`;
  if (value !== null && typeof value === "object") return `an object with ${Object.keys(value).length} properties`;
  return clip(json);
}

function clip(text: string, max = PREVIEW): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

/** The value at a JSON pointer (`/a/0/b`, as ajv's `instancePath`); `undefined` when there is none. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let node = root;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, token))
      return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}
