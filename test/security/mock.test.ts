/**
 * The mock server under hostile clients: the real server on 127.0.0.1 (port 0), spoken to over
 * raw HTTP and raw WebSocket (and the `ws` package), one probe per class of abuse. Limits are set
 * small here so that every bound is reached quickly; each probe also checks that the server keeps
 * answering afterwards, and no probe may put a stack trace in an answer or on the console.
 */
import { gzipSync, deflateSync } from "node:zlib";
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { ROOT } from "../../generator/generate.js";
import { DEFAULT_LIMITS, resolveLimits } from "../../generator/mock/limits.js";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";
import { SPECS } from "../generator/mock/fixtures.js";
import { closeCode, exchange, frame, postRaw, rawWebSocket, sleep, type Exchange } from "./helpers/raw.js";

const LIMITS = {
  maxBodyBytes: 512 * 1024,
  maxResponseBytes: 256 * 1024,
  headersTimeoutMs: 300,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 300,
  wsMaxPayloadBytes: 512 * 1024,
  wsMaxMessagesPerSecond: 20,
  wsHeartbeatMs: 200,
};
const STACK = /\n\s+at |at .+\.(ts|js):\d+/;
const logged: string[] = [];
let mock: MockServer;
let port: number;
const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  for (const level of ["log", "warn", "error", "info", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  }
  mock = await startMockServer({ specs: SPECS.slice(0, 2), port: 0, limits: LIMITS });
  port = Number(new URL(mock.url).port);
});
afterAll(async () => {
  await mock?.close();
  vi.restoreAllMocks();
});

const call = (method: string, params?: unknown, id: unknown = 1): Record<string, unknown> => ({ jsonrpc: "2.0", id, method, ...(params !== undefined ? { params } : {}) });
const text = (value: unknown): string => JSON.stringify(value);
/** The JSON-RPC error of an answer (or of every item of a batch answer). */
const errorOf = (x: Exchange): { code: number; message: string } | undefined => (x.response?.json as { error?: { code: number; message: string } } | undefined)?.error;

/** The server still answers an ordinary call after a probe. */
async function stillServes(): Promise<void> {
  const x = await postRaw(port, text(call("eth_blockNumber", [])));
  expect(x.response?.status).toBe(200);
  expect(x.response?.json).toMatchObject({ jsonrpc: "2.0", id: 1, result: expect.stringMatching(/^0x/) });
}

function expectNoStack(x: Exchange): void {
  expect(x.response?.body ?? "").not.toMatch(STACK);
}

describe("request bodies", () => {
  const big = text(call("eth_blockNumber", [" ".repeat(LIMITS.maxBodyBytes)]));
  const cases: [string, () => Promise<Exchange>][] = [
    ["a declared Content-Length over the limit", () => postRaw(port, big)],
    ["a chunked body that never ends, counted while it streams", () => exchange(port, [`POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`, `10000\r\n${" ".repeat(0x10000)}\r\n`], { endless: true })],
    ["a gzip body that inflates past the limit (a 2 KiB bomb)", () => postRaw(port, gzipSync(`[${" ".repeat(4 * LIMITS.maxBodyBytes)}]`), { "content-type": "application/json", "content-encoding": "gzip" })],
    ["a deflate body that inflates past the limit", () => postRaw(port, deflateSync(`[${" ".repeat(4 * LIMITS.maxBodyBytes)}]`), { "content-type": "application/json", "content-encoding": "deflate" })],
  ];
  it.each(cases)("%s is 413 with a JSON-RPC error naming the limit", async (_name, probe) => {
    const x = await probe();
    expect(x.response?.status).toBe(413);
    expect(errorOf(x)).toEqual({ code: -32600, message: "Invalid Request: the request body is larger than 512 KiB, the mock's limit (maxBodyBytes); send smaller batches." });
    expect(x.closed).toBe(true);
    await stillServes();
  });

  it("decodes a gzip body under the limit and answers it", async () => {
    const x = await postRaw(port, gzipSync(text(call("eth_blockNumber", []))), { "content-type": "application/json", "content-encoding": "gzip" });
    expect(x.response?.json).toMatchObject({ id: 1, result: expect.stringMatching(/^0x/) });
  });

  const refused: [string, Buffer | string, Record<string, string>, number, number, RegExp][] = [
    ["a body that is not gzip although it says so", "not gzip", { "content-type": "application/json", "content-encoding": "gzip" }, 400, -32700, /^Parse error: the body is not valid gzip data\.$/],
    ["an encoding the mock does not take", "{}", { "content-type": "application/json", "content-encoding": "br" }, 415, -32600, /not Content-Encoding "br"\.$/],
    ["invalid UTF-8", Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]), { "content-type": "application/json" }, 400, -32700, /^Parse error: the body is not valid UTF-8 text\.$/],
    ["text/plain", text(call("eth_blockNumber", [])), { "content-type": "text/plain" }, 415, -32600, /sent with Content-Type application\/json, not Content-Type "text\/plain"\.$/],
    ["a form", "a=1", { "content-type": "application/x-www-form-urlencoded" }, 415, -32600, /not Content-Type "application\/x-www-form-urlencoded"\.$/],
    ["no content type", text(call("eth_blockNumber", [])), {}, 415, -32600, /not no Content-Type\.$|, not no Content-Type/],
  ];
  it.each(refused)("%s is refused with a JSON-RPC error", async (_name, body, headers, status, code, message) => {
    const x = await postRaw(port, body, headers);
    expect(x.response?.status).toBe(status);
    expect(errorOf(x)?.code).toBe(code);
    expect(errorOf(x)?.message).toMatch(message);
    expectNoStack(x);
  });

  it("takes application/json with parameters (charset)", async () => {
    const x = await postRaw(port, text(call("eth_blockNumber", [])), { "content-type": "Application/JSON; charset=utf-8" });
    expect(x.response?.json).toMatchObject({ result: expect.stringMatching(/^0x/) });
  });
});

describe("batches and JSON shapes", () => {
  it("refuses a batch over maxBatchItems (1000) with -32600 naming the limit, and runs none of it", async () => {
    const x = await postRaw(port, text(Array.from({ length: 1001 }, (_, i) => call("eth_blockNumber", [], i))));
    expect(x.response?.json).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: a batch may hold at most 1000 request objects (the mock's limit maxBatchItems), this one holds 1001; split it into smaller batches." } });
  });

  it("answers a batch of exactly 1000", async () => {
    const x = await postRaw(port, text(Array.from({ length: 1000 }, (_, i) => call("eth_blockNumber", [], i))));
    expect(x.response?.json).toHaveLength(1000);
  });

  it("refuses an empty batch with -32600", async () => {
    expect(errorOf(await postRaw(port, "[]"))).toEqual({ code: -32600, message: "Invalid Request: a batch must hold at least one request object." });
  });

  it("stops a batch whose answers pass maxResponseBytes: the rest get -32003 and are not run", async () => {
    const batch = [call("eth_blockNumber", [], 1), call("adv_getLogs", { blockchain: "eth", pageSize: 5000 }, 2), call("eth_blockNumber", [], 3)];
    const x = await postRaw(port, text(batch));
    const answers = x.response?.json as { id: number; result?: unknown; error?: { code: number; message: string } }[];
    expect(answers.map((a) => [a.id, a.error?.code ?? "result"])).toEqual([[1, "result"], [2, -32003], [3, -32003]]);
    expect(answers[1]!.error!.message).toBe("Response too large: this answer exceeded 256 KiB, the mock's limit (maxResponseBytes); ask for fewer items or smaller pages.");
    expect(x.response!.body.length).toBeLessThan(LIMITS.maxResponseBytes);
  });

  it("answers a single call over maxResponseBytes with -32003", async () => {
    expect(errorOf(await postRaw(port, text(call("adv_getLogs", { blockchain: "eth", pageSize: 5000 }))))?.code).toBe(-32003);
  });

  const nonObjects: [string, string][] = [
    ["a number", "42"],
    ["a string", '"eth_blockNumber"'],
    ["null", "null"],
    ["true", "true"],
  ];
  it.each(nonObjects)("answers %s as the body with -32600", async (_name, body) => {
    expect(errorOf(await postRaw(port, body))).toMatchObject({ code: -32600, message: expect.stringMatching(/^Invalid Request: request must be an object, not /) });
  });

  it("answers a batch of non-objects item by item with -32600", async () => {
    const x = await postRaw(port, "[1,null]");
    expect((x.response?.json as { error: { code: number } }[]).map((a) => a.error.code)).toEqual([-32600, -32600]);
  });
});

describe("deep nesting", () => {
  const deep = (n: number): string => `${"[".repeat(n)}${"]".repeat(n)}`;
  const deepObject = (n: number): string => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
  const cases: [string, string, string?][] = [
    ["a 100,000-level array as the body", deep(100_000)],
    ["100,000-level params", `{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":${deep(100_000)}}}`],
    ["a 50,000-level object in params", `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":[${deepObject(50_000)},false]}`],
    ["a 100,000-level body in the proxy form", deep(100_000), "/?adv_getLogs"],
    ["65 levels, one past maxDepth (64)", deep(65)],
  ];
  it.each(cases)("%s is -32600, not a crash", async (_name, body, at = "/") => {
    const x = await postRaw(port, body, { "content-type": "application/json" }, at);
    expect(x.response?.status).toBe(200);
    expect(errorOf(x)).toEqual({ code: -32600, message: "Invalid Request: the body nests arrays and objects deeper than 64 levels, the mock's limit (maxDepth)." });
    await stillServes();
  });

  it("counts brackets inside strings as text, not nesting", async () => {
    const x = await postRaw(port, text(call("eth_blockNumber", ["[".repeat(100_000)])));
    expect(errorOf(x)?.code).toBe(-32602);
  });

  it("takes nesting up to the limit and validates it as params (-32602)", async () => {
    const x = await postRaw(port, `{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":${deep(60)}}}`);
    expect(errorOf(x)).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: blockchain /) });
  });
});

describe("prototype names", () => {
  const names = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];
  it.each(names)("method %s is -32601 (keyed, scoped and proxy forms)", async (name) => {
    for (const [at, body] of [["/", text(call(name, []))], ["/eth/key", text(call(name, {}))], [`/${name}/key`, text(call(name, []))], [`/?${name}`, "[]"]] as const) {
      const x = await postRaw(port, body, { "content-type": "application/json" }, at);
      expect(errorOf(x)).toEqual({ code: -32601, message: `Method not found: ${name}` });
    }
  });

  const params: [string, string, RegExp][] = [
    ["__proto__ as a param name", '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":"eth","__proto__":{"pageSize":-1,"polluted":1}}}', /__proto__ is not a param of adv_getLogs/],
    ["constructor as a param name", '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"constructor":{"prototype":{"polluted":1}}}}', /constructor is not a param of adv_getLogs/],
    ["toString as a param name", '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"toString":"x"}}', /toString is not a param of adv_getLogs/],
    ["__proto__ inside a param", '{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":{"__proto__":{"polluted":1}}}}', /^Invalid params: blockchain /],
  ];
  it.each(params)("%s is validated like any other key (-32602)", async (_name, body, message) => {
    const x = await postRaw(port, body);
    expect(errorOf(x)?.code).toBe(-32602);
    expect(errorOf(x)?.message).toMatch(message);
  });

  it("takes no id from a __proto__ key: the request stays a notification", async () => {
    const x = await postRaw(port, '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"__proto__":{"id":7}}');
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
    const x = await exchange(port, ["POST / HTTP/1.1\r\n", "host: x\r\n", ...Array.from({ length: 100 }, (_, i) => `x-${i}: y\r\n`)], { gapMs: 100, timeoutMs: 8_000 });
    expect(x.closed).toBe(true);
    expect(x.response?.status).toBe(408);
    expect(errorOf(x)?.code).toBe(-32600);
  });

  it("closes a connection whose body trickles in after requestTimeoutMs", async () => {
    const head = "POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n";
    const x = await exchange(port, [head, ...Array.from({ length: 100 }, () => " ")], { gapMs: 100, timeoutMs: 8_000 });
    expect(x.closed).toBe(true);
    expect(x.response?.status).toBe(408);
  });

  it("closes an idle kept-alive connection after keepAliveTimeoutMs", async () => {
    const body = text(call("eth_blockNumber", []));
    const x = await exchange(port, [`POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`], { timeoutMs: 8_000 });
    expect(x.response?.status).toBe(200);
    expect(x.closed).toBe(true);
  });

  it("refuses a request head over maxHeaderBytes with 431", async () => {
    const x = await exchange(port, [`GET / HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(DEFAULT_LIMITS.maxHeaderBytes + 10)}\r\n\r\n`]);
    expect(x.response?.status).toBe(431);
    expect(errorOf(x)?.message).toMatch(/maxHeaderBytes/);
  });

  it("answers garbage instead of HTTP with 400 and a JSON-RPC error", async () => {
    const x = await exchange(port, ["\u0000\u0001 NOT HTTP\r\n\r\n"]);
    expect(x.response?.status).toBe(400);
    expect(errorOf(x)?.code).toBe(-32600);
  });

  it("holds at most maxConnections open at once and serves again when they close", async () => {
    const small = await startMockServer({ specs: [SPECS[1]!], port: 0, limits: { maxConnections: 4, headersTimeoutMs: 5_000, requestTimeoutMs: 5_000, keepAliveTimeoutMs: 5_000 } });
    const smallPort = Number(new URL(small.url).port);
    try {
      const body = text(call("eth_blockNumber", []));
      const keepAlive = `POST / HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
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

describe("WebSocket", () => {
  function open(at = "/eth/key"): Promise<WebSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${at}`);
    ws.on("error", () => undefined);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(ws));
      ws.once("close", () => reject(new Error("closed before open")));
    });
  }
  function ask(ws: WebSocket, message: string | Buffer, binary = false): Promise<Record<string, unknown> | Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer in 5 s")), 5_000);
      ws.once("message", (data) => {
        clearTimeout(timer);
        resolve(JSON.parse(String(data)));
      });
      ws.send(message, { binary });
    });
  }
  function closed(ws: WebSocket): Promise<number> {
    return new Promise((resolve) => ws.once("close", (code) => resolve(code)));
  }

  it("answers calls and batches with the same limits as HTTP", async () => {
    const ws = await open();
    expect(await ask(ws, text(call("eth_blockNumber", [])))).toMatchObject({ id: 1, result: expect.stringMatching(/^0x/) });
    expect(await ask(ws, text(Array.from({ length: 1001 }, (_, i) => call("eth_blockNumber", [], i))))).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/at most 1000/) } });
    expect(await ask(ws, "[]")).toMatchObject({ error: { code: -32600 } });
    expect(await ask(ws, `${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/maxDepth/) } });
    expect(await ask(ws, text(call("__proto__", [])))).toMatchObject({ error: { code: -32601 } });
    expect(await ask(ws, text(call("adv_getLogs", { pageSize: 5000 })))).toMatchObject({ error: { code: -32003 } });
    expect(await ask(ws, Buffer.from(text(call("eth_blockNumber", []))), true)).toMatchObject({ error: { code: -32600, message: "Invalid Request: send JSON-RPC requests as text messages, not binary ones." } });
    ws.close();
  });

  it("closes with 1009 on a message over wsMaxPayloadBytes", async () => {
    const ws = await open();
    const code = closed(ws);
    ws.send(" ".repeat(LIMITS.wsMaxPayloadBytes + 1));
    expect(await code).toBe(1009);
  });

  it("answers messages past wsMaxMessagesPerSecond with -32005 and closes (1008) past twice it", async () => {
    const ws = await open();
    const answers: { error?: { code: number } }[] = [];
    ws.on("message", (data) => answers.push(JSON.parse(String(data))));
    const code = closed(ws);
    for (let i = 0; i < 3 * LIMITS.wsMaxMessagesPerSecond; i++) ws.send(text(call("eth_blockNumber", [], i)));
    expect(await code).toBe(1008);
    expect(answers.filter((a) => a.error?.code === -32005).length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThanOrEqual(2 * LIMITS.wsMaxMessagesPerSecond);
  });

  const frames: [string, Buffer, number][] = [
    ["an unmasked client frame", frame(1, Buffer.from("{}"), { masked: false }), 1002],
    ["reserved bits set", frame(1, Buffer.from("{}"), { rsv: 4 }), 1002],
    ["an unknown opcode", frame(3, Buffer.from("{}")), 1002],
    ["invalid UTF-8 in a text frame", frame(1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 1007],
    ["a length header of 2^62 bytes", Buffer.from([0x81, 0xff, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]), 1009],
  ];
  it.each(frames)("closes the socket on %s", async (_name, bytes, code) => {
    const raw = await rawWebSocket(port, "/eth/key");
    raw.socket.write(bytes);
    await Promise.race([raw.closed, sleep(5_000)]);
    expect(raw.socket.destroyed || raw.socket.readableEnded).toBe(true);
    expect(closeCode(raw.received())).toBe(code);
    await stillServes();
  });

  it("drops a connection that does not answer pings within wsHeartbeatMs", async () => {
    const raw = await rawWebSocket(port, "/");
    const gone = await Promise.race([raw.closed.then(() => true), sleep(5_000).then(() => false)]);
    expect(gone).toBe(true);
    expect(raw.received()[0]! & 0x0f).toBe(9); // it was pinged first
  });
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
    expect(() => resolveLimits({ maxBatchItems: 0 })).toThrow("The limit maxBatchItems (--max-batch-items) must be a whole number from 1 to 2147483647, not 0.");
    expect(() => resolveLimits({ maxBodyBytes: Number.NaN })).toThrow(/maxBodyBytes .* not NaN/);
    expect(() => resolveLimits({ maxBodyBytes: "1" as unknown as number })).toThrow(/not "1"/);
    expect(() => resolveLimits({ maxBogus: 1 } as never)).toThrow("maxBogus is not a limit of the mock server");
  });

  it("refuses to listen on a non-loopback address unless allowRemote", async () => {
    await expect(startMockServer({ specs: [SPECS[1]!], host: "0.0.0.0" })).rejects.toThrow("The mock listens on loopback addresses only; 0.0.0.0 would let other machines call it. Pass allowRemote (--allow-remote) to do that on purpose.");
  });
});

describe("npm run mock arguments", () => {
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(tsx, ["generator/mock/cli.ts", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    return new Promise((resolve) =>
      child.once("exit", (code) => {
        clearTimeout(killer);
        resolve({ code, stdout, stderr });
      }),
    );
  }
  const eth = "spec/eth.openrpc.json";
  const HELP = " Run `npm run mock -- --help` for the options.";
  const cases: [string, string[], string][] = [
    ["a port over 65535", ["--spec", eth, "--port", "70000"], `--port must be a whole number from 0 to 65535, not 70000.${HELP}`],
    ["a negative port", ["--spec", eth, "--port=-1"], `--port must be a whole number from 0 to 65535, not -1.${HELP}`],
    ["a port that is not a number", ["--spec", eth, "--port", "http"], `--port must be a whole number from 0 to 65535.${HELP}`],
    ["a port given twice", ["--spec", eth, "--port", "1", "--port", "2"], `--port is given 2 times; give it once.${HELP}`],
    ["a non-loopback host", ["--spec", eth, "--host", "0.0.0.0"], `--host 0.0.0.0 would let other machines call the mock; pass --allow-remote as well to do that on purpose.${HELP}`],
    ["a host name", ["--spec", eth, "--host", "evil.example"], `--host must be an IP address (127.0.0.1, ::1, 0.0.0.0, …) or localhost, not "evil.example".${HELP}`],
    ["a limit out of range", ["--spec", eth, "--max-batch-items", "0"], `The limit maxBatchItems (--max-batch-items) must be a whole number from 1 to 2147483647, not 0.${HELP}`],
    ["a limit that is not whole", ["--spec", eth, "--max-depth", "1.5"], `--max-depth must be a whole number from 0 to 2147483647, not 1.5.${HELP}`],
    ["an unknown option", ["--spec", eth, "--bogus"], `Unknown argument: bogus.${HELP}`],
    ["an empty --spec", ["--spec", ""], `--spec must name a file; it is empty.${HELP}`],
    ["a folder as the spec", ["--spec", "spec"], "it is not a regular file"],
    ["a device as the spec", ["--spec", "/dev/zero"], "it is not a regular file"],
  ];
  it.each(cases)("refuses %s with a one-line error and exit 1", async (_name, args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(STACK);
    if (message.endsWith(HELP)) expect(stderr.trim().split("\n")).toEqual([message]);
  });
});

describe("one client against the others", () => {
  let roomy: MockServer;
  let roomyPort: number;
  beforeAll(async () => {
    roomy = await startMockServer({ specs: SPECS.slice(0, 2), port: 0, limits: { wsMaxBufferedBytes: 64 * 1024, wsMaxMessagesPerSecond: 1000 } });
    roomyPort = Number(new URL(roomy.url).port);
  });
  afterAll(() => roomy?.close());

  it("answers a small call while a 1000-item batch is still being computed", async () => {
    const heavy = text(Array.from({ length: 1000 }, (_, i) => call("adv_getLogs", { blockchain: "eth", pageSize: 100, fromBlock: i }, i)));
    const order: string[] = [];
    const batch = postRaw(roomyPort, heavy, undefined, "/", () => order.push("batch answer starts")).then((x) => void order.push(`batch ${x.response?.status}`));
    await sleep(50);
    const small = postRaw(roomyPort, text(call("eth_blockNumber", []))).then((x) => void order.push(`small ${x.response?.status}`));
    await Promise.all([batch, small]);
    expect(order).toEqual(["small 200", "batch answer starts", "batch 200"]);
  });

  it("drops a WebSocket client that does not read its answers past wsMaxBufferedBytes", async () => {
    const raw = await rawWebSocket(roomyPort, "/advanced/key");
    raw.socket.pause();
    const sent = 60;
    for (let i = 0; i < sent; i++) raw.socket.write(frame(1, Buffer.from(text(call("adv_getLogs", { blockchain: "eth", pageSize: 1000, fromBlock: i }, i)))));
    await sleep(3_000);
    raw.socket.resume();
    await Promise.race([raw.closed, sleep(10_000)]);
    expect(raw.socket.destroyed).toBe(true);
    const answers = raw.received().toString("latin1").match(/"jsonrpc":"2\.0"/g) ?? [];
    expect(answers.length).toBeLessThan(sent);
  });
});
