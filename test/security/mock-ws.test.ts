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
  function ask(
    ws: WebSocket,
    message: string | Buffer,
    binary = false,
  ): Promise<Record<string, unknown> | Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      // A bound for a hang, not a speed (a loaded machine answers the 1001-call batch slowly).
      const timer = setTimeout(() => reject(new Error("no answer in 20 s")), 20_000);
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
    expect(await ask(ws, text(call("eth_blockNumber", [])))).toMatchObject({
      id: 1,
      result: expect.stringMatching(/^0x/),
    });
    expect(await ask(ws, text(Array.from({ length: 1001 }, (_, i) => call("eth_blockNumber", [], i))))).toMatchObject({
      error: { code: -32600, message: expect.stringMatching(/at most 1000/) },
    });
    expect(await ask(ws, "[]")).toMatchObject({ error: { code: -32600 } });
    expect(await ask(ws, `${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toMatchObject({
      error: { code: -32600, message: expect.stringMatching(/maxDepth/) },
    });
    expect(await ask(ws, text(call("__proto__", [])))).toMatchObject({ error: { code: -32601 } });
    expect(await ask(ws, text(call("adv_getLogs", { pageSize: 5000 })))).toMatchObject({ error: { code: -32003 } });
    expect(await ask(ws, Buffer.from(text(call("eth_blockNumber", []))), true)).toMatchObject({
      error: { code: -32600, message: "Invalid Request: send JSON-RPC requests as text messages, not binary ones." },
    });
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
    roomy = await startMockServer({
      specs: SPECS.slice(0, 2),
      port: 0,
      limits: { wsMaxBufferedBytes: 64 * 1024, wsMaxMessagesPerSecond: 1000 },
    });
  });
  afterAll(() => roomy?.close());

  it("drops a WebSocket client that does not read its answers past wsMaxBufferedBytes", async () => {
    const raw = await rawWebSocket(Number(new URL(roomy.url).port), "/advanced/key");
    raw.socket.pause();
    const sent = 60;
    for (let i = 0; i < sent; i++)
      raw.socket.write(
        frame(1, Buffer.from(text(call("adv_getLogs", { blockchain: "eth", pageSize: 1000, fromBlock: i }, i)))),
      );
    await sleep(3_000);
    raw.socket.resume();
    await Promise.race([raw.closed, sleep(10_000)]);
    expect(raw.socket.destroyed).toBe(true);
    const answers =
      raw
        .received()
        .toString("latin1")
        .match(/"jsonrpc":"2\.0"/g) ?? [];
    expect(answers.length).toBeLessThan(sent);
  });
});

describe("a WebSocket client flooding subscribe calls", () => {
  const CAP = 40;
  let subs: MockServer;
  beforeAll(async () => {
    subs = await startMockServer({
      specs: SPECS,
      port: 0,
      limits: { wsMaxSubscriptions: CAP, wsNotifyIntervalMs: 50, wsMaxMessagesPerSecond: 1000 },
    });
  });
  afterAll(() => subs?.close());

  /** Active ref'd timers of this process (the mock's notification timers are among them). */
  const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
  async function until(check: () => boolean): Promise<boolean> {
    for (let i = 0; i < 250 && !check(); i++) await sleep(20);
    return check();
  }
  /** Opens a socket and sends `count` eth_subscribe calls one message each; resolves with every answer. */
  async function flood(
    count: number,
    server = subs,
  ): Promise<{ ws: WebSocket; answers: { id: number; result?: string; error?: { code: number; message: string } }[] }> {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/eth/key`);
    ws.on("error", () => undefined);
    await new Promise((resolve) => ws.once("open", resolve));
    const answers: { id: number; result?: string; error?: { code: number; message: string } }[] = [];
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id?: number };
      if (message.id !== undefined) answers.push(message as (typeof answers)[number]);
    });
    for (let i = 1; i <= count; i++) ws.send(text(call("eth_subscribe", ["newHeads"], i)));
    expect(await until(() => answers.length === count)).toBe(true);
    return { ws, answers };
  }

  it("answers subscribe calls past wsMaxSubscriptions with -32005 naming the limit, and stops a closed socket's timers", async () => {
    const { ws, answers } = await flood(CAP + 25);
    expect(answers.filter((a) => typeof a.result === "string")).toHaveLength(CAP);
    const refused = answers.filter((a) => a.error !== undefined);
    expect(refused).toHaveLength(25);
    for (const a of refused) {
      expect(a.error).toEqual({
        code: -32005,
        message: `Limit exceeded: this connection already holds ${CAP} subscriptions, the mock's limit (wsMaxSubscriptions, --ws-max-subscriptions); call eth_unsubscribe on some first.`,
      });
    }
    // Unsubscribing makes room again on the same socket.
    ws.send(text(call("eth_unsubscribe", [answers.find((a) => a.result)!.result], 1000)));
    ws.send(text(call("eth_subscribe", ["newHeads"], 1001)));
    expect(await until(() => answers.some((a) => a.id === 1001))).toBe(true);
    expect(answers.find((a) => a.id === 1001)).toMatchObject({ result: expect.stringMatching(/^0x/) });
    const running = timers();
    ws.close();
    // The server drops the CAP timers of the closed socket: no notification is made for a socket that is gone.
    expect(await until(() => timers() <= running - CAP)).toBe(true);
  });

  it("closes with subscriptions still running and leaves no timer behind", async () => {
    const own = await startMockServer({
      specs: SPECS,
      port: 0,
      limits: { wsMaxSubscriptions: CAP, wsNotifyIntervalMs: 50 },
    });
    const { ws, answers } = await flood(CAP, own);
    expect(answers.every((a) => typeof a.result === "string")).toBe(true);
    const notified = new Promise((resolve) =>
      ws.on("message", (data) => String(data).includes("eth_subscription") && resolve(true)),
    );
    expect(await notified).toBe(true);
    const running = timers();
    const gone = new Promise((resolve) => ws.once("close", resolve));
    await own.close();
    await gone;
    expect(timers()).toBeLessThanOrEqual(running - CAP);
  });
});

describe("the console", () => {
  it("got no line at all from the probes above", () => {
    expect(logged).toEqual([]);
  });
});
