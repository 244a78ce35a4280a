/**
 * JSON text in prettier's form, for the package files, printed by prettier's printer (./doc.ts).
 * Two of prettier's parsers apply, chosen by the file name as prettier chooses them:
 * - `json` (tsconfig.json, …): every non-empty object one member per line (prettier keeps an
 *   object broken when it was written broken, and `JSON.stringify(value, null, 2)` writes it so),
 *   arrays on one line when they fit in 120 columns (numbers packed like words), no trailing commas;
 * - `json-stringify` (package.json, package-lock.json, composer.json): what `JSON.stringify(value,
 *   null, 2)` writes — every non-empty array broken too.
 * Keys and strings are written as `JSON.stringify` writes them. Values are serialized, never
 * spliced: nothing from a spec can become JSON syntax. prettier/doc is loaded on the first print
 * (./prettier-doc.ts): the marker module imports this one, and a run with nothing to do prints nothing.
 */
import { prettierDoc, printDoc, type Doc } from "./prettier-doc.js";

/** The files prettier formats with its `json-stringify` parser (its `inferParser` list). */
const STRINGIFY_FILES = new Set(["package.json", "package-lock.json", "composer.json"]);

/** `value` as the JSON text prettier prints for a file named `file` (a base name or a path). */
export function jsonText(value: unknown, file = "data.json"): string {
  const base = file.slice(file.lastIndexOf("/") + 1);
  if (STRINGIFY_FILES.has(base)) return `${JSON.stringify(value ?? null, null, 2)}\n`;
  return `${printDoc(jsonDoc(value))}\n`;
}

function jsonDoc(value: unknown): Doc {
  const { hardline, indent, join } = prettierDoc().builders;
  if (Array.isArray(value)) return arrayDoc(value.map((v) => (v === undefined || typeof v === "function" ? null : v)));
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined && typeof v !== "function",
    );
    if (entries.length === 0) return "{}";
    const members = entries.map(([k, v]): Doc => [JSON.stringify(k), ": ", jsonDoc(v)]);
    return ["{", indent([hardline, join([",", hardline], members)]), hardline, "}"];
  }
  return JSON.stringify(value) ?? "null";
}

function arrayDoc(items: unknown[]): Doc {
  const { fill, group, indent, join, line, softline } = prettierDoc().builders;
  if (items.length === 0) return "[]";
  if (items.every((i) => typeof i === "number")) {
    const parts = items.flatMap((item, i): Doc[] =>
      i === items.length - 1 ? [JSON.stringify(item)] : [[JSON.stringify(item), ","], line],
    );
    return group(["[", indent([softline, fill(parts)]), softline, "]"]);
  }
  const size = (v: unknown): number =>
    Array.isArray(v) ? v.length : v && typeof v === "object" ? Object.keys(v).length : 0;
  const kind = (v: unknown): string => (Array.isArray(v) ? "array" : v && typeof v === "object" ? "object" : "other");
  const shouldBreak =
    items.length > 1 &&
    items.every(
      (v, i) => kind(v) !== "other" && size(v) > 1 && (i === items.length - 1 || kind(items[i + 1]) === kind(v)),
    );
  return group(
    [
      "[",
      indent([
        softline,
        join(
          [",", line],
          items.map((v) => group(jsonDoc(v))),
        ),
      ]),
      softline,
      "]",
    ],
    { shouldBreak },
  );
}
