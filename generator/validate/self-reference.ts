/**
 * Lint rule `self-reference`: a schema defined in terms of itself through `$ref`, `allOf`, `anyOf`,
 * `oneOf` and `not` alone, with no object property or array item in between (`A = allOf[A]`,
 * `A = anyOf[B, null]` with `B = A`). Such a schema has no shape of its own: its type would be
 * `type A = A`, a value generator would chase it forever and a validator would recurse without
 * end. Found on the document (every file), so that its fallback is an edit every consumer sees:
 * the `$ref` that closes the cycle is left out (breakCycle).
 *
 * The schemas and these "transparent" edges form a graph; a depth-first search over it (iterative,
 * so any depth is safe) finds each cycle once, at a `$ref` that closes it.
 */
import type { LoadedSpec } from "../load/load.js";
import { getPointer, resolveRef } from "../load/refs.js";
import type { Finding } from "../policy/policy.js";
import type { Repair } from "../policy/repair.js";
import { pointerToken } from "../problems.js";

interface Place {
  file: string;
  pointer: string;
}

/** The transparent edges out of the schema at `place`: its `$ref` target, and its `allOf`/`anyOf`/`oneOf` members and `not`. */
function edges(files: Map<string, unknown>, place: Place): { to: Place; ref: boolean }[] {
  const node = getPointer(files.get(place.file), place.pointer);
  if (node === null || typeof node !== "object" || Array.isArray(node)) return [];
  const s = node as Record<string, unknown>;
  const out: { to: Place; ref: boolean }[] = [];
  if (typeof s.$ref === "string") {
    const target = resolveRef(files, place.file, s.$ref);
    if (target) out.push({ to: { file: target.file, pointer: target.pointer }, ref: true });
  }
  for (const keyword of ["allOf", "anyOf", "oneOf"]) {
    const members = s[keyword];
    if (Array.isArray(members))
      members.forEach((_, i) =>
        out.push({ to: { ...place, pointer: `${place.pointer}/${keyword}/${i}` }, ref: false }),
      );
  }
  if (s.not !== undefined) out.push({ to: { ...place, pointer: `${place.pointer}/not` }, ref: false });
  return out;
}

const keyOf = (p: Place): string => `${p.file}#${p.pointer}`;

/** Every object holding a `$ref`, in every file: where the search starts. */
function refHolders(spec: LoadedSpec): Place[] {
  const found: Place[] = [];
  for (const [file, root] of spec.files) {
    const stack: [unknown, string][] = [[root, ""]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      if (node === null || typeof node !== "object") continue;
      if (!Array.isArray(node) && typeof (node as { $ref?: unknown }).$ref === "string")
        found.push({ file, pointer: at });
      for (const [key, child] of Object.entries(node))
        if (key !== "enum" && key !== "const" && key !== "examples" && key !== "default")
          stack.push([child, `${at}/${pointerToken(key)}`]);
    }
  }
  return found.reverse();
}

export function lintSelfReferences(spec: LoadedSpec): Finding[] {
  const state = new Map<string, "open" | "done">();
  const findings: Finding[] = [];
  const reported = new Set<string>();
  for (const start of refHolders(spec)) {
    if (state.has(keyOf(start))) continue;
    // The path: each place with the edge that led to it (a `$ref` edge, or a member of a combination).
    const path: { place: Place; viaRef: boolean; next: { to: Place; ref: boolean }[] }[] = [
      { place: start, viaRef: false, next: edges(spec.files, start) },
    ];
    state.set(keyOf(start), "open");
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const edge = top.next.shift();
      if (!edge) {
        state.set(keyOf(top.place), "done");
        path.pop();
        continue;
      }
      const seen = state.get(keyOf(edge.to));
      if (seen === "done") continue;
      if (seen === "open") {
        // A cycle: the places from edge.to to the top. It closes at its last `$ref` edge.
        const from = path.findIndex((p) => keyOf(p.place) === keyOf(edge.to));
        const cycle = path.slice(from);
        const closer = edge.ref ? top.place : lastRefSource(cycle);
        if (closer && !reported.has(keyOf(closer))) {
          reported.add(keyOf(closer));
          findings.push(finding(spec, closer, cycle.length));
        }
        continue;
      }
      state.set(keyOf(edge.to), "open");
      path.push({ place: edge.to, viaRef: edge.ref, next: edges(spec.files, edge.to) });
    }
  }
  return findings;
}

/** The object holding the last `$ref` followed along a cycle (the place before the one it led to). */
function lastRefSource(cycle: { place: Place; viaRef: boolean }[]): Place | undefined {
  for (let i = cycle.length - 1; i > 0; i--) if (cycle[i]!.viaRef) return cycle[i - 1]!.place;
  return undefined;
}

/**
 * The edit that breaks the cycle: a member of `anyOf`/`oneOf`/`allOf` that is nothing but the `$ref`
 * is left out of its list (schemars writes `Option<Self>` as `anyOf: [{ $ref: Self }, { type: null }]`:
 * the type keeps its other members, `| null` among them); the list too when it was its only member;
 * anywhere else the `$ref` alone is left out.
 */
function breakCycle(spec: LoadedSpec, at: Place, holder: Record<string, unknown>): Repair[] {
  const tokens = at.pointer.split("/");
  const list = tokens.slice(0, -1).join("/");
  const keyword = tokens.at(-2);
  const bare = Object.keys(holder).every(
    (k) => k === "$ref" || k === "description" || k === "title" || k === "$comment",
  );
  if (
    bare &&
    (keyword === "anyOf" || keyword === "oneOf" || keyword === "allOf") &&
    /^\d+$/.test(tokens.at(-1) ?? "")
  ) {
    const members = getPointer(spec.files.get(at.file), list);
    return [
      { op: "remove", file: at.file, pointer: Array.isArray(members) && members.length === 1 ? list : at.pointer },
    ];
  }
  return [{ op: "remove", file: at.file, pointer: `${at.pointer}/$ref` }];
}

function finding(spec: LoadedSpec, at: Place, size: number): Finding {
  const holder = getPointer(spec.files.get(at.file), at.pointer) as { $ref: string };
  return {
    file: at.file,
    pointer: at.pointer,
    message: `$ref "${holder.$ref}" makes a schema defined in terms of itself (through ${size === 1 ? "itself" : `${size} schemas`}) with no object property or array item in between, so it has no shape of its own and no value can be built from it.`,
    hint: "Put the recursion inside a property or an array item (for example `items: { $ref: … }`), or remove the reference.",
    rule: "self-reference",
    repair: breakCycle(spec, at, holder),
  };
}
