/**
 * What the test kit answers with (testing-kit.ts): the outcome of a call, and the checks that make it —
 * a handler's result against the method's result schema (the package's compiled result validators,
 * loaded with the kit's first answer), a subscription's items against their item schema, and what a
 * thrown value means: an `rpcError` is a JSON-RPC error, anything else a fault of the test's own making.
 */
import type { MethodSpec } from "./codec.js";
import { stringifyJson } from "./json.js";
import { holds } from "./subscribe-args.js";
import { isRpcError } from "./testing-rpc-error.js";
import type { TestingSetup } from "./testing-types.js";
import type { Issue, Validator } from "./validate-core.js";
import { explain } from "./validate-explain.js";
import { typeOf } from "./validate-labels.js";
import { ValidationError } from "./validation-error.js";

/** How a call is answered: a result (with the items of a subscription), a JSON-RPC error, or a fault of the test's own making. */
export type Outcome =
  | { readonly kind: "result"; readonly value: unknown; readonly stream?: Stream }
  | { readonly kind: "error"; readonly code: number; readonly message: string; readonly data?: unknown }
  | { readonly kind: "fault"; readonly error: Error };

/** The items of a subscription a handler returned, and how to check each. */
export interface Stream {
  readonly items: AsyncIterable<unknown>;
  readonly method: string;
  /** The id the subscription was answered with. */
  readonly id: string | number;
  /** The error of an item that breaks the item schema; `undefined` when it fits. */
  readonly check: (item: unknown) => Error | undefined;
}

export interface Answered {
  /** The request's id; `undefined` for a notification (answered with nothing). */
  readonly id: string | number | null | undefined;
  readonly outcome: Outcome;
}

/** A JSON-RPC error outcome. */
export const error = (code: number, message: string, data?: unknown): Outcome => ({
  kind: "error",
  code,
  message,
  data,
});

const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

export interface Validators {
  readonly results: Readonly<Record<string, Validator>>;
  readonly items: Readonly<Record<string, readonly Validator[]>>;
}

export async function loadValidators(setup: TestingSetup): Promise<Validators> {
  const [results, items] = await Promise.all([setup.api.resultValidators?.(), setup.api.itemValidators?.()]);
  return { results: results ?? {}, items: items ?? {} };
}

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as Record<symbol, unknown>)[Symbol.asyncIterator] === "function"
  );
}

/** What a thrown value answers: an `rpcError` is a JSON-RPC error; an Error is the fault; anything else a fault that says so. */
export function thrownOutcome(thrown: unknown, method: string, what: string): Outcome {
  if (isRpcError(thrown)) return error(thrown.code, thrown.rpcMessage, thrown.data);
  if (thrown instanceof Error) return { kind: "fault", error: thrown };
  const shown = typeof thrown === "string" ? ` (${JSON.stringify(thrown.slice(0, 40))})` : "";
  return {
    kind: "fault",
    error: new Error(
      `The ${what} handler of ${method} threw ${typeOf(thrown)}${shown}, not an Error: throw rpcError(code, message) to answer with a JSON-RPC error, or an Error to fail the call.`,
      { cause: thrown },
    ),
  };
}

/**
 * A result validator that quotes the value found: the package's hide the values of a server's answers
 * (`hideValues`), but a handler's result is the test's own, and the value helps find the mistake.
 */
function shown(validate: Validator | undefined): Validator | undefined {
  const shape = validate?.shape as { kind: string; inner?: Validator } | undefined;
  return shape?.kind === "hideValues" && shape.inner ? shape.inner : validate;
}

/** A handler's result, checked against the method's result schema and as JSON. */
export function resultOutcome(value: unknown, method: string, validators: Validators, what: string): Outcome {
  if (value === undefined)
    return {
      kind: "fault",
      error: new Error(
        `The ${what} handler of ${method} returned undefined: return a value its result schema allows, or throw rpcError(code, message).`,
      ),
    };
  const validate = shown(own(validators.results, method));
  const issues: Issue[] = [];
  if (validate && !explain(validate, value, "result", issues))
    return {
      kind: "fault",
      error: new ValidationError(`result of ${method} from its ${what} handler`, issues, { method }),
    };
  try {
    if (stringifyJson(value) === undefined) throw new TypeError(`${typeOf(value)} is not JSON`);
  } catch (cause) {
    return {
      kind: "fault",
      error: new Error(`The ${what} handler of ${method} returned a value that cannot be written as JSON.`, { cause }),
    };
  }
  return { kind: "result", value };
}

/** The check of a subscription's items: the item schema of the variant its params select (the general one else). */
export function itemCheck(
  validators: Validators,
  method: string,
  spec: MethodSpec,
  named: Record<string, unknown>,
  what: string,
): (item: unknown) => Error | undefined {
  const variants = spec.subscription?.variants ?? [];
  const index = variants.findIndex((v) => holds(v.when, named)) + 1;
  const validate = shown(own(validators.items, method)?.[index]);
  return (item) => {
    const issues: Issue[] = [];
    if (validate && !explain(validate, item, "item", issues))
      return new ValidationError(`item of ${method} from its ${what} handler`, issues, { method });
    try {
      if (stringifyJson(item) === undefined) throw new TypeError(`${typeOf(item)} is not JSON`);
    } catch (cause) {
      return new Error(`An item of ${method} from its ${what} handler cannot be written as JSON.`, { cause });
    }
    return undefined;
  };
}
