/**
 * DNS rebinding against the local servers (issue 24, class 4): a page on a name its attacker
 * points at 127.0.0.1 reaches the mock and the playground as "same origin", and any page may open a
 * WebSocket to them. Before the fix every request below with a foreign Host was answered (pages,
 * RPC, upgrades) and every Origin was taken. Real servers on 127.0.0.1, raw requests (node:http
 * and ws) so the headers reach them exactly as written.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";
import { ROOT } from "../../generator/root.js";
import { startPlayground, type Playground } from "../../generator/site/serve.js";
import { SPECS } from "../generator/mock/fixtures.js";

let mock: MockServer;
let playground: Playground;
let mockPort: number;
let pagePort: number;

beforeAll(async () => {
  mock = await startMockServer({ specs: [SPECS[0]!] });
  mockPort = Number(new URL(mock.url).port);
  playground = await startPlayground({
    files: new Map([["index.html", "<!doctype html><title>site</title>"]]),
    specs: [SPECS[0]!],
    cwd: ROOT,
  });
  pagePort = Number(new URL(playground.url).port);
}, 60_000);
afterAll(async () => {
  await mock?.close();
  await playground?.close();
});

const PING = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "rpc.discover", params: [] });

function raw(
  port: number,
  method: string,
  path: string,
  host: string,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        setHost: false,
        headers: {
          host,
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Opens a WebSocket with these headers: "open", or the status the server refused with. */
function upgrade(port: number, host: string, origin?: string): Promise<string | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/adv/key`, {
      headers: { host },
      ...(origin !== undefined ? { origin } : {}),
      handshakeTimeout: 5_000,
    });
    ws.on("open", () => {
      ws.close();
      resolve("open");
    });
    ws.on("unexpected-response", (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on("error", () => resolve("error"));
  });
}

const FOREIGN = (port: number) => [
  "evil.example",
  `evil.example:${port}`,
  `127.0.0.1.evil.example:${port}`,
  `localhost.evil.example:${port}`,
  `rebind.attacker.com.:${port}`,
  `127.0.0.1@evil.example:${port}`,
  "",
  `[::1].evil:${port}`,
];
const OWN = (port: number) => [
  `127.0.0.1:${port}`,
  `localhost:${port}`,
  `LocalHost:${port}`,
  `[::1]:${port}`,
  `app.localhost:${port}`,
  "127.0.0.1",
];

describe("the mock answers only its own names", () => {
  it.each(FOREIGN(0).map((_, i) => i))("foreign Host #%i: RPC, the method list and upgrades are refused", async (i) => {
    const host = FOREIGN(mockPort)[i]!;
    const post = await raw(mockPort, "POST", "/", host, PING);
    expect(post.status, host).toBe(421);
    expect(post.text).toContain("does not name this local server");
    expect(post.text).not.toContain('"id":1');
    const get = await raw(mockPort, "GET", "/", host);
    expect(get.status).toBe(421);
    expect(get.text).not.toContain("rpc.discover");
    // (ws sends a Host of its own when given an empty one.)
    if (host !== "") expect(await upgrade(mockPort, host)).toBe(403);
  });

  it.each(OWN(0).map((_, i) => i))("own Host #%i is answered", async (i) => {
    const host = OWN(mockPort)[i]!;
    const post = await raw(mockPort, "POST", "/", host, PING);
    expect(post.status, host).toBe(200);
    expect(post.text).toContain('"jsonrpc":"2.0","id":1');
    expect(await upgrade(mockPort, host)).toBe("open");
  });

  it.each([
    "https://evil.example",
    "http://evil.example:8080",
    "http://1.2.3.4",
    "http://127.0.0.1.evil.example",
    "null",
    "file://",
    "chrome-extension://abc",
  ])("a WebSocket upgrade from the page origin %s is refused", async (origin) => {
    expect(await upgrade(mockPort, `127.0.0.1:${mockPort}`, origin)).toBe(403);
  });

  it.each(["http://127.0.0.1:5173", "http://localhost:3000", "https://localhost", "http://[::1]:8080"])(
    "a WebSocket upgrade from the local page origin %s is taken",
    async (origin) => {
      expect(await upgrade(mockPort, `127.0.0.1:${mockPort}`, origin)).toBe("open");
    },
  );
});

describe("pages opened from disk (Origin null) only on the opt-in", () => {
  it("a mock started with allowFilePages takes Origin null and still refuses foreign pages and names", async () => {
    const open = await startMockServer({ specs: [SPECS[0]!], allowFilePages: true });
    try {
      const port = Number(new URL(open.url).port);
      expect(await upgrade(port, `127.0.0.1:${port}`, "null")).toBe("open");
      expect(await upgrade(port, `127.0.0.1:${port}`, "https://evil.example")).toBe(403);
      expect(await upgrade(port, "evil.example", "null")).toBe(403);
    } finally {
      await open.close();
    }
  });
});

describe("the playground answers only its own names", () => {
  it.each(["https://evil.example", "null", "http://1.2.3.4"])(
    "a WebSocket upgrade under /mock/ from the page origin %s is refused before it reaches the mock",
    async (origin) => {
      expect(await upgrade(pagePort, `127.0.0.1:${pagePort}`, origin)).toBe(403);
    },
  );

  it("a WebSocket upgrade under /mock/ with a foreign Host is refused", async () => {
    expect(await upgrade(pagePort, "evil.example")).toBe(403);
  });

  it.each(FOREIGN(0).map((_, i) => i))("foreign Host #%i: pages and /mock/ are refused", async (i) => {
    const host = FOREIGN(pagePort)[i]!;
    const page = await raw(pagePort, "GET", "/", host);
    expect(page.status, host).toBe(421);
    expect(page.text).not.toContain("<title>site");
    const before = playground.rpcCalls();
    const rpc = await raw(pagePort, "POST", "/mock/", host, PING);
    expect(rpc.status).toBe(421);
    expect(playground.rpcCalls()).toBe(before);
  });

  it.each(OWN(0).map((_, i) => i))("own Host #%i: pages and /mock/ are answered", async (i) => {
    const host = OWN(pagePort)[i]!;
    expect((await raw(pagePort, "GET", "/", host)).text).toContain("<title>site");
    expect((await raw(pagePort, "POST", "/mock/", host, PING)).status).toBe(200);
  });
});
