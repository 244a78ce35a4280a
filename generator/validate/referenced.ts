/**
 * The meta-schema check of the objects a document reaches through `$ref`s. In place, the
 * meta-schema sees only a Reference Object (`{ "$ref": "…" }`); the method, param, result,
 * error, example pairing or example it points at — in another file, or anywhere in the same one —
 * is checked here, each once, as the meta-schema would check it written in place: inside a
 * smallest valid document around it, with every problem put back where the object is written.
 * Normalize reads these objects with the document's types (normalize/openrpc.ts); this is what
 * makes that true for objects in referenced files.
 */
import type { LoadedSpec } from "../load/load.js";
import { deref } from "../load/refs.js";
import type { Finding } from "../policy/policy.js";
import type { ExamplePairingObject, MethodObject, OpenrpcDocument } from "../normalize/openrpc.js";
import { metaProblems, type MetaVersion } from "./meta-schema.js";
import { unresolvedRefRepair } from "./ref-fallback.js";

type Kind = "method" | "param" | "result" | "error" | "pairing" | "example" | "example result";

/** The smallest valid method and document around an object of each kind, and the object's place in it. */
const WRAPPERS: Record<Kind, { place: string; method: (value: unknown) => unknown }> = {
  method: { place: "/methods/0", method: (value) => value },
  param: { place: "/methods/0/params/0", method: (value) => ({ name: "m", params: [value] }) },
  result: { place: "/methods/0/result", method: (value) => ({ name: "m", params: [], result: value }) },
  error: { place: "/methods/0/errors/0", method: (value) => ({ name: "m", params: [], errors: [value] }) },
  pairing: { place: "/methods/0/examples/0", method: (value) => ({ name: "m", params: [], examples: [value] }) },
  example: {
    place: "/methods/0/examples/0/params/0",
    method: (value) => ({ name: "m", params: [], examples: [{ name: "e", params: [value] }] }),
  },
  "example result": {
    place: "/methods/0/examples/0/result",
    method: (value) => ({ name: "m", params: [], examples: [{ name: "e", params: [], result: value }] }),
  },
};

/** Problems of the objects reached through `$ref`s from the methods of `spec`'s entry document. */
export function checkReferenced(spec: LoadedSpec, meta: MetaVersion): Finding[] {
  const problems: Finding[] = [];
  const checked = new Set<string>();
  /** Follows `raw` at `file#at`; checks what a `$ref` reached; `undefined` when it is not there or not valid. */
  const visit = <T>(
    kind: Kind,
    file: string,
    at: string,
    raw: unknown,
  ): { file: string; at: string; value: T } | undefined => {
    const found = deref<T>(spec.files, file, at, raw);
    if (!found) return undefined; // an unresolved $ref: lint.ts reports it
    if (found.file !== file || found.pointer !== at) {
      const key = `${found.file}#${found.pointer}`;
      if (checked.has(key)) return undefined;
      checked.add(key);
      const { place, method } = WRAPPERS[kind];
      const wrapper = { openrpc: meta.openrpc, info: { title: "t", version: "1" }, methods: [method(found.value)] };
      const wrong = metaProblems(wrapper, meta.version, found.file, (p) =>
        p.startsWith(place) ? `${found.pointer}${p.slice(place.length)}` : found.pointer,
      ).map((f) =>
        // An object that is a whole file cannot be left out of it: its `$ref` is read as unresolved.
        f.repair?.length ? f : { ...f, repair: unresolvedRefRepair(spec.entry, file, at) },
      );
      problems.push(...wrong);
      if (wrong.length > 0) return undefined;
    }
    return { file: found.file, at: found.pointer, value: found.value };
  };
  const doc = spec.files.get(spec.entry) as OpenrpcDocument;
  doc.methods.forEach((raw, i) => {
    const method = visit<MethodObject>("method", spec.entry, `/methods/${i}`, raw);
    if (!method) return;
    const { file, at, value: m } = method;
    m.params.forEach((p, j) => visit("param", file, `${at}/params/${j}`, p));
    if (m.result !== undefined) visit("result", file, `${at}/result`, m.result);
    (m.errors ?? []).forEach((e, j) => visit("error", file, `${at}/errors/${j}`, e));
    (m.examples ?? []).forEach((e, j) => {
      const pairing = visit<ExamplePairingObject>("pairing", file, `${at}/examples/${j}`, e);
      if (!pairing) return;
      const { file: pf, at: pa, value: pv } = pairing;
      pv.params.forEach((p, k) => visit("example", pf, `${pa}/params/${k}`, p));
      if (pv.result !== undefined) visit("example result", pf, `${pa}/result`, pv.result);
    });
  });
  // An object inside another referenced one is checked with it, and again on its own.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}#${p.pointer}\0${p.message}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}
