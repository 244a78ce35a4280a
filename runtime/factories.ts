/**
 * The transport factories an app calls itself, `http(url, options)` and `createTransport(parts)`: they
 * check what they are given and throw one ValidationError at once, with the words of option-text.ts.
 * They live apart from the transports (http.ts, transport.ts) so that a client's start chunk, which
 * makes its own transport from options it has checked, never loads those words (see client.ts).
 */
import { ValidationError } from "./validation-error.js";
import { issue } from "./issue.js";
import { checkTarget, type Target } from "./endpoint.js";
import { httpTransport, type HttpTransportOptions } from "./http.js";
import { describe, type Finding } from "./option-text.js";
import { sealTransport, shapeIssues, type Transport, type TransportConfig } from "./transport.js";

/**
 * An HTTP transport for any client factory's `transport` option.
 *
 * @example
 * ```ts
 * const adv = createAdvancedClient({ transport: http("https://host/multichain", { apiKey: process.env.API_KEY }) });
 * ```
 */
export function http(url: string, options: HttpTransportOptions = {}): Transport {
  const [target, o] = checkHttp("http transport", url, options, (o, issues) => {
    if (o.fetch !== undefined && typeof o.fetch !== "function")
      issue(issues, "options.fetch", "type", "fetch", o.fetch);
    return o.dangerouslyAllowBrowser;
  });
  return httpTransport(target, o);
}

/** The options every HTTP transport takes (`http()` here, `nodeHttp()` in node.ts). */
type CommonOptions = Pick<HttpTransportOptions, "apiKey" | "proxy" | "maxResponseBytes">;

/**
 * The checks `http()` and `nodeHttp()` share: the options object, a key with the proxy, the body
 * limit, then the transport's own (`own` adds its issues and says whether a key may go to a browser),
 * then the URL and the key. Throws one ValidationError naming every problem; else the target.
 */
export function checkHttp<O extends CommonOptions>(
  what: string,
  url: string,
  options: O,
  own: (o: O, issues: Finding[]) => unknown,
): [Target, O] {
  const issues: Finding[] = [];
  if (options === null || typeof options !== "object") issue(issues, "options", "type", "object", options);
  const o = issues.length > 0 ? ({} as O) : options;
  if (o.proxy && o.apiKey !== undefined) issue(issues, "options.apiKey", "exclusive", "keyWithProxy", o.apiKey);
  const limit = o.maxResponseBytes;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 1))
    issue(issues, "options.maxResponseBytes", "minimum", "wholeAtLeastOne", limit);
  const allowBrowser = own(o, issues);
  const names = { url: "url", apiKey: "options.apiKey" };
  const target = checkTarget(url, o.apiKey, names, false, allowBrowser, issues);
  if (issues.length > 0 || !target) throw new ValidationError(what, describe(issues), {});
  return [target, o];
}

/**
 * A transport from its parts: checked (a clear ValidationError naming each bad part), its capabilities
 * derived from the functions it has, a deadline and an abort added when it does not enforce them,
 * and `secrets` (strings every error must hide) kept out of sight.
 *
 * @example
 * ```ts
 * const memory = createTransport({
 *   type: "memory",
 *   request: async ({ id, method }) => JSON.stringify({ jsonrpc: "2.0", id, result: answer(method) }),
 * });
 * const eth = createEthNodeClient({ transport: memory });
 * ```
 */
export function createTransport(config: TransportConfig, secrets: readonly string[] = []): Transport {
  // A transport made already passes the check, and sealTransport returns it as it is.
  const issues = shapeIssues(config, "transport");
  if (issues.length > 0) throw new ValidationError("transport", describe(issues), {});
  return sealTransport(config, secrets);
}
