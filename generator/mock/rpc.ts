/**
 * The JSON-RPC 2.0 side of the mock server, HTTP aside: a request body in, the answer body out.
 * Handles single requests, batches (answered item by item), notifications (no answer), the
 * keyless proxy form (the body is the params, the method is named in the URL query, the answer
 * carries id "1"), and the standard errors: -32700 (not JSON), -32600 (not a valid request
 * object), -32601 (unknown method), -32602 (invalid params), -32603 (a failure of the mock).
 */
import { isRecord, parseExact, stringifyJson } from "./json.js";
import { checkParams, invalidParamsMessage, readParams, type ParamIssue } from "./params.js";
import { findMethod, type Registry } from "./registry.js";
import { resultFor, type ResultOptions } from "./results.js";

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** Where a request was sent: the first path segment, and the method named in the query (proxy form). */
export interface Target {
  scope?: string;
  proxyMethod?: string;
}

/** What to send back: a JSON body with status 200, or nothing with status 204. */
export type RpcAnswer = { status: 200; body: string } | { status: 204 };

type Id = string | number | bigint | null;
type Outcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** The id the proxy form answers with (its requests carry none), a string as the published proxy samples send. */
export const PROXY_ID = "1";

export function answerRequest(text: string, target: Target, registry: Registry, options: ResultOptions): RpcAnswer {
  let body: unknown;
  try {
    body = parseExact(text);
  } catch (error) {
    const id = target.proxyMethod !== undefined ? PROXY_ID : null;
    return reply(envelope(id, fail(PARSE_ERROR, `Parse error: the body is not valid JSON (${(error as Error).message}).`)));
  }
  if (target.proxyMethod !== undefined) return reply(envelope(PROXY_ID, proxyCall(target.proxyMethod, body, target, registry, options)));
  if (Array.isArray(body)) {
    if (body.length === 0) return reply(envelope(null, fail(INVALID_REQUEST, "Invalid Request: a batch must hold at least one request object.")));
    const answers = body.map((item) => answerOne(item, target, registry, options)).filter((a): a is Record<string, unknown> => a !== undefined);
    return answers.length === 0 ? { status: 204 } : reply(answers);
  }
  const answer = answerOne(body, target, registry, options);
  return answer === undefined ? { status: 204 } : reply(answer);
}

function proxyCall(method: string, body: unknown, target: Target, registry: Registry, options: ResultOptions): Outcome {
  if (!Array.isArray(body) && !isRecord(body)) {
    return fail(INVALID_REQUEST, `Invalid Request: the proxy form takes the params of ${method} as the body, an array (or an object keyed by param name); the body is ${describe(body)}.`);
  }
  return call(method, body, target.scope, registry, options);
}

/** The answer to one request object, or `undefined` for a notification. */
function answerOne(request: unknown, target: Target, registry: Registry, options: ResultOptions): Record<string, unknown> | undefined {
  const problems = envelopeProblems(request);
  const id = isRecord(request) && isId(request.id) ? request.id : null;
  if (problems.length > 0) {
    return envelope(id, fail(INVALID_REQUEST, `Invalid Request: ${problems.map((p) => `${p.path} ${p.message}`).join("; ")}.`, problems));
  }
  const r = request as { id?: Id; method: string; params?: unknown };
  if (!("id" in r)) return undefined;
  return envelope(id, call(r.method, r.params, target.scope, registry, options));
}

/** What makes a value not a JSON-RPC 2.0 request object. */
export function envelopeProblems(request: unknown): ParamIssue[] {
  if (!isRecord(request)) return [{ path: "request", rule: "type", message: `must be an object, not ${describe(request)}` }];
  const problems: ParamIssue[] = [];
  if (request.jsonrpc !== "2.0") problems.push({ path: "jsonrpc", rule: "const", message: `must be "2.0", not ${request.jsonrpc === undefined ? "missing" : stringifyJson(request.jsonrpc)}` });
  if (typeof request.method !== "string") problems.push({ path: "method", rule: "type", message: `must be a string, not ${request.method === undefined ? "missing" : describe(request.method)}` });
  if ("params" in request && !Array.isArray(request.params) && !isRecord(request.params)) problems.push({ path: "params", rule: "type", message: `must be an array or an object, not ${describe(request.params)}` });
  if ("id" in request && !isId(request.id)) problems.push({ path: "id", rule: "type", message: `must be a string, a number or null, not ${describe(request.id)}` });
  return problems;
}

function call(name: string, params: unknown, scope: string | undefined, registry: Registry, options: ResultOptions): Outcome {
  const method = findMethod(registry, name, scope);
  if (!method) return fail(METHOD_NOT_FOUND, `Method not found: ${name}`);
  const read = readParams(method.model, params);
  if ("issues" in read) return fail(INVALID_PARAMS, invalidParamsMessage(read.issues), read.issues);
  const issues = checkParams(method.model, method.validateParams, read.named);
  if (issues.length > 0) return fail(INVALID_PARAMS, invalidParamsMessage(issues), issues);
  try {
    return { result: resultFor(method, read.named, options) };
  } catch (error) {
    return fail(INTERNAL_ERROR, `Internal error: the mock could not make a result for ${name} (${(error as Error).message}).`);
  }
}

function isId(value: unknown): value is Id {
  return value === null || typeof value === "string" || typeof value === "bigint" || (typeof value === "number" && Number.isFinite(value));
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `the ${typeof value === "bigint" ? "number" : typeof value} ${stringifyJson(value)}`;
}

function fail(code: number, message: string, data?: unknown): Outcome {
  return { error: { code, message, ...(data !== undefined ? { data } : {}) } };
}

function envelope(id: Id, outcome: Outcome): Record<string, unknown> {
  return { jsonrpc: "2.0", id, ...outcome };
}

function reply(value: unknown): RpcAnswer {
  return { status: 200, body: stringifyJson(value) };
}
