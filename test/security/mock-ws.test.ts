/**
 * The mock server under hostile WebSocket clients: the real server on 127.0.0.1 (port 0), spoken
 * to with the `ws` package and over raw sockets with hand-made frames. Message size, message
 * rate, invalid frames, clients that do not answer pings or do not read: each is bounded, the
 * server keeps answering others, and nothing reaches the console.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";
import { SPECS } from "../generator/mock/fixtures.js";
import { call, LIMITS, stillServes, text, useHostileMock } from "./helpers/hostile-mock.js";
import { closeCode, frame, rawWebSocket, sleep } from "./helpers/raw.js";

const { port, logged } = useHostileMock();

describe("the WebSocket endpoint", () => {
  function open(at = "/eth/key"): Promise<WebSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${port()}${at}`);
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

  it("declines permessage-deflate (no inflation bombs)", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port()}/eth/key`, { perMessageDeflate: true });
    ws.on("error", () => undefined);
    await new Promise((resolve) => ws.once("open", resolve));
    expect(ws.extensions).toBe("");
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
    const raw = await rawWebSocket(port(), "/eth/key");
    raw.socket.write(bytes);
    await Promise.race([raw.closed, sleep(5_000)]);
    expect(raw.socket.destroyed || raw.socket.readableEnded).toBe(true);
    expect(closeCode(raw.received())).toBe(code);
    await stillServes(port());
  });

  it("drops a connection that does not answer pings within wsHeartbeatMs", async () => {
    const raw = await rawWebSocket(port(), "/");
    const gone = await Promise.race([raw.closed.then(() => true), sleep(5_000).then(() => false)]);
    expect(gone).toBe(true);
    expect(raw.received()[0]! & 0x0f).toBe(9); // it was pinged first
  });
});

describe("a WebSocket client that does not read", () => {
  let roomy: MockServer;
  beforeAll(async () => {
    roomy = await startMockServer({ specs: SPECS.slice(0, 2), port: 0, limits: { wsMaxBufferedBytes: 64 * 1024, wsMaxMessagesPerSecond: 1000 } });
  });
  afterAll(() => roomy?.close());

  it("drops a WebSocket client that does not read its answers past wsMaxBufferedBytes", async () => {
    const raw = await rawWebSocket(Number(new URL(roomy.url).port), "/advanced/key");
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

describe("the console", () => {
  it("got no line at all from the probes above", () => {
    expect(logged).toEqual([]);
  });
});
