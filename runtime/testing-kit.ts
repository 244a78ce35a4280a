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
import { paramsError } from "./limit-issues.js";
import { stringifyJson } from "./json.js";
import { isRecord, setOwn } from "./mock-json.js";
import { generateFitting } from "./mock-values.js";
import { paramsPass } from "./params-check.js";
import { checkOptions, handlerIssues, validDelay, type Settings } from "./testing-check.js";
import { definitionsOf, fallbackResult, seedOf } from "./testing-fallback.js";
import {
  error,
  isAsyncIterable,
  itemCheck,
  loadValidators,
  resultOutcome,
  thrownOutcome,
  type Answered,
  type Outcome,
  type Validators,
} from "./testing-outcome.js";
import { readRequest, withoutNulls } from "./testing-request.js";
import type { HandlerContext, MockCall, TestingSetup } from "./testing-types.js";
import type { Issue } from "./validate-core.js";
import { typeOf } from "./validate-labels.js";
import { ValidationError } from "./validation-error.js";

export type { Answered, Outcome, Stream } from "./testing-outcome.js";

export interface Kit<H> {
  readonly calls: MockCall<H>[];
  /** The open subscriptions by id (as text): what stops each. */
  readonly streams: Map<string, () => void>;
  use(handlers: H): void;
  reset(): void;
  answer(message: unknown, signal: AbortSignal): Promise<Answered>;
}

type AnyHandler = (params: unknown, context: HandlerContext<unknown>) => unknown;

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
    // Firebolt's listen methods (no id): one stream per method and params; `listen: false` stops it.
    const listen =
      spec.subscription?.mode === "listen" ? listenKey(method, named, spec.subscription.listen) : undefined;
    if (listen && !listen.on) streams.get(listen.key)?.();
    else if (!listen && unsubscribeOf(setup, method)) streams.get(String(named[spec.params[0] ?? ""]))?.();
    const produced = await produce(method, named, fits, signal);
    if ("outcome" in produced) return { id, outcome: produced.outcome };
    const { value } = produced;
    if (id === undefined || spec.notification) return { id, outcome: { kind: "result", value: null } };
    if (listen && isAsyncIterable(value)) {
      // The listen call is answered as the spec answers it; the items follow as the method's notifications.
      const ack = fallbackResult(setup, settings.seed, method, named, fits);
      if (!listen.on || streams.has(listen.key)) return { id, outcome: resultOutcome(ack, method, validators, what) };
      streams.set(listen.key, () => streams.delete(listen.key));
      const check = itemCheck(validators, method, spec, named, what);
      return { id, outcome: { kind: "result", value: ack, stream: { items: value, method, id: listen.key, check } } };
    }
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

  /** What the handler returns (or the spec's answer without one), or the outcome that ends the call first. */
  const produce = async (
    method: string,
    named: Record<string, unknown>,
    fits: (value: unknown) => boolean,
    signal: AbortSignal,
  ): Promise<{ value: unknown } | { outcome: Outcome }> => {
    const fallback = (): unknown => fallbackResult(setup, settings.seed, method, named, fits);
    const handler = own(current, method);
    if (handler === undefined)
      return settings.unhandled === "error"
        ? { outcome: error(-32601, `Method not found: the ${what} has no handler for ${method} (unhandled: "error")`) }
        : { value: fallback() };
    try {
      return { value: await handler(structuredClone(named), { method, signal, fallback }) };
    } catch (thrown) {
      return { outcome: thrownOutcome(thrown, method, what) };
    }
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

/** A listen call's stream key (the method and its params besides `listen`), and whether it turns the events on. */
function listenKey(method: string, named: Record<string, unknown>, param = "listen"): { key: string; on: boolean } {
  const context = Object.keys(named)
    .filter((k) => k !== param)
    .sort()
    .map((k) => [k, named[k]]);
  return { key: `${method} ${stringifyJson(context) ?? ""}`, on: named[param] === true };
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
