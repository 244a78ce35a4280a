/**
 * The JSON-RPC 2.0 side of the mock server, HTTP aside: a request body in, the answer body out.
 * Handles single requests, batches (answered item by item), notifications (no answer), the
 * keyless proxy form (the body is the params, the method is named in the URL query, the answer
 * carries id "1"), and the standard errors: -32700 (not JSON), -32600 (not a valid request
 * object, an empty batch, a batch over `maxBatchItems`, nesting over `maxDepth`, checked on the
 * text before parsing), -32601 (unknown method), -32602 (invalid params), -32603 (a failure of
 * the mock, a sentence without a stack), -32003 (an answer over `maxResponseBytes`). Lookups are
 * own-property only: `__proto__`, `constructor`, `toString` are names like any other.
 */
import { isRecord, nestsDeeperThan, parseExact, stringifyJson } from "./json.js";
import { bytes, DEFAULT_LIMITS, type MockLimits } from "./limits.js";
import type { CallLog } from "./log.js";
import { checkParams, invalidParamsMessage, readParams, type ParamIssue } from "./params.js";
import { findMethod, type Registry } from "./registry.js";
import { resultFor, type ResultOptions } from "./results.js";

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** An answer over `maxResponseBytes` (geth's code for the same). */
export const RESPONSE_TOO_LARGE = -32003;

/** Where a request was sent: the first path segment, and the method named in the query (proxy form). */
export interface Target {
  scope?: string;
  proxyMethod?: string;
}

/** What to send back: a JSON body with status 200, or nothing with status 204. */
export type RpcAnswer = { status: 200; body: string } | { status: 204 };

export type Id = string | number | bigint | null;
export type Outcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/**
 * A method served before the spec's (WebSocket subscriptions hook in here): params in, outcome
 * out. `spec()` is what the spec's method of the same name answers (params checked, result
 * generated), or -32601 when there is none: a subscribe method can check its params and take
 * the id's type from it.
 */
export type LocalMethod = (params: unknown, spec: () => Outcome) => Outcome;

export interface AnswerOptions extends ResultOptions {
  /** Default: DEFAULT_LIMITS. */
  limits?: Pick<MockLimits, "maxBatchItems" | "maxDepth" | "maxResponseBytes">;
  /** Methods looked up before the spec's, by name (own entries of the map only). */
  localMethods?: ReadonlyMap<string, LocalMethod>;
  /** Told about every call answered (log.ts), with `transport` as given here. */
  log?: CallLog;
  /** Fixed answers per method, given once the params are valid (overrides.ts). */
  overrides?: ReadonlyMap<string, Outcome>;
  transport?: string;
}

/** The id the proxy form answers with (its requests carry none), a string as the published proxy samples send. */
export const PROXY_ID = "1";

/** The answer to a request body, computed at once. */
export function answerRequest(text: string, target: Target, registry: Registry, options: AnswerOptions): RpcAnswer {
  const steps = answerSteps(text, target, registry, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same answer, computed in slices of about `sliceMs` with the event loop free in between:
 * a large batch shares the server with other clients instead of starving them.
 */
export async function answerRequestFairly(
  text: string,
  target: Target,
  registry: Registry,
  options: AnswerOptions,
  sliceMs = 10,
): Promise<RpcAnswer> {
  const steps = answerSteps(text, target, registry, options);
  let sliceStart = Date.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (Date.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = Date.now();
    }
  }
}

/** Computes the answer; yields after each batch item (a place to pause). */
function* answerSteps(
  text: string,
  target: Target,
  registry: Registry,
  options: AnswerOptions,
): Generator<void, RpcAnswer> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const bodyId = target.proxyMethod !== undefined ? PROXY_ID : null;
  if (nestsDeeperThan(text, limits.maxDepth)) {
    return reply(
      envelope(
        bodyId,
        fail(
          INVALID_REQUEST,
          `Invalid Request: the body nests arrays and objects deeper than ${limits.maxDepth} levels, the mock's limit (maxDepth).`,
        ),
      ),
    );
  }
  let body: unknown;
  try {
    body = parseExact(text);
  } catch (error) {
    return reply(
      envelope(bodyId, fail(PARSE_ERROR, `Parse error: the body is not valid JSON (${(error as Error).message}).`)),
    );
  }
  const context: Context = { target, registry, options, limits };
  if (target.proxyMethod !== undefined)
    return replySized(envelope(PROXY_ID, proxyCall(target.proxyMethod, body, context)), PROXY_ID, limits);
  if (Array.isArray(body)) return yield* answerBatch(body, context);
  const answer = answerOne(body, context);
  return answer === undefined ? { status: 204 } : replySized(answer, answer.id as Id, limits);
}

interface Context {
  target: Target;
  registry: Registry;
  options: AnswerOptions;
  limits: NonNullable<AnswerOptions["limits"]>;
}

/**
 * A batch, item by item, while the answers fit `maxResponseBytes`; the items after that are not
 * run and get a -32003 error each (as geth does), so one request cannot make an answer of any size.
 */
function* answerBatch(batch: unknown[], context: Context): Generator<void, RpcAnswer> {
  const { maxBatchItems, maxResponseBytes } = context.limits;
  if (batch.length === 0)
    return reply(
      envelope(null, fail(INVALID_REQUEST, "Invalid Request: a batch must hold at least one request object.")),
    );
  if (batch.length > maxBatchItems) {
    return reply(
      envelope(
        null,
        fail(
          INVALID_REQUEST,
          `Invalid Request: a batch may hold at most ${maxBatchItems} request objects (the mock's limit maxBatchItems), this one holds ${batch.length}; split it into smaller batches.`,
        ),
      ),
    );
  }
  const parts: string[] = [];
  let size = 2;
  for (const item of batch) {
    yield;
    if (size > maxResponseBytes) {
      if (isRecord(item) && !Object.hasOwn(item, "id")) continue;
      parts.push(stringifyJson(envelope(idOf(item), tooLarge(maxResponseBytes, "the batch's answers so far"))));
      continue;
    }
    const answer = answerOne(item, context);
    if (answer === undefined) continue;
    const part = stringifyJson(answer);
    size += Buffer.byteLength(part) + 1;
    parts.push(
      size > maxResponseBytes ? stringifyJson(envelope(idOf(item), tooLarge(maxResponseBytes, "this answer"))) : part,
    );
  }
  return parts.length === 0 ? { status: 204 } : { status: 200, body: `[${parts.join(",")}]` };
}

function tooLarge(max: number, what: string): Outcome {
  return fail(
    RESPONSE_TOO_LARGE,
    `Response too large: ${what} exceeded ${bytes(max)}, the mock's limit (maxResponseBytes); ask for fewer items or smaller pages.`,
  );
}

function proxyCall(method: string, body: unknown, context: Context): Outcome {
  if (!Array.isArray(body) && !isRecord(body)) {
    return fail(
      INVALID_REQUEST,
      `Invalid Request: the proxy form takes the params of ${method} as the body, an array (or an object keyed by param name); the body is ${describe(body)}.`,
    );
  }
  return call(method, body, context);
}

/** The answer to one request object, or `undefined` for a notification. */
function answerOne(request: unknown, context: Context): Record<string, unknown> | undefined {
  const problems = envelopeProblems(request);
  const id = idOf(request);
  if (problems.length > 0) {
    return envelope(
      id,
      fail(INVALID_REQUEST, `Invalid Request: ${problems.map((p) => `${p.path} ${p.message}`).join("; ")}.`, problems),
    );
  }
  const r = request as { id?: Id; method: string; params?: unknown };
  if (!Object.hasOwn(r, "id")) return undefined;
  return envelope(id, call(r.method, r.params, context));
}

/** The request's id when it is a valid one, else null. */
function idOf(request: unknown): Id {
  return isRecord(request) && Object.hasOwn(request, "id") && isId(request.id) ? request.id : null;
}

/** What makes a value not a JSON-RPC 2.0 request object. */
export function envelopeProblems(request: unknown): ParamIssue[] {
  if (!isRecord(request))
    return [{ path: "request", rule: "type", message: `must be an object, not ${describe(request)}` }];
  const problems: ParamIssue[] = [];
  if (request.jsonrpc !== "2.0")
    problems.push({
      path: "jsonrpc",
      rule: "const",
      message: `must be "2.0", not ${request.jsonrpc === undefined ? "missing" : stringifyJson(request.jsonrpc)}`,
    });
  if (typeof request.method !== "string")
    problems.push({
      path: "method",
      rule: "type",
      message: `must be a string, not ${request.method === undefined ? "missing" : describe(request.method)}`,
    });
  if (Object.hasOwn(request, "params") && !Array.isArray(request.params) && !isRecord(request.params))
    problems.push({
      path: "params",
      rule: "type",
      message: `must be an array or an object, not ${describe(request.params)}`,
    });
  if (Object.hasOwn(request, "id") && !isId(request.id))
    problems.push({
      path: "id",
      rule: "type",
      message: `must be a string, a number or null, not ${describe(request.id)}`,
    });
  return problems;
}

function call(name: string, params: unknown, context: Context): Outcome {
  const started = performance.now();
  const outcome = callOnce(name, params, context);
  context.options.log?.({
    method: name,
    params,
    outcome: "error" in outcome ? { code: outcome.error.code } : { ok: true },
    ms: performance.now() - started,
    transport: context.options.transport ?? "http",
  });
  return outcome;
}

function callOnce(name: string, params: unknown, context: Context): Outcome {
  const local = context.options.localMethods?.get(name);
  try {
    return local ? local(params, () => callSpec(name, params, context)) : callSpec(name, params, context);
  } catch (error) {
    return internalError(name, error);
  }
}

/** A failure of the mock itself, as a sentence: never a stack. */
function internalError(name: string, error: unknown): Outcome {
  return fail(
    INTERNAL_ERROR,
    `Internal error: the mock could not answer ${name} (${error instanceof Error ? error.message : String(error)}).`,
  );
}

function callSpec(name: string, params: unknown, context: Context): Outcome {
  try {
    const method = findMethod(context.registry, name, context.target.scope);
    if (!method) return fail(METHOD_NOT_FOUND, `Method not found: ${name}`);
    const read = readParams(method.model, params);
    if ("issues" in read) return fail(INVALID_PARAMS, invalidParamsMessage(read.issues), read.issues);
    const issues = checkParams(method.model, method.validateParams, read.named);
    if (issues.length > 0) return fail(INVALID_PARAMS, invalidParamsMessage(issues), issues);
    const fixed = context.options.overrides?.get(name);
    if (fixed) return structuredClone(fixed);
    return { result: resultFor(method, read.named, context.options) };
  } catch (error) {
    return internalError(name, error);
  }
}

function isId(value: unknown): value is Id {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "bigint" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `the ${typeof value === "bigint" ? "number" : typeof value} ${stringifyJson(value)}`;
}

export function fail(code: number, message: string, data?: unknown): Outcome {
  return { error: { code, message, ...(data !== undefined ? { data } : {}) } };
}

function envelope(id: Id, outcome: Outcome): Record<string, unknown> {
  return { jsonrpc: "2.0", id, ...outcome };
}

function reply(value: unknown): RpcAnswer {
  return { status: 200, body: stringifyJson(value) };
}

/** One answer, replaced by a -32003 error when its text is over `maxResponseBytes`. */
function replySized(answer: Record<string, unknown>, id: Id, limits: Context["limits"]): RpcAnswer {
  const body = stringifyJson(answer);
  return Buffer.byteLength(body) > limits.maxResponseBytes
    ? reply(envelope(id, tooLarge(limits.maxResponseBytes, "this answer")))
    : { status: 200, body };
}
