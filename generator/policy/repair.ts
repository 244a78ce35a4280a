/**
 * Fallbacks that are edits of the document: a problem found while validating may carry the edits
 * that make the document what the fallback says (a value left out, a default filled in, a `$ref`
 * dropped). Under a policy that makes the problem a warning, the edits are applied to a copy of the
 * loaded files (never to the files themselves, which a warm process caches), and the copy is
 * validated again, until nothing is left to repair. Pure.
 */
import { getPointer } from "../load/refs.js";
import { setOwn } from "../own.js";

/** One edit of one loaded file at a JSON pointer. */
export type Repair =
  { op: "remove"; file: string; pointer: string } | { op: "set"; file: string; pointer: string; value: unknown };

/** An array item that a repair removed: later pointers into that array moved down by one. */
export interface Removal {
  file: string;
  array: string;
  index: number;
}

/**
 * A copy of `spec` with `repairs` applied, and the array items removed (in the order removed).
 * Sets are applied first; then removals, deepest and last first, so that no removal moves the
 * place of another; an edit inside a value that another removal takes away is not made.
 */
export function applyRepairs<S extends { files: Map<string, unknown> }>(
  spec: S,
  repairs: readonly Repair[],
): { spec: S; removals: Removal[]; edits: number } {
  const files = new Map(spec.files);
  const copied = new Set<string>();
  const own = (file: string): unknown => {
    if (!copied.has(file)) {
      copied.add(file);
      files.set(file, structuredClone(files.get(file)));
    }
    return files.get(file);
  };
  const removed = repairs.filter((r) => r.op === "remove");
  const under = (r: Repair): boolean =>
    removed.some((x) => x !== r && x.file === r.file && r.pointer.startsWith(`${x.pointer}/`));
  const unique = dedupe(repairs).filter((r) => !under(r));
  let edits = 0;
  for (const r of unique) if (r.op === "set" && setAt(own(r.file), r.pointer, r.value)) edits++;
  const removals: Removal[] = [];
  for (const r of unique.filter((x) => x.op === "remove").sort(deepestLastFirst)) {
    const at = removeAt(own(r.file), r.pointer);
    if (at === undefined) continue;
    edits++;
    if (at !== true) removals.push({ file: r.file, ...at });
  }
  return { spec: { ...spec, files }, removals, edits };
}

/** The pointer a place of a repaired file had in the file as read, given the removals made since. */
export function originalPointer(file: string, pointer: string, removals: readonly Removal[]): string {
  let tokens = pointer === "" ? [] : pointer.slice(1).split("/");
  for (let i = removals.length - 1; i >= 0; i--) {
    const r = removals[i]!;
    if (r.file !== file) continue;
    const array = r.array === "" ? [] : r.array.slice(1).split("/");
    if (tokens.length <= array.length || array.some((t, k) => tokens[k] !== t)) continue;
    const index = Number(tokens[array.length]);
    if (Number.isInteger(index) && index >= r.index)
      tokens = [...tokens.slice(0, array.length), String(index + 1), ...tokens.slice(array.length + 1)];
  }
  return tokens.map((t) => `/${t}`).join("");
}

function dedupe(repairs: readonly Repair[]): Repair[] {
  const seen = new Set<string>();
  return repairs.filter((r) => {
    const key = `${r.op}\0${r.file}\0${r.pointer}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** Deeper pointers first; in one array, higher indexes first. */
function deepestLastFirst(a: Repair, b: Repair): number {
  const ta = a.pointer.split("/");
  const tb = b.pointer.split("/");
  if (ta.length !== tb.length) return tb.length - ta.length;
  const ia = Number(ta[ta.length - 1]);
  const ib = Number(tb[tb.length - 1]);
  if (Number.isInteger(ia) && Number.isInteger(ib) && ta.slice(0, -1).join("/") === tb.slice(0, -1).join("/"))
    return ib - ia;
  return a.pointer < b.pointer ? 1 : a.pointer > b.pointer ? -1 : 0;
}

function split(pointer: string): { parent: string; key: string } {
  const slash = pointer.lastIndexOf("/");
  const raw = pointer.slice(slash + 1);
  return { parent: pointer.slice(0, Math.max(slash, 0)), key: raw.replace(/~1/g, "/").replace(/~0/g, "~") };
}

/** Sets the value at `pointer` (never the whole file); whether anything was set. */
function setAt(root: unknown, pointer: string, value: unknown): boolean {
  if (pointer === "") return false;
  const { parent, key } = split(pointer);
  const holder = getPointer(root, parent);
  if (Array.isArray(holder)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index > holder.length) return false;
    holder[index] = structuredClone(value);
    return true;
  }
  if (holder === null || typeof holder !== "object") return false;
  setOwn(holder as Record<string, unknown>, key, structuredClone(value));
  return true;
}

/** Removes the value at `pointer`: the array item removed (`true` for a member), or `undefined` when there was none. */
function removeAt(root: unknown, pointer: string): { array: string; index: number } | true | undefined {
  if (pointer === "") return undefined;
  const { parent, key } = split(pointer);
  const holder = getPointer(root, parent);
  if (Array.isArray(holder)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= holder.length) return undefined;
    holder.splice(index, 1);
    return { array: parent, index };
  }
  if (holder === null || typeof holder !== "object" || !Object.prototype.hasOwnProperty.call(holder, key))
    return undefined;
  delete (holder as Record<string, unknown>)[key];
  return true;
}
