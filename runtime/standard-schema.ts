/**
 * Standard Schema v1 (https://standardschema.dev) over the package's compiled validators: what the
 * `<subpath>/schemas` modules export (generator/plugins/schemas/), so that forms and routers that take
 * any Standard Schema (TanStack Form, tRPC, Hono, …) check a method's params and result by exactly
 * the client's rules: the params validator and the spec's `x-limits` rules (params-check.ts), the
 * result validator (`validateResponses`). The issues are the client's own (validate-explain.ts,
 * limit-issues.ts), their paths as Standard Schema paths: a positional method's params are a tuple,
 * so its first segment is the param's position. The interface is copied from the spec (MIT), as it
 * invites, so that the package depends on nothing.
 */
import { toNamed, type MethodSpec } from "./codec.js";
import { breaches, limitIssues } from "./limit-issues.js";
import type { ApiSpec } from "./options.js";
import { paramsPass } from "./params-check.js";
import type { Issue, Validator } from "./validate.js";
import { explain } from "./validate-explain.js";

/** The Standard Schema interface (v1). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

// The spec's own shape: its types live in a namespace of the interface's name.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties interface. */
  export interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1;
    /** The vendor name of the schema library. */
    readonly vendor: string;
    /** Validates unknown input values. */
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    /** Inferred types associated with the schema. */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** The result interface of the validate function. */
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  /** The result interface if validation succeeds. */
  export interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output;
    /** The non-existent issues. */
    readonly issues?: undefined;
  }
  /** The result interface if validation fails. */
  export interface FailureResult {
    /** The issues of failed validation. */
    readonly issues: ReadonlyArray<Issue>;
  }
  /** The issue interface of the failure output. */
  export interface Issue {
    /** The error message of the issue. */
    readonly message: string;
    /** The path of the issue, if any. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** The path segment interface of the issue. */
  export interface PathSegment {
    /** The key representing a path segment. */
    readonly key: PropertyKey;
  }
  /** The Standard Schema types interface. */
  export interface Types<Input = unknown, Output = Input> {
    /** The input type of the schema. */
    readonly input: Input;
    /** The output type of the schema. */
    readonly output: Output;
  }
  /** Infers the input type of a Standard Schema. */
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["input"];
  /** Infers the output type of a Standard Schema. */
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["output"];
}

/** The schemas of one method: its params (as `request` takes them) and its result. */
export interface MethodSchemas<Params, Result> {
  readonly params: StandardSchemaV1<Params>;
  readonly result: StandardSchemaV1<unknown, Result>;
}

/** A client's `…Methods` map: each method's params and result types. */
export type MethodMap<Methods> = { readonly [M in keyof Methods]: { params: unknown; result: unknown } };

/** The schemas of every method of an API, by JSON-RPC name (`Methods`: the client's `…Methods` map). */
export type ApiSchemas<Methods extends MethodMap<Methods>> = {
  readonly [M in keyof Methods]: MethodSchemas<Methods[M]["params"], Methods[M]["result"]>;
};

/** One segment of a path as validate-explain.ts writes it: `.name`, `[3]` or `["na-me"]`. */
const SEGMENT = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;

/** The Standard Schema path of an issue path under `root` (`params`, `result`); `names` turns a param name into its position. */
function pathOf(path: string, root: string, names: readonly string[] | undefined): PropertyKey[] {
  const keys: PropertyKey[] = [];
  SEGMENT.lastIndex = root.length;
  for (let m = SEGMENT.exec(path); m; m = SEGMENT.exec(path)) {
    keys.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]!) as string)));
    if (SEGMENT.lastIndex >= path.length) break;
  }
  if (names && typeof keys[0] === "string" && names.includes(keys[0])) keys[0] = names.indexOf(keys[0]);
  return keys;
}

/** The Standard Schema issues of the client's issues. */
const standardIssues = (issues: Issue[], root: string, names?: readonly string[]): StandardSchemaV1.Issue[] =>
  issues.map((i) => ({ message: i.message, path: pathOf(i.path, root, names) }));

/** A schema from its vendor and check. */
function schema<Output>(
  vendor: string,
  check: (value: unknown) => StandardSchemaV1.Issue[] | undefined,
): StandardSchemaV1<never, Output> {
  return {
    "~standard": {
      version: 1,
      vendor,
      validate: (value) => {
        const issues = check(value);
        return issues ? { issues } : { value: value as Output };
      },
    },
  };
}

/**
 * The params schema of a method: the value as `request` takes it (a tuple for a positional method, an
 * object by name) passes when the client would send it.
 */
function paramsSchema(vendor: string, spec: MethodSpec, validator: Validator | undefined, positional: boolean) {
  return schema(vendor, (value) => {
    if (value !== undefined && (value === null || typeof value !== "object"))
      return [{ message: "must be an array or an object of params", path: [] }];
    const named = toNamed(value as object | undefined, spec);
    if (paramsPass(spec, validator, named)) return undefined;
    const issues: Issue[] = [];
    if (validator) explain(validator, named, "params", issues);
    limitIssues(breaches(spec.limits, named), named, "params", issues);
    return standardIssues(issues, "params", positional ? spec.params : undefined);
  });
}

/** The result schema of a method: what the client resolves with passes its result validator (none: anything passes). */
function resultSchema(vendor: string, validator: Validator | undefined) {
  return schema(vendor, (value) => {
    const issues: Issue[] = [];
    return !validator || explain(validator, value, "result", issues) ? undefined : standardIssues(issues, "result");
  });
}

/**
 * The schemas of every method of `api` (its params validators, and `results`: the result validators),
 * by JSON-RPC name; `vendor` names the package.
 */
export function schemasOf<Methods extends MethodMap<Methods>>(
  api: ApiSpec,
  results: Readonly<Record<string, Validator>>,
  vendor: string,
): ApiSchemas<Methods> {
  const own = <T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
    table && Object.hasOwn(table, key) ? table[key] : undefined;
  const out: Record<string, MethodSchemas<unknown, unknown>> = {};
  for (const [method, spec] of Object.entries(api.methods)) {
    const positional = (spec.structure ?? api.keyed.paramStructure) === "by-position";
    // A method named `__proto__` stays an own property.
    Object.defineProperty(out, method, {
      value: Object.freeze({
        params: paramsSchema(vendor, spec, own(api.validators, method), positional),
        result: resultSchema(vendor, own(results, method)),
      }),
      enumerable: true,
    });
  }
  return Object.freeze(out) as unknown as ApiSchemas<Methods>;
}
