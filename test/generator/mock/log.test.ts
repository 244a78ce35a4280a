/**
 * The mock's request log (generator/mock/log.ts): one line per call with the method, the params
 * cut short, the outcome and the time; a real server on 127.0.0.1 reports HTTP and WebSocket
 * calls, batch items one by one, and never the API key in the URL path.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { callLine, MAX_PARAMS_CHARS, paramsSummary, type CallRecord } from "../../../generator/mock/log.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { terminalText } from "../../../generator/print/escape.js";
import { SPECS } from "./fixtures.js";

describe("callLine", () => {
  it("names the transport, method, params, outcome and time", () => {
    expect(
      callLine({
        transport: "http",
        method: "eth_getBlockByNumber",
        params: ["latest", false],
        outcome: { ok: true },
        ms: 2.4,
      }),
    ).toBe('http eth_getBlockByNumber ["latest",false] → ok in 2 ms');
    expect(
      callLine({ transport: "ws", method: "adv_getLogs", params: { pageSize: 0 }, outcome: { code: -32602 }, ms: 0.2 }),
    ).toBe('ws adv_getLogs {"pageSize":0} → error -32602 in <1 ms');
    expect(
      callLine({ transport: "http", method: "eth_blockNumber", params: undefined, outcome: { ok: true }, ms: 1 }),
    ).toBe("http eth_blockNumber - → ok in 1 ms");
  });

  it("cuts long params and keeps hostile text printable through terminalText", () => {
    const summary = paramsSummary({ data: "x".repeat(500) });
    expect([...summary]).toHaveLength(MAX_PARAMS_CHARS);
    expect(summary.endsWith("…")).toBe(true);
    const line = terminalText(
      callLine({
        transport: "http",
        method: "m\u001b[2J",
        params: ["\u001b]0;pwned\u0007"],
        outcome: { ok: true },
        ms: 1,
      }),
    );
    expect([...line].filter((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)).toEqual([]);
  });
});

describe("a mock server with a log", () => {
  const records: CallRecord[] = [];
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ specs: SPECS, port: 0, log: (r) => records.push(r) });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("logs each HTTP call and batch item, never the key in the path", async () => {
    records.length = 0;
    const body = JSON.stringify([
      { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
      { jsonrpc: "2.0", id: 2, method: "eth_getBlockByNumber", params: ["nope", false] },
    ]);
    const response = await fetch(`${mock.url}/eth/secret-key-4711`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(200);
    await response.text();
    expect(records.map((r) => [r.transport, r.method, r.outcome])).toEqual([
      ["http", "eth_blockNumber", { ok: true }],
      ["http", "eth_getBlockByNumber", { code: -32602 }],
    ]);
    expect(records.every((r) => r.ms >= 0)).toBe(true);
    expect(JSON.stringify(records) + records.map(callLine).join("\n")).not.toContain("secret-key-4711");
  });

  it("logs WebSocket calls as ws", async () => {
    records.length = 0;
    const socket = new WebSocket(`${mock.url.replace("http:", "ws:")}/eth/secret-key-4711`);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const answered = new Promise((resolve) => socket.once("message", resolve));
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }));
    await answered;
    socket.close();
    expect(records.map((r) => `${r.transport} ${r.method}`)).toEqual(["ws eth_blockNumber"]);
  });
});
