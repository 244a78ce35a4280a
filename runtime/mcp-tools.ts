/**
 * The tools of an MCP server, over the generated clients: the `<package>/mcp` entry (made by the
 * generator's mcp plugin) hands the SDK's `Server` these two handlers, `tools/list` and
 * `tools/call`. Nothing here imports the MCP SDK, so the runtime stays free of dependencies.
 *
 * A call goes through the same client core as the typed clients (validation before any request,
 * retries of idempotent methods, size limits, typed errors): params by name, which the client sends
 * by name or by position as the API wants. Invalid arguments, a JSON-RPC error or any failure are a
 * result with `isError: true` and one sentence; a success is `structuredContent` (valid by the tool's
 * `outputSchema`) and the same JSON as text. The API key appears in none of them.
 */
import { createRpcClient } from "./client.js";
import { hideSecrets } from "./secrets.js";
import { deeperThan } from "./json-depth.js";
import { secretsIn, type Transport } from "./transport.js";
import type { ApiSpec, ClientOptions, RpcClient } from "./options.js";
import { argumentsToParams, hasU64, resultToStructured, type ToolSchema } from "./mcp-values.js";

/** One tool: a request method of an API, with its schemas (generated: `src/mcp/<api>.ts`). */
export interface McpTool {
  /** The tool's name: the method's name, with characters MCP does not allow as `_`. */
  readonly name: string;
  /** The JSON-RPC method it calls. */
  readonly method: string;
  readonly title?: string;
  readonly description: string;
  /** The params by name: `type: "object"`, `properties`, `required`. */
  readonly inputSchema: ToolSchema;
  /** The result (or `{ result }` when `wrap` is set): `type: "object"`. */
  readonly outputSchema: ToolSchema;
  /** The result is not always an object: `structuredContent` is `{ result: … }`. */
  readonly wrap?: boolean;
  readonly annotations: { readonly readOnlyHint: boolean; readonly openWorldHint: boolean };
}

/** The tools of one API and what its clients are made from. */
export interface McpToolset {
  /** The API's method table and validators (`<api>/api.ts`). */
  readonly api: ApiSpec;
  readonly title: string;
  /** The endpoint its spec's `servers` give, used when the options name none. */
  readonly url?: string;
  readonly tools: readonly McpTool[];
}

/** Per API, a value; or one value for every API. */
export type PerApi<Api extends string, T> = T | { readonly [K in Api]?: T };

/** Options of an MCP server: the client options, for every chosen API or per API. */
export interface McpServerOptions<Api extends string = string> extends Omit<
  ClientOptions,
  "url" | "transport" | "proxyUrl"
> {
  /** The APIs whose tools the server offers. Default: every API of the package. */
  apis?: readonly Api[];
  /** The endpoint of every chosen API, or one per API (`{ eth: "https://…" }`). Default: each spec's `servers`. */
  url?: PerApi<Api, string>;
  /** Instead of `url`/`apiKey`: a transport for every API, or one per API. */
  transport?: PerApi<Api, Transport>;
}

/** A tool as `tools/list` shows it. */
export type ListedTool = Omit<McpTool, "method" | "wrap">;

/** The result of `tools/call`. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface ToolHandlers {
  list(): { tools: ListedTool[] };
  call(name: string, args: unknown, signal?: AbortSignal): Promise<ToolResult>;
  /** Closes the clients (their connections). */
  close(): void;
}

/** Arguments deeper than this are refused before anything else looks at them. */
export const MAX_ARGUMENT_DEPTH = 128;
/** Arguments longer than this, as JSON text (UTF-16 units), are refused. */
export const MAX_ARGUMENT_LENGTH = 4 * 1024 * 1024;

const failure = (text: string): ToolResult => ({ content: [{ type: "text", text }], isError: true });
const quoted = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** The value of `given` for `api`: the per-API entry of a record, or the one value. */
function pick<T>(given: PerApi<string, T> | undefined, api: string, single: (v: unknown) => boolean): T | undefined {
  if (given === undefined || single(given)) return given as T | undefined;
  const record = given as Readonly<Record<string, T>>;
  return Object.hasOwn(record, api) ? record[api] : undefined;
}

/**
 * The handlers of the tools of `toolsets` chosen by `options.apis`. An API name that is not in
 * `toolsets` is a TypeError at once (a server must not start without the tools it was asked for);
 * wrong client options make every call of that API's tools an error result naming them.
 */
export function toolHandlers<Api extends string>(
  toolsets: { readonly [K in Api]: McpToolset },
  options: McpServerOptions<Api> = {},
): ToolHandlers {
  const { apis, url, transport, ...rest } = options;
  const names = Object.keys(toolsets) as Api[];
  const chosen = apis ?? names;
  for (const api of chosen)
    if (!Object.hasOwn(toolsets, api))
      throw new TypeError(`Unknown API ${quoted(String(api))} in options.apis: this server has ${names.join(", ")}.`);
  const tools = new Map<string, { tool: McpTool; client: RpcClient; secrets: readonly string[]; u64: boolean }>();
  const clients: RpcClient[] = [];
  for (const api of [...new Set(chosen)]) {
    const set = toolsets[api];
    const own = pick(transport, api, (v) => typeof (v as Transport).request === "function");
    const endpoint = own === undefined ? (pick(url, api, (v) => typeof v === "string") ?? set.url) : undefined;
    const client = createRpcClient(set.api, {
      validateResponses: "strict",
      ...rest,
      ...(own !== undefined ? { transport: own } : { url: endpoint }),
    });
    clients.push(client);
    const secrets = [...secretsIn(client.transport), ...(rest.apiKey ? [rest.apiKey] : [])];
    for (const tool of set.tools)
      if (!tools.has(tool.name))
        tools.set(tool.name, {
          tool,
          client,
          secrets,
          u64: hasU64(tool.inputSchema) || hasU64(tool.outputSchema),
        });
  }
  const listed: ListedTool[] = [...tools.values()].map(({ tool: { method: _m, wrap: _w, ...shown } }) => shown);
  return {
    list: () => ({ tools: listed }),
    call: async (name, args, signal) => {
      const entry = typeof name === "string" && tools.has(name) ? tools.get(name)! : undefined;
      if (!entry) return failure(`Unknown tool ${quoted(String(name))}: call one of the tools that tools/list shows.`);
      const hide = (text: string): string => hideSecrets(text, entry.secrets);
      const params = checkedArguments(entry.tool, args);
      if (typeof params === "string") return failure(hide(params));
      try {
        const result = await entry.client.call(
          entry.tool.method,
          entry.u64 ? argumentsToParams(params, entry.tool.inputSchema) : params,
          signal ? { signal } : undefined,
        );
        return success(entry.tool, result, hide);
      } catch (error) {
        return failure(hide(errorText(error)));
      }
    },
    close: () => clients.forEach((c) => c.close()),
  };
}

/** The arguments as params by name, or the sentence that says why they cannot be (nothing is sent then). */
function checkedArguments(tool: McpTool, args: unknown): Record<string, unknown> | string {
  if (args === undefined || args === null) return {};
  if (typeof args !== "object" || Array.isArray(args))
    return `The arguments of tool ${tool.name} must be an object of its params by name.`;
  if (deeperThan(args, MAX_ARGUMENT_DEPTH))
    return `The arguments of tool ${tool.name} nest deeper than ${MAX_ARGUMENT_DEPTH} levels; no request was sent.`;
  let length: number;
  try {
    length = JSON.stringify(args).length;
  } catch {
    return `The arguments of tool ${tool.name} are not JSON; no request was sent.`;
  }
  if (length > MAX_ARGUMENT_LENGTH)
    return `The arguments of tool ${tool.name} are ${length} characters of JSON, more than ${MAX_ARGUMENT_LENGTH}; no request was sent.`;
  const known = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
  const params: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(args)) {
    if (!Object.hasOwn(known, key)) {
      const names = Object.keys(known);
      return `Tool ${tool.name} has no param ${quoted(key)}; its params are ${names.length > 0 ? names.join(", ") : "none"}. No request was sent.`;
    }
    Object.defineProperty(params, key, {
      value: (args as Record<string, unknown>)[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return params;
}

function success(tool: McpTool, result: unknown, hide: (text: string) => string): ToolResult {
  const value = tool.wrap ? { result } : result;
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return failure(`The answer of ${tool.method} is not an object, as its result schema says it is.`);
  const structured = resultToStructured(value, tool.outputSchema, hide) as Record<string, unknown>;
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

/** One sentence for any failure: the error's name and message (a JSON-RPC error's code and data too), never a stack. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return `The call failed: ${String(error)}.`;
  const { code, data } = error as { code?: unknown; data?: unknown };
  let text = `${error.name}: ${error.message}`;
  if (error.name === "JsonRpcError" && typeof code === "number" && data !== undefined) {
    let json: string | undefined;
    try {
      json = JSON.stringify(data, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
    } catch {
      json = undefined;
    }
    if (json !== undefined) text += ` Data: ${json.length > 500 ? `${json.slice(0, 500)}…` : json}`;
  }
  return text;
}
