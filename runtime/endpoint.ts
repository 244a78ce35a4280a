/** Client options → the endpoint to call, checked before anything is sent. */
import { clientOptionIssues, typeOf } from "./checks.js";
import { ValidationError } from "./base-error.js";
import type { EndpointSpec } from "./codec.js";
import type { ClientOptions } from "./options.js";
import type { Issue } from "./validate.js";

export interface Endpoint extends EndpointSpec {
  /** Full URL, with the API key as last path segment when one is given. Never put in errors. */
  url: string;
  /** Host and port, safe to show. */
  host: string;
  transport: "http" | "ws";
}

export function resolveEndpoint(
  name: string,
  keyed: EndpointSpec,
  proxy: EndpointSpec | undefined,
  options: ClientOptions,
): Endpoint {
  const issues: Issue[] = [];
  const bad = (path: string, rule: string, message: string, value: unknown): void => {
    issues.push({ path, rule, message, received: typeOf(value) });
  };
  const field = options.url !== undefined ? "options.url" : "options.proxyUrl";
  if (options.url === undefined && options.proxyUrl === undefined)
    bad("options.url", "required", "is required (or pass proxyUrl for the keyless proxy)", undefined);
  if (options.url !== undefined && options.proxyUrl !== undefined)
    bad("options.proxyUrl", "exclusive", "cannot be combined with url: pass one of them", options.proxyUrl);
  if (options.proxyUrl !== undefined && !proxy)
    bad("options.proxyUrl", "unsupported", `is not available: the ${name} API has no keyless proxy`, options.proxyUrl);
  if (options.proxyUrl !== undefined && options.apiKey !== undefined)
    bad("options.apiKey", "exclusive", "cannot be used with proxyUrl: the proxy takes no key", options.apiKey);
  const raw = options.url ?? options.proxyUrl;
  let parsed: URL | undefined;
  if (raw !== undefined) {
    try {
      parsed = new URL(String(raw));
      const allowed = options.proxyUrl !== undefined ? /^https?:$/ : /^(https?|wss?):$/;
      if (!allowed.test(parsed.protocol))
        bad(
          field,
          "protocol",
          options.proxyUrl !== undefined
            ? "must start with http:// or https://"
            : "must start with http://, https://, ws:// or wss://",
          raw,
        );
      if (parsed.username !== "" || parsed.password !== "")
        bad(field, "credentials", "must not hold credentials (user:password@): pass the key as apiKey", raw);
    } catch {
      bad(field, "format", "must be an absolute URL such as https://host/path", raw);
    }
  }
  if (
    options.apiKey !== undefined &&
    (typeof options.apiKey !== "string" || options.apiKey === "" || /[/?#\s]/.test(options.apiKey))
  ) {
    bad("options.apiKey", "format", "must be a non-empty string without '/', '?', '#' or spaces", options.apiKey);
  } else if (options.apiKey === "." || options.apiKey === "..") {
    bad("options.apiKey", "format", "must not be '.' or '..' (the request would go to a parent path)", options.apiKey);
  }
  clientOptionIssues(options, issues);
  if (options.apiKey !== undefined && isBrowser() && options.dangerouslyAllowBrowser !== true) {
    bad(
      "options.apiKey",
      "browser",
      "must not be used in a browser: the key would ship to every visitor. Call the keyed endpoint from a server, use proxyUrl, or pass dangerouslyAllowBrowser: true",
      "string",
    );
  }
  if (issues.length > 0 || !parsed) throw new ValidationError("client options", issues, {});
  const isProxy = options.proxyUrl !== undefined;
  const base = String(raw).replace(/\/+$/, "");
  return {
    ...(isProxy ? proxy! : keyed),
    url: options.apiKey ? `${base}/${encodeURIComponent(options.apiKey)}` : String(raw),
    host: parsed.host,
    transport: /^wss?:$/.test(parsed.protocol) ? "ws" : "http",
  };
}

function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window === "object" && typeof g.document === "object";
}

/**
 * The secrets of a client: the key, and the values of headers whose name says they carry one
 * (`authorization`, `x-api-key`, `*token*`, `*secret*`, `cookie`). Their escaped forms are matched by `hideSecrets`.
 */
export function secretsOf(apiKey: string | undefined, headers: Record<string, string> = {}): string[] {
  const secrets = apiKey ? [apiKey] : [];
  for (const [name, value] of Object.entries(headers))
    if (/auth|key|token|secret|cookie|session|password/i.test(name) && typeof value === "string" && value.length >= 4)
      secrets.push(value, ...value.split(/\s+/).filter((part) => part.length >= 8));
  return secrets;
}
