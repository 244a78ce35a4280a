/**
 * The command line of the MCP bin (`<scope>-mcp`, made by the generator's mcp plugin), read into
 * what the server needs, or one sentence saying what is wrong. Pure: the process is read and
 * written by mcp-bin.ts. The API key comes from the environment only, never from a flag, and no
 * message ever repeats a URL or the key (a URL may hold a key someone put there by mistake).
 *
 *   <bin> [--api <api>]... [--url <url> | --url <api>=<url>]...
 */

/** What the generated bin knows about its package. */
export interface BinSpec {
  /** The bin's name, for messages: `blockchain-rpc-mcp`. */
  readonly bin: string;
  /** The environment variable of the key: `BLOCKCHAIN_RPC_API_KEY`. */
  readonly keyVariable: string;
  /** Each API's name and the endpoint its spec gives (`undefined` when it gives none). */
  readonly apis: Readonly<Record<string, string | undefined>>;
}

export type BinPlan =
  | { readonly kind: "serve"; readonly apis: string[]; readonly url: Record<string, string>; readonly apiKey?: string }
  | { readonly kind: "help"; readonly text: string }
  | { readonly kind: "error"; readonly message: string };

/** The usage text: what `--help` prints (on stderr: stdout carries only the protocol). */
export function usage(spec: BinSpec): string {
  const names = Object.keys(spec.apis);
  return [
    `Usage: ${spec.bin} [--api <api>]... [--url <url> | --url <api>=<url>]...`,
    "",
    "Serves the package's clients as MCP tools over stdio (one tool per request method).",
    "",
    `  --api <api>        offer this API's tools (repeat for several; default: all of ${names.join(", ")})`,
    "  --url <url>        the endpoint of every chosen API (a node or proxy that serves them all)",
    "  --url <api>=<url>  the endpoint of one API; without --url, each API's spec gives it",
    "  --help             this text",
    "",
    `The API key is read from the environment variable ${spec.keyVariable}, never from a flag.`,
  ].join("\n");
}

/** Whether `text` is an absolute http(s) URL without credentials. */
function httpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** `--flag value` or `--flag=value`: the flag's name and value, and how many arguments it took. */
function flagAt(argv: readonly string[], i: number): { flag: string; value: string | undefined; used: number } {
  const arg = argv[i]!;
  const eq = arg.indexOf("=");
  if (arg.startsWith("--") && eq > 2) return { flag: arg.slice(0, eq), value: arg.slice(eq + 1), used: 1 };
  const next = argv[i + 1];
  return { flag: arg, value: next === undefined || next.startsWith("--") ? undefined : next, used: 2 };
}

/** The plan for `argv` (the arguments after the bin) and `env`. */
export function planBin(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  spec: BinSpec,
): BinPlan {
  const names = Object.keys(spec.apis);
  const fail = (message: string): BinPlan => ({
    kind: "error",
    message: `${message} Run ${spec.bin} --help for usage.`,
  });
  const known = (api: string): boolean => Object.hasOwn(spec.apis, api);
  const shown = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  if (argv.some((arg) => arg === "--help" || arg === "-h")) return { kind: "help", text: usage(spec) };
  const chosen: string[] = [];
  let all: string | undefined;
  const each: Record<string, string> = {};
  for (let i = 0; i < argv.length;) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) return fail(`Unexpected argument ${shown(arg)}: every argument is a --flag.`);
    const { flag, value, used } = flagAt(argv, i);
    i += used;
    if (/^--(api-?key|key|token)$/i.test(flag))
      return fail(`The API key is read only from the environment variable ${spec.keyVariable}, never from a flag.`);
    if (flag !== "--api" && flag !== "--url") return fail(`Unknown option ${shown(flag)}.`);
    if (value === undefined || value === "")
      return fail(flag === "--api" ? "--api needs an API's name." : "--url needs a value: <url> or <api>=<url>.");
    if (flag === "--api") {
      for (const api of value.split(",").map((a) => a.trim())) {
        if (!known(api)) return fail(`Unknown API ${shown(api)} in --api; this package has ${names.join(", ")}.`);
        if (!chosen.includes(api)) chosen.push(api);
      }
      continue;
    }
    const named = /^([a-z0-9][a-z0-9._-]*)=(.*)$/s.exec(value);
    if (named && !httpUrl(value)) {
      const [, api, url] = named as unknown as [string, string, string];
      if (!known(api))
        return fail(`Unknown API ${shown(api)} in --url ${api}=…; this package has ${names.join(", ")}.`);
      if (Object.hasOwn(each, api)) return fail(`--url ${api}=… is given twice.`);
      if (!httpUrl(url)) return fail(`The URL of --url ${api}=… is not an absolute http(s) URL without credentials.`);
      each[api] = url;
      continue;
    }
    if (all !== undefined) return fail("--url <url> is given twice; use --url <api>=<url> for one API's endpoint.");
    if (!httpUrl(value)) return fail("The URL of --url is not an absolute http(s) URL without credentials.");
    all = value;
  }
  const apis = chosen.length > 0 ? chosen : names;
  for (const api of Object.keys(each))
    if (!apis.includes(api)) return fail(`--url ${api}=… names an API that --api did not choose.`);
  const url: Record<string, string> = {};
  for (const api of apis) {
    const endpoint = each[api] ?? all ?? spec.apis[api];
    if (endpoint === undefined)
      return fail(`The spec of API ${shown(api)} gives no endpoint: pass --url <url> or --url ${api}=<url>.`);
    url[api] = endpoint;
  }
  const key = env[spec.keyVariable];
  if (key !== undefined && key !== "") {
    if (/[/?#\s]/.test(key) || key === "." || key === "..")
      return fail(
        `${spec.keyVariable} holds a character an API key cannot ('/', '?', '#' or a space), or is '.' or '..'.`,
      );
    return { kind: "serve", apis, url, apiKey: key };
  }
  return { kind: "serve", apis, url };
}
