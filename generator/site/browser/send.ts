/**
 * One call through the generated client, with the exchange recorded for the page: the client
 * gets a `fetch` that notes the URL (the key replaced by `***`), the headers, the body, the
 * status, the raw answer and the time. Validation happens in the client before its first
 * `fetch`, so a refused call records no request at all.
 */
import { hideSecrets } from "../../../generated/src/runtime/secrets.js";
import type { Target } from "./endpoints.js";

/** A generated client factory: `createAdvancedClient` and the like. */
export type ClientFactory = (options: Record<string, unknown>) => object;

export interface Wire {
  method: "POST";
  url: string;
  headers: Record<string, string>;
  body: string;
  status?: number;
  statusText?: string;
  responseText?: string;
  ms?: number;
}

export interface Outcome {
  /** Requests the client made (0 when it refused before sending). */
  requests: Wire[];
  result?: unknown;
  error?: unknown;
}

export async function send(
  factory: ClientFactory,
  target: Target,
  clientName: string,
  args: unknown[],
): Promise<Outcome> {
  const requests: Wire[] = [];
  const secrets = target.secret ? [target.secret, encodeURIComponent(target.secret)] : [];
  const recordingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const wire: Wire = {
      method: "POST",
      url: hideSecrets(String(input), secrets),
      headers: headersOf(init?.headers),
      body: typeof init?.body === "string" ? init.body : "",
    };
    requests.push(wire);
    const started = performance.now();
    const response = await globalThis.fetch(input, init);
    wire.ms = Math.round(performance.now() - started);
    wire.status = response.status;
    wire.statusText = response.statusText;
    wire.responseText = hideSecrets(await response.clone().text(), secrets);
    return response;
  };
  try {
    // One attempt, so the wire display is the whole story; the snippet's client may retry.
    const client = factory({ ...target.options, fetch: recordingFetch, retryCount: 0 }) as Record<string, unknown>;
    const member = client[clientName];
    if (typeof member !== "function") throw new Error(`The generated client has no method ${clientName}.`);
    const result = await (member as (...a: unknown[]) => Promise<unknown>).apply(client, args);
    return { requests, result };
  } catch (error) {
    return { requests, error };
  }
}

function headersOf(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) {
    const out: Record<string, string> = {};
    headers.forEach((value, key) => (out[key] = value));
    return out;
  }
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...headers };
}

/** The request as text: `POST <url>`, the headers, a blank line, the body. */
export function wireText(wire: Wire): string {
  return [
    `${wire.method} ${wire.url}`,
    ...Object.entries(wire.headers).map(([k, v]) => `${k}: ${v}`),
    "",
    prettyBody(wire.body),
  ].join("\n");
}

function prettyBody(body: string): string {
  try {
    // Long integers are kept as written: the text is re-indented, never re-serialized from numbers.
    return indentJson(body);
  } catch {
    return body;
  }
}

/** Re-indents JSON text token by token (numbers keep every digit). */
export function indentJson(text: string): string {
  JSON.parse(text);
  let out = "";
  let depth = 0;
  const pad = (): string => `\n${"  ".repeat(depth)}`;
  for (const token of text.match(/"(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+/g) ?? []) {
    if (token === "{" || token === "[") {
      depth += 1;
      out += token + pad();
    } else if (token === "}" || token === "]") {
      depth -= 1;
      out += pad() + token;
    } else if (token === ",") out += `,${pad()}`;
    else if (token === ":") out += ": ";
    else out += token;
  }
  return out.replace(/([[{])\n\s*([\]}])/g, "$1$2");
}
