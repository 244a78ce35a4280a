/**
 * Hostile probes of the client runtime (issue 8, "The runtime"): every class of attack a server, a
 * proxy or a careless caller can mount, against real HTTP and WebSocket servers on 127.0.0.1 —
 * compression bombs counted on decoded bytes, redirects never followed, oversized WebSocket frames,
 * endless paginators, the key echoed in escaped forms, credentials in URLs, dot keys, numeric
 * options, deep nesting, prototype names, hostile batch answers, exact u64 values.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import {
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  ResponseTooLargeError,
  ValidationError,
  createRpcClient,
  type ApiSpec,
  type ClientOptions,
  type RpcClient,
  type WebSocketConstructor,
} from "../../runtime/index.js";
import { object, string } from "../../runtime/validate.js";
import { webSocket, type WebSocketTransportOptions } from "../../runtime/ws.js";
import { guardUnhandledRejections, rejectionOf, renderings } from "../helpers/error-checks.js";

const KEY = "sk-Live-4f9a7Q";
const U64_MAX = "18446744073709551615";
guardUnhandledRejections();

const api: ApiSpec = {
  name: "Probe",
  methods: {
    ping: { params: [], idempotent: true },
    balance: { params: ["account"], u64: true },
    pages: { params: ["pageToken"], page: { token: "pageToken", next: "nextPageToken", items: "items" } },
    needsCtor: { params: ["constructor", "toString"] },
  },
  validators: {
    needsCtor: object(
      { constructor: string(), toString: string() },
      { required: ["constructor", "toString"], additional: false },
    ),
  },
  keyed: { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" },
  proxy: { paramStructure: "by-position", envelope: "params-only", methodIn: "query" },
};

// ------------------------------------------------------------------------------------------------
// One scriptable HTTP server: `respond(body, res)` answers each request; `hits` counts them.

interface Envelope {
  id?: unknown;
  method?: string;
  params?: unknown;
}
type Responder = (body: Envelope | Envelope[], res: http.ServerResponse, path: string) => void;
let respond: Responder;
let hits = 0;
let server: http.Server;
let base: string;
let elsewhere: http.Server;
let elsewhereHits = 0;
let elsewhereHost: string;
const clients: RpcClient[] = [];

const listen = async (s: http.Server): Promise<string> => {
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", () => resolve()));
  return `127.0.0.1:${(s.address() as AddressInfo).port}`;
};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk));
    req.on("end", () => {
      hits++;
      respond(JSON.parse(text || "null") as Envelope, res, req.url ?? "");
    });
  });
  base = `http://${await listen(server)}`;
  elsewhere = http.createServer((req, res) => {
    elsewhereHits++;
    req.resume();
    res.end('{"jsonrpc":"2.0","id":1,"result":"from elsewhere"}');
  });
  elsewhereHost = await listen(elsewhere);
});
afterAll(async () => {
  for (const s of [server, elsewhere]) await new Promise<void>((resolve) => s.close(() => resolve()));
});
beforeEach(() => {
  hits = 0;
  elsewhereHits = 0;
  respond = (body, res) => res.end(JSON.stringify({ jsonrpc: "2.0", id: (body as Envelope).id, result: "pong" }));
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const make = (options: Partial<ClientOptions> = {}): RpcClient => {
  const client = createRpcClient(api, { url: `${base}/rpc`, apiKey: KEY, retryCount: 0, ...options });
  clients.push(client);
  return client;
};
/** A client over a webSocket() transport with the key, its transport options and client options apart. */
const makeWs = (url: string, wsOptions: WebSocketTransportOptions, options: Partial<ClientOptions> = {}): RpcClient => {
  const client = createRpcClient(api, {
    transport: webSocket(url, { apiKey: KEY, ...wsOptions }),
    retryCount: 0,
    ...options,
  });
  clients.push(client);
  return client;
};
const result = (id: unknown, value: string): string => `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${value}}`;

// ------------------------------------------------------------------------------------------------

describe("compressed bodies: the limit counts decoded bytes", () => {
  const big = JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0".repeat(8 * 1024 * 1024) });
  const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;
  it.each(Object.keys(encoders).flatMap((encoding) => [true, false].map((declared) => ({ encoding, declared }))))(
    "a $encoding bomb (8 MiB from a few KiB, length declared: $declared) → ResponseTooLargeError at 1 MiB",
    async ({ encoding, declared }) => {
      const packed = encoders[encoding as keyof typeof encoders](big);
      expect(packed.length).toBeLessThan(64 * 1024);
      respond = (_body, res) => {
        res.writeHead(200, {
          "content-type": "application/json",
          "content-encoding": encoding,
          ...(declared ? { "content-length": String(packed.length) } : {}),
        });
        res.end(packed);
      };
      const error = await rejectionOf(make({ maxResponseBytes: 1024 * 1024 }).call("ping", []));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expect((error as ResponseTooLargeError).limit).toBe(1024 * 1024);
    },
  );

  it("gzip that decodes to nothing, sent without end (empty members, no length): ResponseTooLargeError at the limit", async () => {
    // Each empty gzip member decodes to no byte: counted decoded bytes alone, the stream would be read
    // for as long as the server sends it. The server stops after 4 MiB, well past the 64 KiB limit.
    const empty = gzipSync(Buffer.alloc(0));
    const block = Buffer.concat(Array.from({ length: Math.ceil((64 * 1024) / empty.length) }, () => empty));
    let sent = 0;
    respond = (_body, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      const more = (): void => {
        while (sent < 4 * 1024 * 1024 && !res.destroyed) {
          sent += block.length;
          if (!res.write(block)) return void res.once("drain", more);
        }
        res.end();
      };
      more();
    };
    const error = await rejectionOf(make({ maxResponseBytes: 64 * 1024 }).call("ping", []));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).limit).toBe(64 * 1024);
  });

  it("a small compressed answer is still read", async () => {
    respond = (body, res) => {
      res.writeHead(200, { "content-encoding": "gzip" });
      res.end(gzipSync(result((body as Envelope).id, '"small"')));
    };
    expect(await make({ maxResponseBytes: 1024 }).call("ping", [])).toBe("small");
  });
});

describe("redirects are never followed", () => {
  it.each([301, 302, 303, 307, 308])(
    "%i to another host → HttpError naming the status and target host; nothing reaches it",
    async (status) => {
      respond = (_body, res) => {
        res.writeHead(status, { location: `http://${elsewhereHost}/stolen/${KEY}?k=${KEY}` });
        res.end();
      };
      const error = await rejectionOf(make({ headers: { "x-api-key": "HEADER-SECRET-123" } }).call("ping", []));
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(status);
      expect(error.message).toContain(`redirect to host ${elsewhereHost} not followed`);
      expect(elsewhereHits).toBe(0);
      expect(hits).toBe(1);
      expectClean(error);
    },
  );
});

describe("WebSocket messages over maxResponseBytes", () => {
  let wss: WebSocketServer;
  let url: string;
  beforeAll(async () => {
    wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`;
    wss.on("connection", (socket) => {
      socket.on("error", () => undefined);
      socket.on("message", (data) => {
        const parsed = JSON.parse(String(data)) as { id: number; method: string } | Array<{ id: number }>;
        // A batch: answered with the first id twice.
        if (Array.isArray(parsed))
          return socket.send(`[${parsed.map(() => result(parsed[0]!.id, '"dup"')).join(",")}]`);
        const { id, method } = parsed;
        if (method === "deep") return socket.send(result(id, `${"[".repeat(100_000)}${"]".repeat(100_000)}`));
        socket.send(method === "ping" ? result(id, JSON.stringify("x".repeat(2 * 1024 * 1024))) : result(id, U64_MAX));
      });
    });
  });
  afterAll(async () => {
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });

  /** A WebSocket that drops the options argument (as the browser's does): the transport must check sizes itself. */
  class NoMaxPayload extends WebSocket {
    constructor(address: string) {
      super(address);
    }
  }
  it.each([
    { name: "the ws package (maxPayload)", WebSocket: undefined },
    { name: "a WebSocket without maxPayload", WebSocket: NoMaxPayload as unknown as WebSocketConstructor },
  ])(
    "$name: a 2 MiB message with a 1 MiB limit → ResponseTooLargeError; the client goes on",
    async ({ WebSocket: impl }) => {
      const client = makeWs(url, {
        maxResponseBytes: 1024 * 1024,
        ...(impl && { WebSocket: impl }),
        reconnect: { attempts: 2, delay: 10 },
      });
      const error = await rejectionOf(client.call("ping", []));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
      expectClean(error);
      expect(await client.call("balance", ["a"])).toBe(18446744073709551615n);
    },
  );

  it("a 100 000-deep answer → MalformedResponseError for its call, not a timeout", async () => {
    const error = await rejectionOf(makeWs(url, {}, { timeout: 5_000 }).call("deep", []));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain("deeper than 512 levels");
  });

  it("a batch answer with a duplicate id → MalformedResponseError for that id, not 'first wins'", async () => {
    const settled = await makeWs(url, {}, { timeout: 300 }).batch((call) => [
      call("balance", ["a"]),
      call("balance", ["b"]),
    ]);
    expect(settled.map((s) => ((s as PromiseRejectedResult).reason as Error).name)).toEqual([
      "MalformedResponseError",
      "TimeoutError",
    ]);
    expect(((settled[0] as PromiseRejectedResult).reason as Error).message).toContain("two responses for id");
  });
});

describe("paginators end", () => {
  it("empty pages with ever-new tokens stop after 10 pages (even with maxItems: 10)", async () => {
    respond = (body, res) =>
      res.end(result((body as Envelope).id, JSON.stringify({ items: [], nextPageToken: `t${hits}` })));
    const error = await rejectionOf(
      (async () => {
        for await (const _ of make().paginate("pages", {}, { maxItems: 10 })) void _;
      })(),
    );
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain("10 pages in a row without items");
    expect(hits).toBe(10);
  });

  it("a token cycle ends with an error", async () => {
    respond = (body, res) =>
      res.end(result((body as Envelope).id, JSON.stringify({ items: [1], nextPageToken: `t${hits % 3}` })));
    const error = await rejectionOf(
      (async () => {
        for await (const _ of make().paginate("pages", {})) void _;
      })(),
    );
    expect(error.message).toMatch(/page token "t\d" twice/);
    expect(hits).toBeLessThanOrEqual(4);
  });

  it("maxPages: 5 fetches 5 pages and ends quietly", async () => {
    respond = (body, res) =>
      res.end(result((body as Envelope).id, JSON.stringify({ items: [hits], nextPageToken: `t${hits}` })));
    const items: unknown[] = [];
    for await (const item of make().paginate("pages", {}, { maxPages: 5 })) items.push(item);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(hits).toBe(5);
  });
});

// ------------------------------------------------------------------------------------------------
// The key in every form

/** Every escaped form decoded, so that a key hidden in any encoding shows. */
const decodeAll = (text: string): string =>
  text
    .replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)));
function expectClean(error: unknown): void {
  for (const [where, text] of renderings(error)) {
    for (const secret of [KEY, "HEADER-SECRET-123"])
      expect(decodeAll(text).toLowerCase(), `secret in ${where}`).not.toContain(secret.toLowerCase());
  }
}
const hexEscape = (s: string): string =>
  [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
const forms: Record<string, string> = {
  raw: KEY,
  "URL-encoded (every byte)": [...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join(""),
  "\\u-escaped": hexEscape(KEY),
  "HTML decimal": [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join(""),
  "HTML hex": [...KEY].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(""),
  mixed: `${KEY.slice(0, 3)}%${KEY.charCodeAt(3).toString(16)}&#${KEY.charCodeAt(4)};${hexEscape(KEY.slice(5, 7))}${KEY.slice(7)}`,
  "upper-case": KEY.toUpperCase(),
};
describe("the key never shows, in any encoding", () => {
  const cases = Object.entries(forms).flatMap(([form, echoed]) => [
    {
      form,
      where: "HTTP 500 body",
      echoed,
      send: (res: http.ServerResponse) => res.writeHead(500).end(`bad key ${echoed}`),
    },
    { form, where: "not-JSON 200 body", echoed, send: (res: http.ServerResponse) => res.end(`<p>${echoed}</p>`) },
    {
      form,
      where: "JSON-RPC error message and data",
      echoed,
      // JSON-escaped once more: after JSON.parse the message holds the echoed form itself.
      send: (res: http.ServerResponse, id: unknown) =>
        res.end(
          JSON.stringify({
            jsonrpc: "2.0",
            id,
            error: { code: -32000, message: `key ${echoed}`, data: { [echoed]: [echoed] } },
          }),
        ),
    },
  ]);
  it.each(cases)("$form in the $where", async ({ send }) => {
    respond = (body, res) => send(res, (body as Envelope).id);
    const error = await rejectionOf(make({ headers: { authorization: "Bearer HEADER-SECRET-123" } }).call("ping", []));
    expect([HttpError, MalformedResponseError, JsonRpcError].some((t) => error instanceof t)).toBe(true);
    expectClean(error);
  });
});

describe("options refused before any I/O", () => {
  /** The first issue of the error a client made with `options` rejects its first call with (nothing sent). */
  const issueOf = async (options: Partial<ClientOptions>): Promise<{ path: string; rule: string }> => {
    const client = createRpcClient(api, { url: `${base}/rpc`, ...options });
    const error = await rejectionOf(client.call("ping", []));
    expect(error).toBeInstanceOf(ValidationError);
    expect(JSON.stringify(error) + error.message + String(error.stack)).not.toContain("pw-SECRET");
    expect(hits).toBe(0);
    const issue = (error as ValidationError).issues[0]!;
    return { path: issue.path, rule: issue.rule };
  };
  it.each<{ given: Partial<ClientOptions>; want: { path: string; rule: string } }>([
    { given: { url: "http://user:pw-SECRET@127.0.0.1:1/rpc" }, want: { path: "options.url", rule: "credentials" } },
    {
      given: { url: undefined, proxyUrl: "https://:pw-SECRET@127.0.0.1:1/" },
      want: { path: "options.proxyUrl", rule: "credentials" },
    },
    ...[".", "..", "a/b", "a?b", "a#b"].map((apiKey) => ({
      given: { apiKey },
      want: { path: "options.apiKey", rule: "format" },
    })),
    { given: { timeout: -1 }, want: { path: "options.timeout", rule: "minimum" } },
    { given: { timeout: Number.NaN }, want: { path: "options.timeout", rule: "minimum" } },
    { given: { timeout: 3e9 }, want: { path: "options.timeout", rule: "maximum" } },
    { given: { timeout: Number.POSITIVE_INFINITY }, want: { path: "options.timeout", rule: "maximum" } },
    { given: { retryCount: Number.NaN }, want: { path: "options.retryCount", rule: "minimum" } },
    { given: { retryCount: 1.5 }, want: { path: "options.retryCount", rule: "integer" } },
    { given: { retryCount: 1e9 }, want: { path: "options.retryCount", rule: "maximum" } },
    { given: { retryDelay: -5 }, want: { path: "options.retryDelay", rule: "minimum" } },
    { given: { retryMaxDelay: Number.NaN }, want: { path: "options.retryMaxDelay", rule: "minimum" } },
    { given: { maxResponseBytes: 0 }, want: { path: "options.maxResponseBytes", rule: "minimum" } },
    { given: { batch: { maxSize: 0 } }, want: { path: "options.batch.maxSize", rule: "minimum" } },
    { given: { batch: { maxSize: 2.5 } }, want: { path: "options.batch.maxSize", rule: "integer" } },
    { given: { batch: { wait: -1 } }, want: { path: "options.batch.wait", rule: "minimum" } },
    {
      given: { retryJsonRpcCodes: ["x"] as unknown as number[] },
      want: { path: "options.retryJsonRpcCodes", rule: "type" },
    },
  ])("client $given → $want.path ($want.rule), on the first call", async ({ given, want }) => {
    expect(await issueOf(given)).toEqual(want);
  });

  it.each<{ given: WebSocketTransportOptions; want: { path: string; rule: string } }>([
    { given: { reconnect: { attempts: Number.NaN } }, want: { path: "options.reconnect.attempts", rule: "minimum" } },
    { given: { reconnect: { attempts: 2.5 } }, want: { path: "options.reconnect.attempts", rule: "integer" } },
    { given: { reconnect: { delay: 1e12 } }, want: { path: "options.reconnect.delay", rule: "maximum" } },
    { given: { maxResponseBytes: -1 }, want: { path: "options.maxResponseBytes", rule: "minimum" } },
    { given: { apiKey: ".." }, want: { path: "options.apiKey", rule: "format" } },
  ])("webSocket() $given → $want.path ($want.rule)", ({ given, want }) => {
    let error: unknown;
    try {
      webSocket("ws://127.0.0.1:1/ws", given);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const issue = (error as ValidationError).issues[0]!;
    expect({ path: issue.path, rule: issue.rule }).toEqual(want);
  });

  it("webSocket() with credentials in the URL → ValidationError that does not show them", () => {
    let error: unknown;
    try {
      webSocket("ws://user:pw-SECRET@127.0.0.1:1/ws");
    } catch (e) {
      error = e;
    }
    expect((error as ValidationError).issues.map((i) => [i.path, i.rule])).toEqual([["url", "credentials"]]);
    expect((error as Error).message).not.toContain("pw-SECRET");
  });

  it.each([
    { given: { timeout: Number.NaN }, want: "callOptions.timeout" },
    { given: { timeout: -1 }, want: "callOptions.timeout" },
    { given: { timeout: 3e9 }, want: "callOptions.timeout" },
    { given: { retryCount: Number.NaN }, want: "callOptions.retryCount" },
    { given: { retryCount: Number.POSITIVE_INFINITY }, want: "callOptions.retryCount" },
  ])("per call $given → ValidationError naming $want, nothing sent", async ({ given, want }) => {
    const error = await rejectionOf(make().call("ping", [], given));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.path).toBe(want);
    expect(error.message).toContain(want);
    expect(hits).toBe(0);
  });

  it.each([{ maxItems: -1 }, { maxPages: 0 }, { maxPages: Number.NaN }, { timeout: -1 }])(
    "paginate %o → ValidationError on the first step",
    async (given) => {
      const pages = make().paginate("pages", {}, given);
      const error = await rejectionOf(pages[Symbol.asyncIterator]().next());
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/^Invalid call options: callOptions\./);
      expect(hits).toBe(0);
    },
  );
});

describe("deep nesting → MalformedResponseError, never a RangeError", () => {
  const deep = (n: number): string => `${"[".repeat(n)}${"]".repeat(n)}`;
  it.each([
    { where: "result", body: (id: unknown) => result(id, deep(100_000)) },
    { where: "result with long integers", body: (id: unknown) => result(id, `[${U64_MAX},${deep(100_000)}]`) },
    {
      where: "error.data",
      body: (id: unknown) =>
        `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":1,"message":"m","data":${deep(100_000)}}}`,
    },
  ])("a 100 000-deep $where", async ({ body }) => {
    respond = (req, res) => res.end(body((req as Envelope).id));
    const error = await rejectionOf(make().call("balance", ["a"]));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain("deeper than 512 levels");
  });

  it("a batch answer 100 000 deep", async () => {
    respond = (_req, res) => res.end(`[${deep(100_000)}]`);
    const settled = await make().batch((call) => [call("ping", []), call("ping", [])]);
    for (const s of settled) expect((s as PromiseRejectedResult).reason).toBeInstanceOf(MalformedResponseError);
  });

  it("500 levels are fine", async () => {
    respond = (req, res) => res.end(result((req as Envelope).id, deep(500)));
    expect(await make().call("ping", [])).toBeInstanceOf(Array);
  });
});

describe("names of Object.prototype are plain names", () => {
  it.each(["toString", "constructor", "__proto__", "hasOwnProperty"])(
    "call(%j) sends that method and returns the answer",
    async (method) => {
      respond = (body, res) => res.end(result((body as Envelope).id, JSON.stringify((body as Envelope).method)));
      expect(await make().call(method, [])).toBe(method);
      expect(hits).toBe(1);
    },
  );

  it("required params named constructor / toString are checked, not read from the prototype", async () => {
    const error = await rejectionOf(make().call("needsCtor", {}));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["params.constructor", "params.toString"]);
    expect(hits).toBe(0);
  });

  it("a result with an own __proto__ key (and long integers) stays data and pollutes nothing", async () => {
    respond = (body, res) =>
      res.end(result((body as Envelope).id, `{"__proto__":{"polluted":${U64_MAX}},"n":${U64_MAX}}`));
    const value = (await make().call("balance", ["a"])) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(value.n).toBe(Number(U64_MAX));
  });
});

describe("hostile batch answers", () => {
  it("duplicate ids → MalformedResponseError for every call, not 'last wins'", async () => {
    respond = (body, res) => {
      const [a, b] = body as Envelope[];
      res.end(`[${result(a!.id, '"one"')},${result(a!.id, '"evil"')},${result(b!.id, '"two"')}]`);
    };
    const settled = await make().batch((call) => [call("ping", []), call("ping", [])]);
    for (const s of settled) {
      expect(s.status).toBe("rejected");
      expect((s as PromiseRejectedResult).reason).toBeInstanceOf(MalformedResponseError);
      expect(((s as PromiseRejectedResult).reason as Error).message).toContain("two responses for id");
    }
  });

  it("string ids are matched; a missing one fails only its call; u64 stays exact", async () => {
    respond = (body, res) => {
      const [a, b] = body as Envelope[];
      res.end(`[${result(String(b!.id), U64_MAX)},${result(String(a!.id), '"one"')}]`);
    };
    const settled = await make().batch((call) => [call("ping", []), call("balance", ["x"]), call("ping", [])]);
    expect(settled[0]).toEqual({ status: "fulfilled", value: "one" });
    expect(settled[1]).toEqual({ status: "fulfilled", value: 18446744073709551615n });
    expect((settled[2] as PromiseRejectedResult).reason.message).toMatch(/no response for request id \d+/);
  });

  it("u64 beyond 2^53 in a single answer stays exact", async () => {
    respond = (body, res) => res.end(result((body as Envelope).id, U64_MAX));
    expect(await make().call("balance", ["x"])).toBe(18446744073709551615n);
  });
});
