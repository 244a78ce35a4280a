/**
 * Validates a document against the OpenRPC meta-schema of its version: 1.0–1.3 against the
 * 1.3 meta-schema, 1.4 against 1.4 (both from `@open-rpc/spec`), and any later 1.x against the
 * newest one the generator has, with a warning instead of a refusal.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { MISSING_MEMBERS } from "../defaults.js";
import type { Finding } from "../policy/policy.js";
import type { Repair } from "../policy/repair.js";
import { pointerToken } from "../problems.js";
// Compiled once, when the generator is built (meta-schema-build.ts), not on every run.
import { v1_3, v1_4 } from "./meta-schema.compiled.js";
import { describeAjvError, valueAt } from "./ajv-errors.js";

/** The newest OpenRPC version whose meta-schema the generator has. */
export const NEWEST_OPENRPC = "1.4";
const compiled: Record<"1.3" | "1.4", ValidateFunction> = {
  "1.3": v1_3 as ValidateFunction,
  "1.4": v1_4 as ValidateFunction,
};

export function validateMetaSchema(document: unknown, file: string): Finding[] {
  return checkMetaSchema(document, file).findings;
}

/** The meta-schema a document is checked against, and the `openrpc` version to check it with. */
export interface MetaVersion {
  version: "1.3" | "1.4";
  openrpc: string;
}

/**
 * What is wrong with the document's shape, and a warning when its `openrpc` version is newer than
 * the generator knows; `meta` when the version is one the generator reads (else the only finding
 * is the version, whose fallback reads the document as 1.3).
 */
export function checkMetaSchema(document: unknown, file: string): { findings: Finding[]; meta?: MetaVersion } {
  const declared =
    document !== null && typeof document === "object" ? (document as { openrpc?: unknown }).openrpc : undefined;
  const match = typeof declared === "string" ? /^1\.(\d+)\.\d+(?:-[0-9A-Za-z.-]+)?$/.exec(declared) : null;
  if (!match) {
    const finding: Finding = {
      file,
      pointer: "/openrpc",
      message: `declares OpenRPC version ${JSON.stringify(declared ?? null)}; the generator reads OpenRPC 1.x documents.`,
      hint: 'Set "openrpc" to the 1.x version the document follows, e.g. "1.3.2".',
      rule: "openrpc-version",
      repair: [{ op: "set", file, pointer: "/openrpc", value: "1.3.2" }],
    };
    return { findings: [finding] };
  }
  const minor = Number(match[1]);
  const meta: MetaVersion = { version: minor <= 3 ? "1.3" : "1.4", openrpc: minor > 4 ? "1.4.0" : String(declared) };
  const findings: Finding[] = [];
  if (minor > 4) {
    findings.push({
      file,
      pointer: "/openrpc",
      message: `declares OpenRPC ${String(declared)}, newer than the newest meta-schema the generator has (${NEWEST_OPENRPC}); it is checked against ${NEWEST_OPENRPC}.`,
      hint: "Update the generator if the newer version changed something the document uses.",
      rule: "openrpc-newer",
    });
  }
  const checked = { ...(document as object), openrpc: meta.openrpc };
  return { findings: [...findings, ...metaProblems(checked, meta.version, file)], meta };
}

/**
 * The problems of `document` against the meta-schema of `version`, in `file`, each at
 * `place(instancePath)` (a wrapper document's place mapped back to where the object is written),
 * each with its fallback: a missing required member filled with its default (MISSING_MEMBERS in
 * generator/defaults.ts) or its object left out; any other refused value left out.
 */
export function metaProblems(
  document: unknown,
  version: MetaVersion["version"],
  file: string,
  place: (instancePath: string) => string = (p) => p,
): Finding[] {
  const validate = compiled[version];
  if (validate(expandServerUrls(document))) return [];
  return collapse(validate.errors ?? []).map((error) => {
    const pointer = place(error.instancePath);
    // A wrapped object (referenced.ts) sits in a made-up method: its names would mislead.
    const named = pointer === error.instancePath ? placeName(document, error.instancePath) : "";
    return {
      file,
      pointer,
      message: `does not follow the OpenRPC ${version} meta-schema${named}: ${describeAjvError(error, document)}.`,
      hint: hintFor(error),
      rule: error.keyword === "required" ? "meta-schema-required" : "meta-schema",
      repair: repairOf(error, file, place),
      ...missingPlace(error, file, place),
    };
  });
}

/** Where a missing member would be: a finding that is the consequence of an earlier fallback that left it out. */
function missingPlace(
  error: ErrorObject,
  file: string,
  place: (instancePath: string) => string,
): Pick<Finding, "after"> {
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (error.keyword !== "required" || typeof missing !== "string") return {};
  return { after: `${file}#${place(error.instancePath)}/${pointerToken(missing)}` };
}

/**
 * The edit that makes the document what the fallback says: the default of a missing member, or
 * the object that lacks it left out; the refused value left out (an unknown member, a value of the
 * wrong type). Never the whole document: a document that is not an object has no fallback (the
 * `not-openrpc` rule stops earlier).
 */
function repairOf(error: ErrorObject, file: string, place: (instancePath: string) => string): Repair[] {
  const params = error.params as { missingProperty?: unknown; additionalProperty?: unknown };
  const at = place(error.instancePath);
  if (error.keyword === "required" && typeof params.missingProperty === "string") {
    const owner = ownerOf(error.instancePath);
    const fill = MISSING_MEMBERS[owner]?.[params.missingProperty];
    if (fill)
      return [
        {
          op: "set",
          file,
          pointer: `${at}/${pointerToken(params.missingProperty)}`,
          value: fill({ file, pointer: at }),
        },
      ];
  }
  // A `$ref` written with characters a URI may not hold (spaces, unicode) names its target all the same, encoded.
  const found = error.data;
  if (error.keyword === "format" && /\/\$ref$/.test(at) && typeof found === "string" && encodeURI(found) !== found)
    return [{ op: "set", file, pointer: at, value: encodeURI(found) }];
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string")
    return [{ op: "remove", file, pointer: `${at}/${pointerToken(params.additionalProperty)}` }];
  return at === "" ? [] : [{ op: "remove", file, pointer: at }];
}

/** Where in an OpenRPC document an object is: the meta-schema's name of its kind (ajv's compiled errors do not say it). */
const KINDS: [RegExp, string][] = [
  [/^$/, "root"],
  [/^\/info$/, "infoObject"],
  [/^\/methods\/\d+$/, "methodObject"],
  [/^\/methods\/\d+\/(params\/\d+|result)$|^\/components\/contentDescriptors\/[^/]+$/, "contentDescriptorObject"],
  [/^\/methods\/\d+\/examples\/\d+$|^\/components\/examplePairingObjects\/[^/]+$/, "examplePairingObject"],
  [/^\/methods\/\d+\/examples\/\d+\/(params\/\d+|result)$|^\/components\/examples\/[^/]+$/, "exampleObject"],
  [/^\/methods\/\d+\/errors\/\d+$|^\/components\/errors\/[^/]+$/, "errorObject"],
];

function ownerOf(instancePath: string): string {
  return KINDS.find(([pattern]) => pattern.test(instancePath))?.[1] ?? "";
}

/** ajv reports every branch of a failed `oneOf`; keep the deepest error per place. */
function collapse(all: ErrorObject[]): ErrorObject[] {
  // An object that is not a `$ref` also fails the Reference-object branch of every
  // `oneOf [X, Reference]`; drop that branch's errors.
  const errors = all.filter((e) => {
    const required = (e.parentSchema as { required?: unknown } | undefined)?.required;
    const isRefBranch = Array.isArray(required) && required.includes("$ref");
    return !(isRefBranch && !(e.data !== null && typeof e.data === "object" && "$ref" in e.data));
  });
  const byPath = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword === "oneOf" || error.keyword === "anyOf") continue;
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (!byPath.has(key)) byPath.set(key, error);
  }
  // The branches of one union that each want a type (`boolean` or `object`, a schema): one error naming both.
  const types = new Map<string, ErrorObject>();
  for (const [key, error] of byPath) {
    if (error.keyword !== "type") continue;
    const first = types.get(error.instancePath);
    if (!first) {
      types.set(error.instancePath, error);
      continue;
    }
    const merged = `${String((first.params as { type?: unknown }).type)},${String((error.params as { type?: unknown }).type)}`;
    first.params = { ...first.params, type: merged };
    first.message = `must be ${merged.split(",").join(" or ")}`;
    byPath.delete(key);
  }
  // `type` is a name or a list of names: when the name is wrong, the list branch's "must be array"
  // only misleads next to the enum error of the name branch.
  const enums = new Set([...byPath.values()].filter((e) => e.keyword === "enum").map((e) => e.instancePath));
  const kept = [...byPath.values()].filter(
    (e) => !(e.keyword === "type" && (e.params as { type?: unknown }).type === "array" && enums.has(e.instancePath)),
  );
  // Drop errors on a parent when a child of it has a more precise error.
  return kept.filter((e) => !kept.some((o) => o !== e && o.instancePath.startsWith(`${e.instancePath}/`)));
}

/** ` (method "eth_call", param "block")` for a place inside a method's param, result or errors; `""` elsewhere. */
export function placeName(document: unknown, pointer: string): string {
  const match = /^\/methods\/(\d+)(?:\/(params|result|errors|examples)(?:\/(\d+))?)?/.exec(pointer);
  if (!match) return "";
  const method = valueAt(document, `/methods/${match[1]}`) as { name?: unknown } | undefined;
  const name = typeof method?.name === "string" ? `method ${JSON.stringify(method.name)}` : `method ${match[1]}`;
  if (match[2] === "params" && match[3] !== undefined) {
    const param = valueAt(document, `/methods/${match[1]}/params/${match[3]}`) as { name?: unknown } | undefined;
    return ` (${name}, param ${typeof param?.name === "string" ? JSON.stringify(param.name) : match[3]})`;
  }
  return match[2] === "result" ? ` (${name}, result)` : ` (${name})`;
}

function hintFor(error: ErrorObject): string {
  if (error.keyword === "additionalProperties")
    return "Remove the property, or prefix it with x- to make it an extension.";
  if (error.keyword === "required") return "Add the missing property (see https://spec.open-rpc.org).";
  return "See https://spec.open-rpc.org for the shape of this object.";
}

/**
 * Server URLs are templates (`{advanced_url}/{apiKey}`); the meta-schema's `format: uri` is
 * meant for the expanded URL, so check a copy with each variable replaced by its default.
 */
function expandServerUrls(document: unknown): unknown {
  const doc = document as { servers?: { url?: unknown; variables?: Record<string, { default?: unknown }> }[] } | null;
  if (!doc || typeof doc !== "object" || !Array.isArray(doc.servers)) return document;
  const servers = doc.servers.map((server) => {
    if (!server || typeof server !== "object" || typeof server.url !== "string") return server;
    const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const value = server.variables?.[name]?.default;
      return typeof value === "string" ? value : whole;
    });
    return { ...server, url };
  });
  return { ...doc, servers };
}
