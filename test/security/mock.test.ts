/**
 * The mock server under hostile HTTP clients: the real server on 127.0.0.1 (port 0), spoken to
 * over raw HTTP, one probe per class of abuse (bodies, batches, JSON shapes, nesting, prototype
 * names, slow and many clients, one client against the others). Limits are set small so that
 * every bound is reached quickly; probes check that the server keeps answering afterwards, and
 * none may put a stack trace in an answer or on the console. WebSocket: mock-ws.test.ts; the
 * CLI: mock-cli.test.ts.
 */
import { deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, resolveLimits } from "../../generator/mock/limits.js";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";
import { SPECS } from "../generator/mock/fixtures.js";
import { call, errorOf, LIMITS, STACK, stillServes, text, useHostileMock } from "./helpers/hostile-mock.js";
import { exchange, postRaw, sleep, type Exchange } from "./helpers/raw.js";

const { port, logged } = useHostileMock();
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

function expectNoStack(x: Exchange): void {
  expect(x.response?.body ?? "").not.toMatch(STACK);
}

describe("request bodies", () => {
  const big = text(call("eth_blockNumber", [" ".repeat(LIMITS.maxBodyBytes)]));
  const cases: [string, () => Promise<Exchange>][] = [
    ["a declared Content-Length over the limit", () => postRaw(port(), big)],
    [
      "a chunked body that never ends, counted while it streams",
      () =>
        exchange(
          port(),
          [
            `POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
            `10000\r\n${" ".repeat(0x10000)}\r\n`,
          ],
          { endless: true },
        ),
    ],
    [
      "a gzip body that inflates past the limit (a 2 KiB bomb)",
      () =>
        postRaw(port(), gzipSync(`[${" ".repeat(4 * LIMITS.maxBodyBytes)}]`), {
          "content-type": "application/json",
          "content-encoding": "gzip",
        }),
    ],
    [
      "a deflate body that inflates past the limit",
      () =>
        postRaw(port(), deflateSync(`[${" ".repeat(4 * LIMITS.maxBodyBytes)}]`), {
          "content-type": "application/json",
          "content-encoding": "deflate",
        }),
    ],
  ];
  it.each(cases)("%s is 413 with a JSON-RPC error naming the limit", async (_name, probe) => {
    const x = await probe();
    expect(x.response?.status).toBe(413);
    expect(errorOf(x)).toEqual({
      code: -32600,
      message:
        "Invalid Request: the request body is larger than 512 KiB, the mock's limit (maxBodyBytes); send smaller batches.",
    });
    expect(x.closed).toBe(true);
    await stillServes(port());
  });

  it("decodes a gzip body under the limit and answers it", async () => {
    const x = await postRaw(port(), gzipSync(text(call("eth_blockNumber", []))), {
      "content-type": "application/json",
      "content-encoding": "gzip",
    });
    expect(x.response?.json).toMatchObject({ id: 1, result: expect.stringMatching(/^0x/) });
  });

  const refused: [string, Buffer | string, Record<string, string>, number, number, RegExp][] = [
    [
      "a body that is not gzip although it says so",
      "not gzip",
      { "content-type": "application/json", "content-encoding": "gzip" },
      400,
      -32700,
      /^Parse error: the body is not valid gzip data\.$/,
    ],
    [
      "an encoding the mock does not take",
      "{}",
      { "content-type": "application/json", "content-encoding": "br" },
      415,
      -32600,
      /not Content-Encoding "br"\.$/,
    ],
    [
      "invalid UTF-8",
      Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"method":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from('"}'),
      ]),
      { "content-type": "application/json" },
      400,
      -32700,
      /^Parse error: the body is not valid UTF-8 text\.$/,
    ],
    [
      "text/plain",
      text(call("eth_blockNumber", [])),
      { "content-type": "text/plain" },
      415,
      -32600,
      /sent with Content-Type application\/json, not Content-Type "text\/plain"\.$/,
    ],
    [
      "a form",
      "a=1",
      { "content-type": "application/x-www-form-urlencoded" },
      415,
      -32600,
      /not Content-Type "application\/x-www-form-urlencoded"\.$/,
    ],
    [
      "no content type",
      text(call("eth_blockNumber", [])),
      {},
      415,
      -32600,
      /not no Content-Type\.$|, not no Content-Type/,
    ],
  ];
  it.each(refused)("%s is refused with a JSON-RPC error", async (_name, body, headers, status, code, message) => {
    const x = await postRaw(port(), body, headers);
    expect(x.response?.status).toBe(status);
    expect(errorOf(x)?.code).toBe(code);
    expect(errorOf(x)?.message).toMatch(message);
    expectNoStack(x);
  });

  it("takes application/json with parameters (charset)", async () => {
    const x = await postRaw(port(), text(call("eth_blockNumber", [])), {
      "content-type": "Application/JSON; charset=utf-8",
    });
    expect(x.response?.json).toMatchObject({ result: expect.stringMatching(/^0x/) });
  });
});

describe("batches and JSON shapes", () => {
  it("refuses a batch over maxBatchItems (1000) with -32600 naming the limit, and runs none of it", async () => {
    const x = await postRaw(port(), text(Array.from({ length: 1001 }, (_, i) => call("eth_blockNumber", [], i))));
    expect(x.response?.json).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message:
          "Invalid Request: a batch may hold at most 1000 request objects (the mock's limit maxBatchItems), this one holds 1001; split it into smaller batches.",
      },
    });
  });

  it("answers a batch of exactly 1000", async () => {
    const x = await postRaw(port(), text(Array.from({ length: 1000 }, (_, i) => call("eth_blockNumber", [], i))));
    expect(x.response?.json).toHaveLength(1000);
  });

  it("refuses an empty batch with -32600", async () => {
    expect(errorOf(await postRaw(port(), "[]"))).toEqual({
      code: -32600,
      message: "Invalid Request: a batch must hold at least one request object.",
    });
  });

  it("stops a batch whose answers pass maxResponseBytes: the rest get -32003 and are not run", async () => {
    const batch = [
      call("eth_blockNumber", [], 1),
      call("adv_getLogs", { blockchain: "eth", pageSize: 5000 }, 2),
      call("eth_blockNumber", [], 3),
    ];
    const x = await postRaw(port(), text(batch));
    const answers = x.response?.json as { id: number; result?: unknown; error?: { code: number; message: string } }[];
    expect(answers.map((a) => [a.id, a.error?.code ?? "result"])).toEqual([
      [1, "result"],
      [2, -32003],
      [3, -32003],
    ]);
    expect(answers[1]!.error!.message).toBe(
      "Response too large: this answer exceeded 256 KiB, the mock's limit (maxResponseBytes); ask for fewer items or smaller pages.",
    );
    expect(x.response!.body.length).toBeLessThan(LIMITS.maxResponseBytes);
  });

  it("answers a single call over maxResponseBytes with -32003", async () => {
    expect(errorOf(await postRaw(port(), text(call("adv_getLogs", { blockchain: "eth", pageSize: 5000 }))))?.code).toBe(
      -32003,
    );
  });

  const nonObjects: [string, string][] = [
    ["a number", "42"],
    ["a string", '"eth_blockNumber"'],
    ["null", "null"],
    ["true", "true"],
  ];
  it.each(nonObjects)("answers %s as the body with -32600", async (_name, body) => {
    expect(errorOf(await postRaw(port(), body))).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/^Invalid Request: request must be an object, not /),
    });
  });

  it("answers a batch of non-objects item by item with -32600", async () => {
    const x = await postRaw(port(), "[1,null]");
    expect((x.response?.json as { error: { code: number } }[]).map((a) => a.error.code)).toEqual([-32600, -32600]);
  });
});

describe("deep nesting", () => {
  const deep = (n: number): string => `${"[".repeat(n)}${"]".repeat(n)}`;
  const deepObject = (n: number): string => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
  const cases: [string, string, string?][] = [
    ["a 100,000-level array as the body", deep(100_000)],
    [
      "100,000-level params",
      `{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":${deep(100_000)}}}`,
    ],
    [
      "a 50,000-level object in params",
      `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":[${deepObject(50_000)},false]}`,
    ],
    ["a 100,000-level body in the proxy form", deep(100_000), "/?adv_getLogs"],
    ["65 levels, one past maxDepth (64)", deep(65)],
  ];
  it.each(cases)("%s is -32600, not a crash", async (_name, body, at = "/") => {
    const x = await postRaw(port(), body, { "content-type": "application/json" }, at);
    expect(x.response?.status).toBe(200);
    expect(errorOf(x)).toEqual({
      code: -32600,
      message: "Invalid Request: the body nests arrays and objects deeper than 64 levels, the mock's limit (maxDepth).",
    });
    await stillServes(port());
  });

  it("counts brackets inside strings as text, not nesting", async () => {
    const x = await postRaw(port(), text(call("eth_blockNumber", ["[".repeat(100_000)])));
    expect(errorOf(x)?.code).toBe(-32602);
  });

  it("takes nesting up to the limit and validates it as params (-32602)", async () => {
    const x = await postRaw(
      port(),
      `{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":${deep(60)}}}`,
    );
    expect(errorOf(x)).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: blockchain /) });
  });
});

describe("prototype names", () => {
  const names = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];
  it.each(names)("method %s is -32601 (keyed, scoped and proxy forms)", async (name) => {
    for (const [at, body] of [
      ["/", text(call(name, []))],
      ["/eth/key", text(call(name, {}))],
      [`/${name}/key`, text(call(name, []))],
      [`/?${name}`, "[]"],
    ] as const) {
      const x = await postRaw(port(), body, { "content-type": "application/json" }, at);
      expect(errorOf(x)).toEqual({ code: -32601, message: `Method not found: ${name}` });
    }
  });

  const params: [string, string, RegExp][] = [
    [
      "__proto__ as a param name",
      '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":"eth","__proto__":{"pageSize":-1,"polluted":1}}}',
      /__proto__ is not a param of adv_getLogs/,
    ],
    [
      "constructor as a param name",
      '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"constructor":{"prototype":{"polluted":1}}}}',
      /constructor is not a param of adv_getLogs/,
    ],
    [
      "toString as a param name",
      '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"toString":"x"}}',
      /toString is not a param of adv_getLogs/,
    ],
    [
      "__proto__ inside a param",
      '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":{"__proto__":{"polluted":1}}}}',
      /^Invalid params: blockchain /,
    ],
  ];
  it.each(params)("%s is validated like any other key (-32602)", async (_name, body, message) => {
    const x = await postRaw(port(), body);
    expect(errorOf(x)?.code).toBe(-32602);
    expect(errorOf(x)?.message).toMatch(message);
  });

  it("takes no id from a __proto__ key: the request stays a notification", async () => {
    const x = await postRaw(port(), '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"__proto__":{"id":7}}');
    expect(x.response?.status).toBe(204);
  });

  it("leaves Object.prototype untouched after every probe above", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).pageSize).toBeUndefined();
  });
});

describe("slow and many clients", () => {
  it("closes a connection whose headers trickle in (slowloris) after headersTimeoutMs", async () => {
    const x = await exchange(
      port(),
      ["POST / HTTP/1.1\r\n", "host: 127.0.0.1\r\n", ...Array.from({ length: 100 }, (_, i) => `x-${i}: y\r\n`)],
      { gapMs: 100, timeoutMs: 8_000 },
    );
    expect(x.closed).toBe(true);
    expect(x.response?.status).toBe(408);
    expect(errorOf(x)?.code).toBe(-32600);
  });

  it("closes a connection whose body trickles in after requestTimeoutMs", async () => {
    const head = "POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n";
    const x = await exchange(port(), [head, ...Array.from({ length: 100 }, () => " ")], {
      gapMs: 100,
      timeoutMs: 8_000,
    });
    expect(x.closed).toBe(true);
    expect(x.response?.status).toBe(408);
  });

  it("closes an idle kept-alive connection after keepAliveTimeoutMs", async () => {
    const body = text(call("eth_blockNumber", []));
    const x = await exchange(
      port(),
      [
        `POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      ],
      { timeoutMs: 8_000 },
    );
    expect(x.response?.status).toBe(200);
    expect(x.closed).toBe(true);
  });

  it("answers pipelined requests one after the other, in order", async () => {
    const requests = Array.from({ length: 20 }, (_, i) => {
      const body = text(call("eth_blockNumber", [], i));
      return `POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}${i === 19 ? "\r\nconnection: close" : ""}\r\n\r\n${body}`;
    });
    const x = await exchange(port(), [requests.join("")], { onRaw: true });
    expect(x.raw?.toString("utf8").match(/"id":\d+/g)).toEqual(Array.from({ length: 20 }, (_, i) => `"id":${i}`));
    expect(x.closed).toBe(true);
  });

  it("refuses a request head over maxHeaderBytes with 431", async () => {
    const x = await exchange(port(), [
      `GET / HTTP/1.1\r\nhost: 127.0.0.1\r\nx-big: ${"a".repeat(DEFAULT_LIMITS.maxHeaderBytes + 10)}\r\n\r\n`,
    ]);
    expect(x.response?.status).toBe(431);
    expect(errorOf(x)?.message).toMatch(/maxHeaderBytes/);
  });

  it("answers garbage instead of HTTP with 400 and a JSON-RPC error", async () => {
    const x = await exchange(port(), ["\u0000\u0001 NOT HTTP\r\n\r\n"]);
    expect(x.response?.status).toBe(400);
    expect(errorOf(x)?.code).toBe(-32600);
  });

  it("holds at most maxConnections open at once and serves again when they close", async () => {
    const small = await startMockServer({
      specs: [SPECS[1]!],
      port: 0,
      limits: { maxConnections: 4, headersTimeoutMs: 5_000, requestTimeoutMs: 5_000, keepAliveTimeoutMs: 5_000 },
    });
    const smallPort = Number(new URL(small.url).port);
    try {
      const body = text(call("eth_blockNumber", []));
      const keepAlive = `POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
      const held = Array.from({ length: 4 }, () => exchange(smallPort, [keepAlive], { timeoutMs: 1_500 }));
      await sleep(300);
      const extra = await exchange(smallPort, [keepAlive], { timeoutMs: 3_000 });
      expect(extra.closed).toBe(true);
      expect(extra.response).toBeUndefined();
      const first = await Promise.all(held);
      expect(first.map((x) => [x.response?.status, x.closed])).toEqual(Array.from({ length: 4 }, () => [200, false]));
      await sleep(100);
      const after = await postRaw(smallPort, body);
      expect(after.response?.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe("one client against the others", () => {
  let roomy: MockServer;
  let roomyPort: number;
  beforeAll(async () => {
    roomy = await startMockServer({
      specs: SPECS.slice(0, 2),
      port: 0,
      limits: { wsMaxBufferedBytes: 64 * 1024, wsMaxMessagesPerSecond: 1000 },
    });
    roomyPort = Number(new URL(roomy.url).port);
  });
  afterAll(() => roomy?.close());

  it("answers a small call while a 1000-item batch is still being computed", async () => {
    const heavy = text(
      Array.from({ length: 1000 }, (_, i) => call("adv_getLogs", { blockchain: "eth", pageSize: 10, fromBlock: i }, i)),
    );
    const order: string[] = [];
    // The bound is for a hang, not a speed: on a loaded machine the batch can take seconds.
    const batch = postRaw(roomyPort, heavy, undefined, "/", () => order.push("batch answer starts"), 60_000).then(
      (x) => void order.push(`batch ${x.response?.status}`),
    );
    await sleep(50);
    const small = postRaw(roomyPort, text(call("eth_blockNumber", []))).then(
      (x) => void order.push(`small ${x.response?.status}`),
    );
    await Promise.all([batch, small]);
    expect(order).toEqual(["small 200", "batch answer starts", "batch 200"]);
  }, 90_000);
});

describe("the console and the answers", () => {
  it("got no stack trace and no line at all from the probes above", () => {
    expect(logged.filter((l) => STACK.test(l))).toEqual([]);
    expect(logged).toEqual([]);
  });
});

describe("limits", () => {
  it("has every default in one table, and refuses values out of range with a sentence naming the limit", () => {
    expect(resolveLimits()).toEqual(DEFAULT_LIMITS);
    expect(() => resolveLimits({ maxBatchItems: 0 })).toThrow(
      "The limit maxBatchItems (--max-batch-items) must be a whole number from 1 to 2147483647, not 0.",
    );
    expect(() => resolveLimits({ maxBodyBytes: Number.NaN })).toThrow(/maxBodyBytes .* not NaN/);
    expect(() => resolveLimits({ maxBodyBytes: "1" as unknown as number })).toThrow(/not "1"/);
    expect(() => resolveLimits({ maxBogus: 1 } as never)).toThrow("maxBogus is not a limit of the mock server");
  });

  it("refuses to listen on a non-loopback address unless allowRemote", async () => {
    await expect(startMockServer({ specs: [SPECS[1]!], host: "0.0.0.0" })).rejects.toThrow(
      "The mock listens on loopback addresses only; 0.0.0.0 would let other machines call it. Pass allowRemote (--allow-remote) to do that on purpose.",
    );
  });
});
