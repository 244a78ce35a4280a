/**
 * The mock server as the hostile probes of test/security/mock*.test.ts meet it: started for real on
 * 127.0.0.1 (port 0) with limits small enough to reach quickly, the console captured (no probe may
 * print anything), and the small request helpers they share.
 */
import { afterAll, beforeAll, expect, vi } from "vitest";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { SPECS } from "../../generator/mock/fixtures.js";
import { postRaw, type Exchange } from "./raw.js";

export const LIMITS = {
  maxBodyBytes: 512 * 1024,
  maxResponseBytes: 256 * 1024,
  headersTimeoutMs: 300,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 300,
  wsMaxPayloadBytes: 512 * 1024,
  wsMaxMessagesPerSecond: 20,
  wsHeartbeatMs: 200,
};

/** A stack trace line, as Node prints them. */
export const STACK = /\n\s+at |at .+\.(ts|js):\d+/;

export const call = (method: string, params?: unknown, id: unknown = 1): Record<string, unknown> => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params !== undefined ? { params } : {}),
});
export const text = (value: unknown): string => JSON.stringify(value);

/** The JSON-RPC error of an answer. */
export const errorOf = (x: Exchange): { code: number; message: string } | undefined =>
  (x.response?.json as { error?: { code: number; message: string } } | undefined)?.error;

/** Starts the mock (advanced + eth specs, LIMITS) for the file's tests; `logged` collects every console line. */
export function useHostileMock(): { port: () => number; logged: string[] } {
  const logged: string[] = [];
  let mock: MockServer | undefined;
  beforeAll(async () => {
    for (const level of ["log", "warn", "error", "info", "debug"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    }
    mock = await startMockServer({ specs: SPECS.slice(0, 2), port: 0, limits: LIMITS });
  });
  afterAll(async () => {
    await mock?.close();
    vi.restoreAllMocks();
  });
  return { port: () => Number(new URL(mock!.url).port), logged };
}

/** The server still answers an ordinary call after a probe. */
export async function stillServes(port: number): Promise<void> {
  const x = await postRaw(port, text(call("eth_blockNumber", [])));
  expect(x.response?.status).toBe(200);
  expect(x.response?.json).toMatchObject({ jsonrpc: "2.0", id: 1, result: expect.stringMatching(/^0x/) });
}
