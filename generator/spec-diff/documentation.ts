/**
 * What changed besides the contract: the two sides' files compared as plain JSON. A difference
 * under a documentation keyword (a description, summary, title, example, error message, or
 * `info`) is documentation; any other difference the rules did not grade (an `x-` annotation
 * such as `x-response-deviations`, the order of an enum) is `other`. Either changes the
 * generated package's text without changing its contract: a patch.
 */
import type { LoadedSpec } from "../load/load.js";
import { pointerToken } from "../problems.js";
import type { Side } from "./change.js";

export interface Note {
  /** Like a change's pointer: `#/methods/1/description`, `spec/schemas/values.json#/Address/description`. */
  pointer: string;
  side: Side;
  kind: "documentation" | "other";
  change: "added" | "removed" | "changed";
  /** The file and line, once located (see `Finding`). */
  file?: string;
  line?: number;
}

/** Keywords whose values only document (OpenRPC and JSON Schema). */
const DOCUMENTATION = new Set([
  "description",
  "summary",
  "title",
  "examples",
  "example",
  "$comment",
  "externalDocs",
  "message",
]);

/** Keywords whose members are names, not keywords (`properties: { description: … }`). */
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "definitions",
  "$defs",
  "dependencies",
  "dependentSchemas",
  "schemas",
  "contentDescriptors",
  "links",
  "errors",
  "tags",
  "variables",
]);

/** At most this many notes per spec: enough to show where; the count says the rest. */
const LIMIT = 200;

/** Differences between the files both sides share, entry first; `other` notes are for the caller to keep or drop. */
export function textChanges(before: LoadedSpec | undefined, after: LoadedSpec | undefined): Note[] {
  if (!before || !after) return [];
  const out: Note[] = [];
  for (const [file, value] of after.files) {
    const old = file === after.entry ? before.files.get(before.entry) : before.files.get(file);
    if (old === undefined) continue;
    walk(old, value, { file: file === after.entry ? "" : file, pointer: "", names: false, root: true }, out);
    if (out.length >= LIMIT) break;
  }
  return out.slice(0, LIMIT);
}

interface At {
  file: string;
  pointer: string;
  /** The members here are names (of properties, schemas…), never keywords. */
  names: boolean;
  root: boolean;
}

function note(out: Note[], at: At, kind: Note["kind"], change: Note["change"]): void {
  if (out.length >= LIMIT) return;
  out.push({ pointer: `${at.file}#${at.pointer}`, side: change === "removed" ? "old" : "new", kind, change });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function walk(a: unknown, b: unknown, at: At, out: Note[]): void {
  if (out.length >= LIMIT) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const child = { ...at, pointer: `${at.pointer}/${i}`, names: false, root: false };
      if (i >= a.length) note(out, child, "other", "added");
      else if (i >= b.length) note(out, child, "other", "removed");
      else walk(a[i], b[i], child, out);
    }
    return;
  }
  if (!isObject(a) || !isObject(b)) {
    if (!same(a, b)) note(out, at, "other", "changed");
    return;
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const child: At = {
      file: at.file,
      pointer: `${at.pointer}/${pointerToken(key)}`,
      names: !at.names && NAME_MAPS.has(key),
      root: false,
    };
    const documentation = !at.names && (DOCUMENTATION.has(key) || (at.root && key === "info"));
    const [x, y] = [Object.hasOwn(a, key), Object.hasOwn(b, key)];
    const kind = documentation ? "documentation" : "other";
    if (!x || !y) note(out, child, kind, x ? "removed" : "added");
    else if (documentation) {
      if (!same(a[key], b[key])) note(out, child, kind, "changed");
    } else walk(a[key], b[key], child, out);
  }
}

/** Deep equality of JSON values; key order does not count. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}
