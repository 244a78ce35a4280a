/**
 * The test kit's answering, shared by `mockTransport` (testing-mock.ts) and `mswHandlers`
 * (testing-msw.ts): one parsed JSON-RPC request object in, its outcome out. The envelope and the
 * method are checked (-32600, -32601), the params read by name (positional ones named by the spec's
 * param names; `null` for an optional one means left out, as the client sends skipped params), the
 * call recorded, the params checked with the package's validators and `x-limits` rules (-32602), the
 * latency waited, then the handler runs, or the spec answers (testing-fallback.ts). What a handler
 * returns is checked against the spec with the package's compiled result validators: a value that
 * breaks it is a "fault", a ValidationError naming the method and the path, so a fake cannot drift
 * from the spec. A thrown `rpcError` is a JSON-RPC error; anything else thrown is a fault too.
 */
import type { MethodSpec } from "./codec.js";
import { stringifyJson } from "./json.js";
import { paramsError } from "./limit-issues.js";
import { isRecord, setOwn } from "./mock-json.js";
import { generateFitting } from "./mock-values.js";
import { paramsPass } from "./params-check.js";
import { holds } from "./subscribe-args.js";
import { checkOptions, handlerIssues, validDelay, type Settings } from "./testing-check.js";
import { definitionsOf, fallbackResult, seedOf } from "./testing-fallback.js";
import { isRpcError } from "./testing-rpc-error.js";
import type { HandlerContext, MockCall, TestingSetup } from "./testing-types.js";
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

export interface Kit<H> {
  readonly calls: MockCall<H>[];
  /** The open subscriptions by id (as text): what stops each. */
  readonly streams: Map<string, () => void>;
  use(handlers: H): void;
  reset(): void;
  answer(message: unknown, signal: AbortSignal): Promise<Answered>;
}

type AnyHandler = (params: unknown, context: HandlerContext<unknown>) => unknown;

const error = (code: number, message: string, data?: unknown): Outcome => ({ kind: "error", code, message, data });
const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/** The kit of one API for `what` ("mockTransport", "mswHandlers"); throws a ValidationError for wrong handlers or options. */
export function createKit<H>(
  setup: TestingSetup,
  handlers: H | undefined,
  options: unknown,
  what: string,
  extra?: Parameters<typeof checkOptions>[4],
): Kit<H> {
  const settings = checkOptions(setup, what, handlers, options, extra);
  const initial = copyHandlers(handlers);
  let current = copyHandlers(handlers);
  const calls: MockCall<H>[] = [];
  const streams = new Map<string, () => void>();
  let loaded: Promise<Validators> | undefined;
  let made = 0;

  const answer = async (message: unknown, signal: AbortSignal): Promise<Answered> => {
    const read = readRequest(setup, message);
    if ("outcome" in read) return read;
    const { id, method, spec } = read;
    const validator = own(setup.api.validators, method);
    // A `null` in the place of a positional param means it was left out (the client sends skipped params
    // in the middle so), unless the params only pass with it.
    const skipped = read.positional ? withoutNulls(read.named) : read.named;
    const named = skipped === read.named || paramsPass(spec, validator, skipped) ? skipped : read.named;
    calls.push({ method, params: named } as MockCall<H>);
    const validators = await (loaded ??= loadValidators(setup));
    const fits = (value: unknown): boolean => own(validators.results, method)?.is(value) ?? true;
    if (!paramsPass(spec, validator, named)) {
      const problem = paramsError(method, validator, named, spec.limits);
      return { id, outcome: error(-32602, problem.message, { issues: problem.issues }) };
    }
    const wait = delay(settings, method, named);
    if (typeof wait !== "number") return { id, outcome: wait };
    await sleep(wait, signal);
    // Aborted (or timed out) while waiting: the caller has its error already; the handler never runs.
    if (signal.aborted)
      return { id, outcome: { kind: "fault", error: new Error(`${method} was aborted before its answer.`) } };
    const unsubscribed = unsubscribeOf(setup, method);
    if (unsubscribed) streams.get(String(named[spec.params[0] ?? ""]))?.();
    const fallback = (): unknown => fallbackResult(setup, settings.seed, method, named, fits);
    const handler = own(current, method);
    let value: unknown;
    if (handler === undefined) {
      if (settings.unhandled === "error")
        return {
          id,
          outcome: error(-32601, `Method not found: the ${what} has no handler for ${method} (unhandled: "error")`),
        };
      value = fallback();
    } else {
      try {
        value = await handler(structuredClone(named), { method, signal, fallback });
      } catch (thrown) {
        return { id, outcome: thrownOutcome(thrown, method, what) };
      }
    }
    if (id === undefined || spec.notification) return { id, outcome: { kind: "result", value: null } };
    if (spec.subscription && isAsyncIterable(value)) {
      const subscription = subscriptionId(method, named, fits, ++made);
      if (subscription === undefined)
        return {
          id,
          outcome: {
            kind: "fault",
            error: new Error(
              `The ${what} could not make a subscription id for ${method} that fits its result schema and is not in use: return one from the handler.`,
            ),
          },
        };
      // Taken at once (the stream replaces this when it starts): a subscription made meanwhile gets another id.
      streams.set(String(subscription), () => streams.delete(String(subscription)));
      const check = itemCheck(validators, method, spec, named, what);
      return {
        id,
        outcome: { kind: "result", value: subscription, stream: { items: value, method, id: subscription, check } },
      };
    }
    return { id, outcome: resultOutcome(value, method, validators, what) };
  };

  /** A subscription id: the spec's answer when it is free, else values made with other seeds. */
  const subscriptionId = (
    method: string,
    named: Record<string, unknown>,
    fits: (value: unknown) => boolean,
    n: number,
  ): string | number | undefined => {
    const free = (v: unknown): v is string | number =>
      (typeof v === "string" || typeof v === "number") && !streams.has(String(v)) && fits(v);
    const first = fallbackResult(setup, settings.seed, method, named, fits);
    if (free(first)) return first;
    const node = own(setup.data.methods, method)?.result;
    for (let i = 0; node && i < 32; i++) {
      const v = generateFitting(
        node,
        definitionsOf(setup),
        `${seedOf(settings.seed, method, named)} subscription ${n}.${i}`,
        fits,
      );
      if (free(v)) return v;
    }
    return undefined;
  };

  return {
    calls,
    streams,
    answer,
    use(more) {
      const issues: Issue[] = [];
      handlerIssues(setup, more, "handlers", issues);
      if (issues.length > 0) throw new ValidationError(`${what} handlers`, issues, {});
      for (const [key, handler] of Object.entries(copyHandlers(more))) setOwn(current, key, handler);
    },
    reset() {
      calls.length = 0;
      current = { ...initial };
    },
  };
}

/** The handlers as an object of own functions (a `__proto__` key is a method name, nothing else). */
function copyHandlers(handlers: unknown): Record<string, AnyHandler> {
  const out: Record<string, AnyHandler> = {};
  if (isRecord(handlers))
    for (const key of Object.keys(handlers)) if (typeof handlers[key] === "function") setOwn(out, key, handlers[key]);
  return out;
}

interface Validators {
  readonly results: Readonly<Record<string, Validator>>;
  readonly items: Readonly<Record<string, readonly Validator[]>>;
}

async function loadValidators(setup: TestingSetup): Promise<Validators> {
  const [results, items] = await Promise.all([setup.api.resultValidators?.(), setup.api.itemValidators?.()]);
  return { results: results ?? {}, items: items ?? {} };
}

type Read =
  | { id: string | number | null | undefined; outcome: Outcome }
  | {
      id: string | number | null | undefined;
      method: string;
      spec: MethodSpec;
      named: Record<string, unknown>;
      positional: boolean;
    };

/** The envelope, the method and the params by name of one request object; an error outcome when one is wrong. */
function readRequest(setup: TestingSetup, message: unknown): Read {
  if (!isRecord(message)) return { id: null, outcome: error(-32600, "Invalid Request: not a JSON-RPC request object") };
  const rawId = own(message, "id");
  const hasId = Object.hasOwn(message, "id");
  if (hasId && rawId !== null && typeof rawId !== "string" && typeof rawId !== "number")
    return { id: null, outcome: error(-32600, "Invalid Request: id must be a string, a number or null") };
  const id = hasId ? (rawId as string | number | null) : undefined;
  const method = own(message, "method");
  if (own(message, "jsonrpc") !== "2.0" || typeof method !== "string")
    return { id, outcome: error(-32600, 'Invalid Request: jsonrpc must be "2.0" and method a string') };
  const spec = own(setup.api.methods, method);
  if (!spec)
    return {
      id,
      outcome: error(-32601, `Method not found: ${method.slice(0, 80)} is not a method of the ${setup.title}`),
    };
  const structure = spec.structure ?? setup.api.keyed.paramStructure;
  const named = namedParams(own(message, "params"), spec, method, structure);
  if (typeof named === "string") return { id, outcome: error(-32602, `Invalid params for ${method}: params ${named}`) };
  return { id, method, spec, named, positional: Array.isArray(own(message, "params")) };
}

function withoutNulls(named: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(named)) if (named[key] !== null) setOwn(out, key, named[key]);
  return out;
}

/** Params by name, or what is wrong with them. */
function namedParams(
  params: unknown,
  spec: MethodSpec,
  method: string,
  structure: "by-name" | "by-position",
): Record<string, unknown> | string {
  const named: Record<string, unknown> = {};
  if (params === undefined) return named;
  if (Array.isArray(params)) {
    if (spec.structure === "by-name")
      return `must be an object keyed by param name (${method} takes its params by name), not an array`;
    if (params.length > spec.params.length)
      return `has ${params.length} positional params, but ${method} takes at most ${spec.params.length}`;
    params.forEach((value, i) => value !== undefined && setOwn(named, spec.params[i]!, value));
    return named;
  }
  if (!isRecord(params)) return `must be an array or an object, not ${typeOf(params)}`;
  if (structure === "by-position" && spec.structure === "by-position")
    return `must be an array in the order ${spec.params.join(", ") || "(none)"} (${method} takes its params by position), not an object`;
  for (const key of Object.keys(params)) setOwn(named, key, params[key]);
  return named;
}

/** The method whose subscriptions `method` cancels, if it cancels any. */
function unsubscribeOf(setup: TestingSetup, method: string): boolean {
  for (const key of Object.keys(setup.api.methods))
    if (setup.api.methods[key]!.subscription?.unsubscribe === method) return true;
  return false;
}

/** The latency of a call, or the fault of a latency function that gives none. */
function delay(settings: Settings, method: string, named: Record<string, unknown>): number | Outcome {
  const { latency } = settings;
  if (latency === undefined) return 0;
  if (typeof latency === "number") return latency;
  let ms: unknown;
  try {
    ms = latency({ method, params: structuredClone(named) });
  } catch (thrown) {
    return {
      kind: "fault",
      error: thrown instanceof Error ? thrown : new Error(`options.latency threw ${typeOf(thrown)}`),
    };
  }
  return validDelay(ms)
    ? ms
    : {
        kind: "fault",
        error: new Error(
          `options.latency gave ${typeOf(ms)} for ${method}: it must return a number of milliseconds, 0 or more.`,
        ),
      };
}

/** Waits `ms` milliseconds, or until `signal` aborts (the timer is cleared then). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as Record<symbol, unknown>)[Symbol.asyncIterator] === "function"
  );
}

/** What a thrown value answers: an `rpcError` is a JSON-RPC error; an Error is the fault; anything else a fault that says so. */
function thrownOutcome(thrown: unknown, method: string, what: string): Outcome {
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
function resultOutcome(value: unknown, method: string, validators: Validators, what: string): Outcome {
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
function itemCheck(
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
