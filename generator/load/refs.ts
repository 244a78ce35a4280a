/** `$ref` resolution over the in-memory files of a loaded spec (pure; no disk access). */
import path from "node:path";

export interface RefTarget {
  /** File holding the target. */
  file: string;
  /** JSON pointer of the target inside `file`. */
  pointer: string;
  value: unknown;
}

/** Resolves `ref` (relative to `fromFile`) to its target, or `undefined` when it does not exist. */
export function resolveRef(files: Map<string, unknown>, fromFile: string, ref: string): RefTarget | undefined {
  const hash = ref.indexOf("#");
  const pointer = hash === -1 ? "" : safeDecode(ref.slice(hash + 1));
  const file = refFile(fromFile, ref);
  if (!files.has(file)) return undefined;
  const value = getPointer(files.get(file), pointer);
  return value === undefined ? undefined : { file, pointer, value };
}

/** The file a `$ref` written in `fromFile` names (the same file for `#/…`). */
export function refFile(fromFile: string, ref: string): string {
  const hash = ref.indexOf("#");
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  return filePart === "" ? fromFile : path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), filePart));
}

/** A `$ref` fragment is URI-encoded (`%20`); a malformed escape is taken literally. */
function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The value at `file#pointer` (a pointer as the generator writes it, not URI-encoded), or `undefined`. */
export function valueAt(files: Map<string, unknown>, file: string, pointer: string): unknown {
  return files.has(file) ? getPointer(files.get(file), pointer) : undefined;
}

/** Reads the value at a JSON pointer, or `undefined`. */
export function getPointer(root: unknown, pointer: string): unknown {
  if (pointer === "" || pointer === "/") return root;
  let node: unknown = root;
  for (const raw of pointer.replace(/^\//, "").split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, token))
      return undefined;
    node = (node as Record<string, unknown>)[token];
    if (node === undefined) return undefined;
  }
  return node;
}

/** Follows `$ref` chains of non-schema objects (content descriptors, errors, examples). */
export function deref<T>(
  files: Map<string, unknown>,
  file: string,
  pointer: string,
  value: unknown,
): { file: string; pointer: string; value: T } | undefined {
  const seen = new Set<string>();
  let current: RefTarget = { file, pointer, value };
  while (isRefObject(current.value)) {
    const key = `${current.file}#${current.pointer}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const next = resolveRef(files, current.file, current.value.$ref);
    if (!next) return undefined;
    current = next;
  }
  return current as { file: string; pointer: string; value: T };
}

export function isRefObject(value: unknown): value is { $ref: string } {
  return value !== null && typeof value === "object" && typeof (value as { $ref?: unknown }).$ref === "string";
}
