/**
 * Params of a call: checked against the method's `paramStructure`, turned into an object keyed
 * by param name, validated against the documented params schema (ajv) and the `x-limits` rules.
 * Every problem becomes a `ParamIssue`; `invalidParamsMessage` makes the -32602 message.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import type { MethodModel } from "../model/document.js";
import { checkLimits } from "../../runtime/limits.js";
import type { Issue } from "../../runtime/validate.js";
import { getOwn, jsonType, setOwn, toPlain } from "./json.js";

/** One problem with the params: the param path (`pageSize`, `config.encoding`, `address[0]`), the rule broken, and what is expected. */
export interface ParamIssue {
  path: string;
  rule: string;
  message: string;
}

export type ReadParams = { named: Record<string, unknown> } | { issues: ParamIssue[] };

/**
 * The params as an object keyed by name. Positional params are named by the documented order;
 * a `null` in the place of an optional param means the param is left out (the proxy form sends
 * `null` for skipped params in the middle).
 */
export function readParams(
  method: Pick<MethodModel, "rpcName" | "paramStructure" | "params">,
  params: unknown,
): ReadParams {
  const names = method.params.map((p) => p.name);
  if (params === undefined) return { named: {} };
  if (Array.isArray(params)) {
    if (method.paramStructure === "by-name") {
      return {
        issues: [
          {
            path: "params",
            rule: "paramStructure",
            message: `must be an object keyed by param name (${method.rpcName} takes its params by name), not an array`,
          },
        ],
      };
    }
    if (params.length > names.length) {
      const allowed = names.length === 0 ? "takes no params" : `takes at most ${names.length} (${names.join(", ")})`;
      return {
        issues: [
          {
            path: "params",
            rule: "maxItems",
            message: `has ${params.length} positional params, but ${method.rpcName} ${allowed}`,
          },
        ],
      };
    }
    const named: Record<string, unknown> = {};
    params.forEach((value, i) => {
      const param = method.params[i]!;
      if (value !== undefined && !(value === null && !param.required)) setOwn(named, param.name, value);
    });
    return { named };
  }
  if (method.paramStructure === "by-position") {
    const order = names.length === 0 ? "an empty array" : `an array in the order ${names.join(", ")}`;
    return {
      issues: [
        {
          path: "params",
          rule: "paramStructure",
          message: `must be ${order} (${method.rpcName} takes its params by position), not an object`,
        },
      ],
    };
  }
  // Spreading copies own keys as own properties: a `__proto__` key stays a param, validated like any other.
  return { named: { ...(params as Record<string, unknown>) } };
}

/**
 * ajv leaves a property named `__proto__` out of `properties` and `required` on purpose (its
 * guard against prototype pollution), so a param or field of that name would be "not allowed".
 * The mock hands ajv both the schemas and the values with that key renamed to PROTO_KEY (a name
 * no JSON key of a spec can collide with in practice, and never a prototype), and renames it
 * back in the issues. ajv is also compiled with `ownProperties`, so an absent `toString` param
 * is absent, not Object.prototype's function.
 */
export const PROTO_KEY = "\u0000__proto__";

/**
 * A value (or a schema) with every own `__proto__` key, and every `"__proto__"` in a `required`
 * list, renamed to PROTO_KEY: a copy where there is one to rename, else the value itself (ajv
 * reads values and schemas, never writes them; most have no such key, and copying every param
 * and every schema was a tenth of what a differential check of the validators cost).
 */
export function forAjv(value: unknown, inRequired = false): unknown {
  return holdsProtoKey(value, inRequired) ? renamed(value, inRequired) : value;
}

function holdsProtoKey(value: unknown, inRequired: boolean): boolean {
  if (Array.isArray(value)) return value.some((v) => (inRequired && v === "__proto__") || holdsProtoKey(v, false));
  if (value === null || typeof value !== "object") return false;
  for (const [k, v] of Object.entries(value)) if (k === "__proto__" || holdsProtoKey(v, k === "required")) return true;
  return false;
}

function renamed(value: unknown, inRequired: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => (inRequired && v === "__proto__" ? PROTO_KEY : renamed(v, false)));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    setOwn(out, k === "__proto__" ? PROTO_KEY : k, renamed(v, k === "required"));
  return out;
}

/** An ajv error with PROTO_KEY renamed back to `__proto__`. */
function fromAjv(e: ErrorObject): ErrorObject {
  const back = (s: unknown): unknown => (typeof s === "string" ? s.split(PROTO_KEY).join("__proto__") : s);
  const params = Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, back(v)]));
  return { ...e, instancePath: back(e.instancePath) as string, params };
}

/** Problems of named params with the params schema (`validate`) and the `x-limits` rules. */
export function checkParams(
  method: Pick<MethodModel, "rpcName" | "limits">,
  validate: ValidateFunction,
  named: Record<string, unknown>,
): ParamIssue[] {
  const issues: ParamIssue[] = [];
  if (!validate(forAjv(toPlain(named))))
    issues.push(...ajvIssues((validate.errors ?? []).map(fromAjv), method.rpcName, named));
  const limits: Issue[] = [];
  checkLimits(named, method.limits, "params", limits);
  for (const l of limits) issues.push({ path: l.path.replace(/^params\./, ""), rule: l.rule, message: l.message });
  return issues;
}

/**
 * ajv errors as param issues. The branch errors under a failed `anyOf`/`oneOf` are folded into
 * that one issue, so a param that fits no branch is reported once, with what each branch wants.
 */
export function ajvIssues(errors: readonly ErrorObject[], rpcName: string, params: unknown): ParamIssue[] {
  const combinators = errors.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf");
  const inBranch = (e: ErrorObject): ErrorObject | undefined =>
    combinators.find((c) => c !== e && e.schemaPath.startsWith(`${c.schemaPath}/`));
  const issues: ParamIssue[] = [];
  for (const e of errors) {
    if (inBranch(e)) continue;
    if (e.keyword === "anyOf" || e.keyword === "oneOf") {
      const wants = [
        ...new Set(errors.filter((b) => inBranch(b) === e).map((b) => describe(b, rpcName, params).message)),
      ];
      const passing =
        e.keyword === "oneOf" && wants.length === 0
          ? "must match exactly one of the allowed forms, but matches several"
          : `must match one of the allowed forms${wants.length > 0 ? `: ${wants.join(" | ")}` : ""}`;
      issues.push({ path: toPath(e.instancePath), rule: e.keyword, message: passing });
      continue;
    }
    issues.push(describe(e, rpcName, params));
  }
  return dedupe(issues);
}

function describe(e: ErrorObject, rpcName: string, params: unknown): ParamIssue {
  const at = toPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  const child = (key: unknown): string => (at === "params" ? String(key) : `${at}.${String(key)}`);
  switch (e.keyword) {
    case "required":
      return { path: child(p.missingProperty), rule: "required", message: "is required" };
    case "additionalProperties":
      return {
        path: child(p.additionalProperty),
        rule: "additionalProperties",
        message: at === "params" ? `is not a param of ${rpcName}` : "is not an allowed property",
      };
    case "type":
      return {
        path: at,
        rule: "type",
        message: `must be ${String(p.type).split(",").join(" or ")}, not ${jsonType(valueAt(params, e.instancePath))}`,
      };
    case "enum": {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const listed = allowed
        .slice(0, 12)
        .map((v) => JSON.stringify(v))
        .join(", ");
      return {
        path: at,
        rule: "enum",
        message: `must be one of ${listed}${allowed.length > 12 ? `, … (${allowed.length} values)` : ""}`,
      };
    }
    case "const":
      return { path: at, rule: "const", message: `must be ${JSON.stringify(p.allowedValue)}` };
    default:
      return { path: at, rule: e.keyword, message: e.message ?? "is invalid" };
  }
}

/** ajv's `/config/encoding` or `/address/0` → `config.encoding`, `address[0]`; the root is `params`. */
function toPath(instancePath: string): string {
  if (instancePath === "") return "params";
  return instancePath
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((token, i) => (/^\d+$/.test(token) ? `[${token}]` : i === 0 ? token : `.${token}`))
    .join("");
}

function valueAt(root: unknown, instancePath: string): unknown {
  let node = root;
  for (const token of instancePath.split("/").slice(1)) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    node = Array.isArray(node) ? node[Number(key)] : getOwn(node, key);
  }
  return node;
}

function dedupe(issues: ParamIssue[]): ParamIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.rule}\u0000${i.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** `Invalid params: pageSize must be <= 10000 (maximum); blockchain is required (required)`. */
export function invalidParamsMessage(issues: readonly ParamIssue[]): string {
  return `Invalid params: ${issues.map((i) => `${i.path} ${i.message} (${i.rule})`).join("; ")}`;
}
