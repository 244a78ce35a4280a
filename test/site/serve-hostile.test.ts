/**
 * Hostile requests against the real playground server (startPlayground on 127.0.0.1): paths that
 * try to leave the site (`..`, encoded dots and slashes, backslashes, NUL), hidden files, methods
 * other than GET/HEAD for pages, and an oversized body for the mock. Requests are sent raw with
 * node:http so the path reaches the server exactly as written (fetch would normalize it).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { startPlayground, type Playground } from "../../generator/site/serve.js";
import { defaultSpecs } from "../../generator/site/site.js";

const INDEX = "<!doctype html><title>site</title>";
let playground: Playground;

beforeAll(async () => {
  const files = new Map([
    ["index.html", INDEX],
    ["app.js", "console.log(1)"],
    [".openrpc-ts.json", '{"secret":true}'],
  ]);
  playground = await startPlayground({ files, specs: await defaultSpecs(ROOT), cwd: ROOT });
}, 60_000);

afterAll(async () => {
  await playground?.close();
});

function raw(method: string, path: string, body?: Buffer): Promise<{ status: number; text: string }> {
  const { port } = new URL(playground.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: body ? { "content-type": "application/json", "content-length": body.length } : {},
      },
      (response) => {
        let text = "";
        response.on("data", (c: Buffer) => (text += c.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer to ${method} ${path} within 10 s`)));
    request.on("error", (error) =>
      (error as NodeJS.ErrnoException).code === "EPIPE" || (error as NodeJS.ErrnoException).code === "ECONNRESET"
        ? resolve({ status: -1, text: "" })
        : reject(error),
    );
    request.end(body);
  });
}

describe("playground server against hostile requests", () => {
  it("listens on 127.0.0.1 only", () => {
    expect(new URL(playground.url).hostname).toBe("127.0.0.1");
  });

  it.each([
    "/../package.json",
    "/../../../../etc/passwd",
    "/%2e%2e/package.json",
    "/%2E%2E/%2e%2e/etc/passwd",
    "/..%2fpackage.json",
    "/..%2F..%2Fetc%2Fpasswd",
    "/..\\package.json",
    "/%5c..%5cpackage.json",
    "/mock/../package.json",
    "/mock/%2e%2e/%2e%2e/package.json",
    "//etc/passwd",
    "/app.js%00",
    "/app.js%00.html",
    "/index.html%00../package.json",
    "/.openrpc-ts.json",
    "/%2eopenrpc-ts.json",
    "/./.openrpc-ts.json",
  ])("GET %s is 404 and reveals nothing", async (path) => {
    const answer = await raw("GET", path);
    expect(answer.status).toBe(404);
    expect(answer.text).toBe("Not found.\n");
  });

  it("still serves the site's own files (the probes above are refused, not everything)", async () => {
    expect(await raw("GET", "/")).toEqual({ status: 200, text: INDEX });
    expect(await raw("GET", "/app.js")).toEqual({ status: 200, text: "console.log(1)" });
  });

  it("answers a request target that is no URL with 400, not as a failure of the mock", async () => {
    const answer = await raw("GET", "http://[x/");
    expect(answer).toEqual({ status: 400, text: "The request target is not a valid URL path.\n" });
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"])("%s on a page is 405", async (method) => {
    const answer = await raw(method, "/index.html", Buffer.from("{}"));
    expect(answer.status).toBe(405);
  });

  it("refuses a body over 1 MiB for the mock with 413, and the mock still answers afterwards", async () => {
    const before = playground.rpcCalls();
    const answer = await raw("POST", "/mock/eth", Buffer.alloc(1024 * 1024 + 1, 0x20));
    expect([413, -1]).toContain(answer.status); // -1: the server answered 413 and closed while the body was still being written
    const after = await raw("POST", "/mock/eth", Buffer.from('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}'));
    expect(after.status).toBe(200);
    expect(playground.rpcCalls()).toBe(before + 1);
    expect(JSON.parse(after.text)).toMatchObject({
      jsonrpc: "2.0",
      id: 1,
      result: expect.stringMatching(/^0x[0-9a-f]+$/i),
    });
  });
});
