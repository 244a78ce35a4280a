/**
 * A Node project installing the packed tarball and @tanstack/query-core (the optional peer the
 * `<subpath>/query` modules type against) uses the TanStack Query factories with a transport of
 * its own: type-checked with the workspace's TypeScript (declarations included), compiled and
 * run. A second project without @tanstack/query-core uses the clients and never needs it.
 */
import { execFile } from "node:child_process";
import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { freshProject, installedPackage } from "../helpers/packed.js";
import { NODE_TYPES, tsconfig, typecheckProject } from "./projects.js";

const run = promisify(execFile);
const apps: string[] = [];

// Packing and installing the tarball (once per run, shared by the consumer files) gets a hook's room.
beforeAll(installedPackage, 300_000);
afterAll(async () => {
  for (const app of apps) await rm(app, { recursive: true, force: true });
});

/** The consumer: an in-memory transport serving two pages of holders and a currency list. */
const CHECK = `import { QueryClient, type InfiniteData } from "@tanstack/query-core";
import type { Transport, TransportRequest } from "@blockchain-rpc/clients";
import { createAdvancedClient, type GetNFTHoldersResult } from "@blockchain-rpc/clients/advanced";
import { getCurrenciesQueryOptions, getNFTHoldersInfiniteQueryOptions } from "@blockchain-rpc/clients/advanced/query";


export async function check(): Promise<string> {
  const seen: string[] = [];
  const answer = (r: TransportRequest): unknown => {
    const params = (r.params ?? {}) as { pageToken?: string };
    if (r.method === "adv_getNFTHolders")
      return params.pageToken === undefined
        ? { blockchain: "eth", contractAddress: "0x01", holders: ["0xa", "0xb"], nextPageToken: "p2" }
        : { blockchain: "eth", contractAddress: "0x01", holders: ["0xc"] };
    return { currencies: [] };
  };
  const memory: Transport = {
    type: "memory",
    host: "memory",
    capabilities: { batch: false, subscriptions: false },
    async request(r, options) {
      seen.push(r.method + " " + JSON.stringify(r.params) + " signal:" + (options.signal instanceof AbortSignal));
      return JSON.stringify({ jsonrpc: "2.0", id: r.id, result: answer(r) });
    },
  };
  const advanced = createAdvancedClient({ transport: memory, retryCount: 0 });
  const queries = new QueryClient();
  const currencies = await queries.fetchQuery(getCurrenciesQueryOptions(advanced, { blockchain: "eth" }));
  const holders = getNFTHoldersInfiniteQueryOptions(advanced, { blockchain: "eth", contractAddress: "0x01" });
  const data = await queries.fetchInfiniteQuery({ ...holders, pages: 2 });
  const pages: GetNFTHoldersResult[] = data.pages;
  const cached = queries.getQueryData<InfiniteData<GetNFTHoldersResult>>(holders.queryKey)?.pages.length;
  return JSON.stringify({ currencies, holders: pages.flatMap((p) => p.holders ?? []), pageParams: data.pageParams, cached, seen });
}
`;

const EXPECTED = {
  currencies: { currencies: [] },
  holders: ["0xa", "0xb", "0xc"],
  pageParams: [null, "p2"],
  cached: 2,
  seen: [
    'adv_getCurrencies {"blockchain":"eth"} signal:true',
    'adv_getNFTHolders {"blockchain":"eth","contractAddress":"0x01"} signal:true',
    'adv_getNFTHolders {"blockchain":"eth","contractAddress":"0x01","pageToken":"p2"} signal:true',
  ],
};

const MAIN = `import { check } from "./check.js";\n\ncheck().then((line) => console.log(line));\n`;

describe("a Node project using the TanStack Query factories from the tarball", () => {
  it("ESM, module nodenext, with @tanstack/query-core installed and a custom transport: type-checks (TypeScript 7) and runs", async () => {
    const app = await freshProject(
      "tanstack",
      { type: "module" },
      {
        "check.ts": CHECK,
        "main.ts": MAIN,
        "tsconfig.json": tsconfig({
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["ES2022", "DOM"],
          outDir: "out",
          ...NODE_TYPES,
        }),
      },
    );
    apps.push(app);
    // The consumer's own install of the optional peer (offline: the workspace's copy).
    await mkdir(path.join(app, "node_modules", "@tanstack"), { recursive: true });
    await symlink(
      path.join(ROOT, "node_modules", "@tanstack", "query-core"),
      path.join(app, "node_modules", "@tanstack", "query-core"),
      "dir",
    );
    expect(await typecheckProject(app, "TypeScript 7")).toBe("");
    const { stdout } = await run(process.execPath, ["out/main.js"], { cwd: app, timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual(EXPECTED);
  }, 240_000);

  it("without @tanstack/query-core, a project using the clients type-checks (TypeScript 5.9): the peer is optional", async () => {
    const app = await freshProject(
      "no-tanstack",
      { type: "module" },
      {
        "check.ts": `import { createAdvancedClient } from "@blockchain-rpc/clients/advanced";\nexport const advanced = createAdvancedClient({ url: "http://127.0.0.1:9/advanced" });\n`,
        "tsconfig.json": tsconfig({
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["ES2022", "DOM"],
          noEmit: true,
          ...NODE_TYPES,
        }),
      },
    );
    apps.push(app);
    expect(await typecheckProject(app, "TypeScript 5.9")).toBe("");
  }, 240_000);
});
