/**
 * The errors of a call that went wrong, made where it went wrong: the HTTP transport and the client
 * load this module by `import()` (fail.ts) on the failure path only, so that an app whose calls
 * succeed never fetches the error classes, the messages or the redaction of secrets. Every error
 * made here hides the transport's secrets first (secrets.ts). With it comes the check of results
 * (`validateResponses`, result-check.ts), which the client loads with the result validators.
 */
import type { MethodSpec } from "./codec.js";
import {
  AbortError,
  HttpError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
} from "./errors.js";
import type { ErrorContext } from "./base-error.js";
import { ValidationError } from "./validation-error.js";
import { describe as describeOptions, type Finding } from "./option-text.js";
import { excerpt, redact } from "./secrets.js";
export { paramsError } from "./limit-issues.js";
export { checkResult, resultChecker } from "./result-check.js";
import type { Answer } from "./answer.js";
import { decodeReply, parseReply } from "./wire.js";

export { AbortError, ResponseTooLargeError, TimeoutError };

/**
 * The typed error of an answer answer.ts did not take (not JSON, an error object, a wrong id, no
 * result, nested too deep), thrown; its result if it is one after all.
 */
export function decodeAnswer(
  answer: Answer,
  id: number | undefined,
  spec: MethodSpec | undefined,
  context: ErrorContext,
  secrets: readonly string[],
  lossless: boolean | undefined,
): unknown {
  const reply = typeof answer === "string" ? parseReply(answer, context, secrets, lossless) : answer;
  return decodeReply(reply, id, spec, context, secrets);
}

/** Why an exchange got no answer: its timeout, the caller's abort, or the network (the cause cleaned of secrets). */
export function sendFailure(
  error: unknown,
  state: { timedOut: boolean; aborted: boolean | undefined; timeout: number },
  secrets: readonly string[],
  context: ErrorContext,
): Error {
  if (state.timedOut) return new TimeoutError(state.timeout, context);
  if (state.aborted) return new AbortError(context);
  return new NetworkError(`Request failed: ${describe(error, secrets)}`, { ...context, cause: redact(error, secrets) });
}

/** The error of options that are wrong (`what`: "client options", "call options"), with the words of each finding. */
export const optionsError = (what: string, findings: readonly Finding[], context: ErrorContext): Error =>
  new ValidationError(what, describeOptions(findings), context);

/** A body that ended before its end. */
export const truncated = (error: unknown, secrets: readonly string[], context: ErrorContext): Error =>
  new MalformedResponseError("the body was cut off before its end (truncated)", "", {
    ...context,
    cause: redact(error, secrets),
  });

/** What the errors read of an answer: a fetch `Response`, or node.ts's view of an IncomingMessage. */
export interface StatusLine {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
}

/** A redirect, not followed: the error names the target host only (its path may hold a key). */
export function redirected(response: StatusLine, url: string, context: ErrorContext): Error {
  let target = "an unknown location";
  try {
    const location = response.headers.get("location");
    if (location) target = `host ${new URL(location, url).host}`;
  } catch {
    target = "an invalid location";
  }
  return new HttpError(
    response.status,
    `redirect to ${target} not followed (JSON-RPC needs none: use the final URL)`,
    undefined,
    context,
  );
}

/** A status that is not 2xx: an excerpt of the body (secrets hidden), and the wait its `Retry-After` asks for. */
export const statusError = (
  response: StatusLine,
  text: string,
  secrets: readonly string[],
  context: ErrorContext,
): Error =>
  new HttpError(response.status, excerpt(text, secrets), retryAfter(response.headers.get("retry-after")), context);

function describe(error: unknown, secrets: readonly string[]): string {
  const cleaned = redact(error, secrets);
  if (!(cleaned instanceof Error)) return String(cleaned);
  const cause = cleaned.cause instanceof Error ? `: ${cleaned.cause.message}` : "";
  return `${cleaned.message}${cause}`;
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP-date. */
export function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  // delay-seconds is 1*DIGIT; an HTTP-date ends in GMT (RFC 9110 §10.2.3).
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  if (!/GMT$/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
