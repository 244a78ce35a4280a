/**
 * The publishable package: `npm pack` gives a tarball that installs into a fresh project and
 * works from plain Node, as ESM and as CommonJS, against a real server on 127.0.0.1.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/generate.js";

const run = promisify(execFile);
const dir = await mkdtemp(path.join(os.tmpdir(), "pack-"));
let url = "";
const bodies: string[] = [];
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c));
  req.on("end", () => {
    bodies.push(`${req.url} ${body}`);
    const id = (JSON.parse(body) as { id: number }).id;
    res.setHeader("content-type", "application/json");
    res.end(`{"jsonrpc":"2.0","id":${id},"result":{"context":{"slot":374431575},"value":{"data":["","base58"],"executable":false,"lamports":88860054690252,"owner":"11111111111111111111111111111111","rentEpoch":18446744073709551615,"space":0}}}`);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("npm pack of generated/", () => {
  it("installs into a fresh project and runs from plain Node as ESM and CommonJS", async () => {
    await run("npm", ["pack", "--pack-destination", dir], { cwd: path.join(ROOT, "generated"), timeout: 120_000 });
    const tarball = (await readdir(dir)).find((f) => f.endsWith(".tgz"));
    expect(tarball).toBeDefined();
    const app = path.join(dir, "app");
    await mkdir(app);
    await writeFile(path.join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true }));
    await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", path.join(dir, tarball!)], { cwd: app, timeout: 120_000 });

    const call = `sol.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" })`;
    await writeFile(
      path.join(app, "esm.mjs"),
      `import { createSolanaNodeClient } from "@blockchain-rpc/clients/solana";
import { ValidationError } from "@blockchain-rpc/clients";
const sol = createSolanaNodeClient({ url: ${JSON.stringify(url)}, apiKey: "k" });
const r = await ${call};
let validation = "none";
try { await sol.getAccountInfo("not base58!"); } catch (e) { validation = e instanceof ValidationError ? e.issues[0].rule : String(e); }
console.log(JSON.stringify({ rentEpoch: String(r.value.rentEpoch), type: typeof r.value.lamports, validation }));
`,
    );
    await writeFile(
      path.join(app, "cjs.cjs"),
      `const { createSolanaNodeClient } = require("@blockchain-rpc/clients/solana");
const { RpcClientError } = require("@blockchain-rpc/clients");
const sol = createSolanaNodeClient({ url: ${JSON.stringify(url)}, apiKey: "k" });
${call}.then((r) => console.log(JSON.stringify({ rentEpoch: String(r.value.rentEpoch), base: typeof RpcClientError })));
`,
    );
    const esm = await run("node", ["esm.mjs"], { cwd: app, timeout: 30_000 });
    expect(JSON.parse(esm.stdout)).toEqual({ rentEpoch: "18446744073709551615", type: "bigint", validation: "pattern" });
    const cjs = await run("node", ["cjs.cjs"], { cwd: app, timeout: 30_000 });
    expect(JSON.parse(cjs.stdout)).toEqual({ rentEpoch: "18446744073709551615", base: "function" });
    expect(bodies[0]).toBe('/k {"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg",{"encoding":"base58"}]}');
  }, 240_000);
});
