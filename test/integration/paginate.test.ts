/**
 * Integration: `adv.paginate.getNFTHolders(...)` against a real HTTP server on 127.0.0.1 that
 * serves thousands of pages (tokens "p1", "p2", …; the last page has no nextPageToken). Every
 * item in order, one request per page, the token sent back each time; `.pages()`, `maxItems`,
 * resuming, aborting, a server repeating a token, `holders: null`, and flat memory.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import {
  createAdvancedClient,
  type AdvancedClient,
  type AdvancedClientOptions,
  type GetNFTHoldersResult,
} from "../../generated/src/advanced/index.js";
import { AbortError, MalformedResponseError, RpcClientError } from "../../generated/src/runtime/index.js";
import { expectNoSecret, guardUnhandledRejections } from "../helpers/error-checks.js";
import {
  custom,
  hang,
  json,
  type Behaviour,
  type Envelope,
  type RecordedRequest,
  useFaultServer,
} from "../helpers/fault-server.js";

const KEY = "sk-test-SECRET-9f8e7d";
const CONTRACT = "0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d";

guardUnhandledRejections();

const server = useFaultServer();

const advanced = (options: Partial<AdvancedClientOptions> = {}): AdvancedClient =>
  createAdvancedClient({ url: `${server.url}/multichain`, apiKey: KEY, retryDelay: 5, ...options });

/** The holder at position `i` of the whole (virtual) list. */
const holder = (i: number): string => `0x${i.toString(16).padStart(40, "0")}`;

interface PageParams {
  blockchain?: string;
  contractAddress?: string;
  pageSize?: number;
  pageToken?: string;
}
const paramsOf = (r: RecordedRequest): PageParams => ((r.json as Envelope).params ?? {}) as PageParams;
const pageIndex = (token: string | undefined): number => (token === undefined ? 0 : Number(token.slice(1)));

interface PagesOptions {
  pages: number;
  /** The next token the server sends after page n (default `p<n+1>`, none after the last page). */
  next?: (n: number) => string | undefined;
  /** Pages answered with `holders: null`. */
  nullPages?: ReadonlySet<number>;
  /** A behaviour for some pages instead of the answer (e.g. a hang). */
  override?: (n: number, answer: Behaviour) => Behaviour | undefined;
}

/** A fallback that serves `pages` pages of `pageSize` holders. */
function servePages(options: PagesOptions): void {
  server.setFallback(
    custom((r) => {
      const envelope = r.json as Envelope;
      const params = paramsOf(r);
      const n = pageIndex(params.pageToken);
      const size = params.pageSize ?? 1000;
      const holders = options.nullPages?.has(n) ? null : Array.from({ length: size }, (_, k) => holder(n * size + k));
      const next = options.next ? options.next(n) : n + 1 < options.pages ? `p${n + 1}` : undefined;
      const result: GetNFTHoldersResult = next === undefined ? { holders } : { holders, nextPageToken: next };
      const answer = json(200, { jsonrpc: "2.0", id: envelope.id, result });
      return options.override?.(n, answer) ?? answer;
    }),
  );
}

const holders = (
  client: AdvancedClient,
  extra: { pageSize?: number; pageToken?: string } = {},
  options?: Parameters<AdvancedClient["paginate"]["getNFTHolders"]>[1],
) => client.paginate.getNFTHolders({ blockchain: "eth", contractAddress: CONTRACT, pageSize: 10, ...extra }, options);

describe("paginate.getNFTHolders", () => {
  it("5,000 pages of 10: every item in order, exactly one request per page, the token sent back each time", async () => {
    servePages({ pages: 5_000 });
    let i = 0;
    let wrong = 0;
    for await (const item of holders(advanced())) {
      if (item !== holder(i)) wrong++;
      i++;
    }
    expect(wrong).toBe(0);
    expect(i).toBe(50_000);
    expect(server.requests).toHaveLength(5_000);
    const tokens = server.requests.map((r) => paramsOf(r).pageToken);
    expect(tokens[0]).toBeUndefined();
    expect(tokens.slice(1)).toStrictEqual(Array.from({ length: 4_999 }, (_, n) => `p${n + 1}`));
    for (const r of server.requests) {
      const { pageToken: _t, ...rest } = paramsOf(r);
      expect(rest).toStrictEqual({ blockchain: "eth", contractAddress: CONTRACT, pageSize: 10 });
      expect((r.json as Envelope).method).toBe("adv_getNFTHolders");
      expect(r.url).toBe(`/multichain/${KEY}`);
    }
  }, 30_000);

  it(".pages() yields the pages as the method returns them", async () => {
    servePages({ pages: 30 });
    const pages: GetNFTHoldersResult[] = [];
    for await (const page of holders(advanced()).pages()) pages.push(page);
    expect(pages).toHaveLength(30);
    pages.forEach((page, n) => {
      expect(page.holders).toStrictEqual(Array.from({ length: 10 }, (_, k) => holder(n * 10 + k)));
      expect(page.nextPageToken).toBe(n < 29 ? `p${n + 1}` : undefined);
    });
    expect("nextPageToken" in pages[29]!).toBe(false);
    expect(server.requests).toHaveLength(30);
  });

  const limits = [
    { maxItems: 1, requests: 1 },
    { maxItems: 10, requests: 1 },
    { maxItems: 20, requests: 2 },
    { maxItems: 25, requests: 3 },
    { maxItems: 999, requests: 100 },
  ];
  it.each(limits)(
    "maxItems $maxItems stops early: $maxItems items, $requests request(s), no more requests after",
    async (c) => {
      servePages({ pages: 1_000 });
      const items: string[] = [];
      for await (const item of holders(advanced(), {}, { maxItems: c.maxItems })) items.push(item);
      expect(items).toStrictEqual(Array.from({ length: c.maxItems }, (_, i) => holder(i)));
      expect(server.requests).toHaveLength(c.requests);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.requests).toHaveLength(c.requests);
    },
  );

  it("maxItems applies to .pages() too (whole pages, stops requesting)", async () => {
    servePages({ pages: 1_000 });
    const pages: GetNFTHoldersResult[] = [];
    for await (const page of holders(advanced(), {}, { maxItems: 25 }).pages()) pages.push(page);
    expect(pages).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
  });

  it("breaking out of the loop stops requesting", async () => {
    servePages({ pages: 1_000 });
    let count = 0;
    for await (const _item of holders(advanced())) if (++count === 15) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(2);
  });

  it("resuming from a pageToken starts there", async () => {
    servePages({ pages: 5_000 });
    const items: string[] = [];
    for await (const item of holders(advanced(), { pageToken: "p4990" })) items.push(item);
    expect(items).toStrictEqual(Array.from({ length: 100 }, (_, k) => holder(49_900 + k)));
    expect(server.requests.map((r) => paramsOf(r).pageToken)).toStrictEqual(
      Array.from({ length: 10 }, (_, k) => `p${4990 + k}`),
    );
  });

  it("an AbortSignal aborts mid-iteration with AbortError; nothing is requested after", async () => {
    servePages({ pages: 1_000 });
    const controller = new AbortController();
    let count = 0;
    let error: unknown;
    try {
      for await (const _item of holders(advanced(), {}, { signal: controller.signal }))
        if (++count === 35) controller.abort();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AbortError);
    expect((error as AbortError).method).toBe("adv_getNFTHolders");
    expect((error as AbortError).host).toBe(server.host);
    expectNoSecret(error, KEY);
    // the page in hand may be finished, but no further page is requested
    expect(count).toBeGreaterThanOrEqual(35);
    expect(count).toBeLessThanOrEqual(40);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(4);
  });

  it("an AbortSignal aborts a page request in flight with AbortError, at once", async () => {
    servePages({ pages: 1_000, override: (n, answer) => (n === 3 ? hang(5_000, answer) : undefined) });
    const controller = new AbortController();
    let count = 0;
    let error: unknown;
    const started = Date.now();
    try {
      for await (const _item of holders(advanced(), {}, { signal: controller.signal })) {
        if (++count === 30) setTimeout(() => controller.abort(), 100);
      }
    } catch (e) {
      error = e;
    }
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(AbortError);
    expect(count).toBe(30);
    expect(server.requests).toHaveLength(4);
  });

  const repeats = [
    { name: "the same token again (p1 → p1)", next: (n: number) => (n === 0 ? "p1" : "p1"), requests: 2, items: 20 },
    { name: "a cycle (p1 → p2 → p3 → p1)", next: (n: number) => `p${(n % 3) + 1}`, requests: 4, items: 40 },
  ];
  it.each(repeats)("a server that repeats a token → MalformedResponseError, not an endless loop: $name", async (c) => {
    servePages({ pages: Infinity, next: c.next });
    let count = 0;
    let error: unknown;
    try {
      for await (const _item of holders(advanced())) {
        if (++count > 10_000) break; // a safety net: the test must end even if the runtime loops
      }
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as MalformedResponseError).message).toContain("twice");
    expect((error as MalformedResponseError).method).toBe("adv_getNFTHolders");
    expectNoSecret(error, KEY);
    expect(count).toBe(c.items);
    expect(server.requests).toHaveLength(c.requests);
  });

  it("the repeated-token error names the host too, like every other error", async () => {
    servePages({ pages: Infinity, next: () => "p1" });
    let error: unknown;
    try {
      for await (const _item of holders(advanced()));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RpcClientError);
    expect((error as RpcClientError).method).toBe("adv_getNFTHolders");
    expect((error as RpcClientError).host).toBe(server.host);
    expect((error as RpcClientError).message).toContain(`host ${server.host}`);
  });

  it("`holders: null` on a page is treated as an empty page", async () => {
    servePages({ pages: 4, nullPages: new Set([1, 3]) });
    const items: string[] = [];
    for await (const item of holders(advanced())) items.push(item);
    expect(items).toStrictEqual([
      ...Array.from({ length: 10 }, (_, k) => holder(k)),
      ...Array.from({ length: 10 }, (_, k) => holder(20 + k)),
    ]);
    expect(server.requests).toHaveLength(4);
    const pages: GetNFTHoldersResult[] = [];
    for await (const page of holders(advanced()).pages()) pages.push(page);
    expect(pages.map((p) => p.holders?.length ?? null)).toStrictEqual([10, null, 10, null]);
  });
});

describe("paginate: memory stays flat", () => {
  /** `gc` made available at run time (the worker is not started with --expose-gc). */
  const gc: (() => void) | undefined = (() => {
    try {
      v8.setFlagsFromString("--expose-gc");
      return vm.runInNewContext("gc") as () => void;
    } catch {
      return undefined;
    }
  })();
  const collect = async (): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc?.();
  };

  it("iterating 200,000 items (200 pages of 1,000) grows the heap by well under 50 MB", async () => {
    servePages({ pages: 200 });
    await collect();
    const before = process.memoryUsage().heapUsed;
    let i = 0;
    let wrong = 0;
    for await (const item of holders(advanced(), { pageSize: 1_000 })) {
      if (item !== holder(i)) wrong++;
      i++;
    }
    await collect();
    const growth = process.memoryUsage().heapUsed - before;
    expect(wrong).toBe(0);
    expect(i).toBe(200_000);
    expect(server.requests).toHaveLength(200);
    expect(growth).toBeLessThan(50 * 1024 * 1024);
    // With a real gc (made available above) the bound can be tight: keeping the 200,000 items
    // alive would add about 15 MB; the iteration itself leaves about 4 MB.
    if (gc) expect(growth).toBeLessThan(12 * 1024 * 1024);
  }, 20_000);

  it.skipIf(!gc)("the iterator holds no reference to past pages (they are garbage-collected)", async () => {
    servePages({ pages: 50 });
    const refs: Array<WeakRef<object>> = [];
    let pages = 0;
    for await (const page of holders(advanced(), { pageSize: 1_000 }).pages()) {
      if (pages < 45) refs.push(new WeakRef(page));
      pages++;
      if (pages === 48) {
        await collect();
        const alive = refs.filter((r) => r.deref() !== undefined).length;
        expect(alive).toBe(0);
      }
    }
    expect(pages).toBe(50);
  });
});
