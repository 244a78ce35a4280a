/**
 * Whether two schemas of a document say the same thing, read from the loaded files: the same
 * keywords with the same values, where a `$ref` and the body it names are the same thing and
 * annotations (`title`, `description`, `$schema`, examples) do not count. Documents written by
 * tools repeat schemas: schemars copies a type's definitions into every method that uses it
 * (starcoin's `TypeInstantiation` six times), Substrate tools copy components with a `$schema` of
 * their own. One schema under one name, however many times it is written, keeps the document's own
 * name: no `TypeInstantiation2`. Pure; iterative over `$ref`s (a pair met again is taken as equal,
 * which is how recursive schemas compare).
 */
import { isRefObject, resolveRef, valueAt } from "../load/refs.js";

/** A schema's place: its file and JSON pointer. */
export interface Place {
  file: string;
  pointer: string;
}

/** Keywords that describe a schema without constraining values (and `definitions`, a place to keep schemas in). */
const DESCRIBING = new Set([
  "definitions",
  "$defs",
  "title",
  "description",
  "$schema",
  "$id",
  "$comment",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
]);
/** Keywords whose values are data: compared as JSON. */
const DATA = new Set(["enum", "const", "default", "required", "type", "format", "pattern"]);
/** Most pairs compared for one question: a bound on the work, beyond which the answer is "not the same". */
const MAX_PAIRS = 2_000;

export function sameSchema(files: Map<string, unknown>, a: Place, b: Place): boolean {
  const seen = new Set<string>();
  const pending: [Place, unknown, Place, unknown][] = [
    [a, valueAt(files, a.file, a.pointer), b, valueAt(files, b.file, b.pointer)],
  ];
  while (pending.length > 0) {
    const [pa, rawA, pb, rawB] = pending.pop()!;
    const [wa, va] = follow(files, pa, rawA);
    const [wb, vb] = follow(files, pb, rawB);
    const key = `${wa.file}#${wa.pointer}\0${wb.file}#${wb.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > MAX_PAIRS) return false;
    if (va === null || typeof va !== "object" || vb === null || typeof vb !== "object") {
      if (va !== vb) return false;
      continue;
    }
    if (Array.isArray(va) !== Array.isArray(vb)) return false;
    if (Array.isArray(va)) {
      const other = vb as unknown[];
      if (va.length !== other.length) return false;
      va.forEach((item, i) => pending.push([at(wa, String(i)), item, at(wb, String(i)), other[i]]));
      continue;
    }
    const ra = va as Record<string, unknown>;
    const rb = vb as Record<string, unknown>;
    const keysA = Object.keys(ra).filter((k) => !DESCRIBING.has(k));
    const keysB = Object.keys(rb).filter((k) => !DESCRIBING.has(k));
    if (keysA.length !== keysB.length || keysA.some((k) => !Object.prototype.hasOwnProperty.call(rb, k))) return false;
    for (const k of keysA) {
      if (k === "$ref" && typeof ra[k] === "string" && typeof rb[k] === "string") {
        // Beside other keywords: the schemas named are compared, wherever each `$ref` is written.
        const ta = resolveRef(files, wa.file, ra[k]);
        const tb = resolveRef(files, wb.file, rb[k]);
        if (!ta || !tb) {
          if (ta !== tb || ra[k] !== rb[k]) return false;
          continue;
        }
        pending.push([ta, ta.value, tb, tb.value]);
      } else if (k === "required" && Array.isArray(ra[k]) && Array.isArray(rb[k])) {
        // A list of names: the same names in any order.
        if (
          JSON.stringify([...(ra[k] as unknown[])].map(String).sort()) !==
          JSON.stringify([...(rb[k] as unknown[])].map(String).sort())
        )
          return false;
      } else if (DATA.has(k)) {
        if (JSON.stringify(ra[k]) !== JSON.stringify(rb[k])) return false;
      } else pending.push([at(wa, k), ra[k], at(wb, k), rb[k]]);
    }
  }
  return true;
}

function at(place: Place, token: string): Place {
  return { file: place.file, pointer: `${place.pointer}/${token.replace(/~/g, "~0").replace(/\//g, "~1")}` };
}

/**
 * A schema that is only a `$ref` (with annotations) is the schema it names: followed, so that a
 * `$ref` and the body it names compare equal. Cycles of such `$ref`s stop where they close.
 */
function follow(files: Map<string, unknown>, place: Place, value: unknown): [Place, unknown] {
  const visited = new Set<string>();
  let current: [Place, unknown] = [place, value];
  for (;;) {
    const [where, v] = current;
    if (!isRefObject(v) || Object.keys(v).some((k) => k !== "$ref" && !DESCRIBING.has(k))) return current;
    const key = `${where.file}#${where.pointer}`;
    if (visited.has(key)) return current;
    visited.add(key);
    const target = resolveRef(files, where.file, v.$ref);
    if (!target) return current;
    current = [{ file: target.file, pointer: target.pointer }, target.value];
  }
}

/**
 * Whether the schema at `component` is a method's params object: an object whose properties are the
 * params, by name, each the param's schema, requiring the required ones (soulseek's
 * `DownloadStartParams` for `download.start`). `entry` is the document's own file (a param's place
 * without a file is in it).
 */
export function isParamsObject(
  files: Map<string, unknown>,
  component: Place,
  method: { params: readonly { name: string; required: boolean; pointer: string }[] },
  entry: string,
): boolean {
  const raw = valueAt(files, component.file, component.pointer) as { additionalProperties?: unknown } | undefined;
  if (raw === null || typeof raw !== "object") return false;
  const properties: Record<string, unknown> = {};
  for (const p of method.params) {
    const hash = p.pointer.indexOf("#");
    const file = p.pointer.slice(0, hash) || entry;
    Object.defineProperty(properties, p.name, {
      value: { $ref: `${file}#${p.pointer.slice(hash + 1)}` },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const required = method.params.filter((p) => p.required).map((p) => p.name);
  const object = {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(raw.additionalProperties === false ? { additionalProperties: false } : {}),
  };
  // The params object as a file of its own, its properties `$ref`s to where each param's schema is.
  const PARAMS = "\0params";
  const withParams = new Map(files);
  withParams.set(PARAMS, object);
  return sameSchema(withParams, { file: PARAMS, pointer: "" }, component);
}
