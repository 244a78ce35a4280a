/**
 * Pagination for methods whose result carries `nextPageToken` (derived from the spec): iterate
 * items or whole pages, stop at a maximum item or page count, resume from a token, abort. One page
 * is held at a time, so memory stays flat however many pages there are. A server that never ends
 * (a token seen before, pages without items in a row, more pages than the default limit) is stopped
 * with a MalformedResponseError.
 */
import { DEFAULT_MAX_PAGES, MAX_EMPTY_PAGES, REMEMBERED_TOKENS } from "./defaults.js";
import { MalformedResponseError, ValidationError, type ErrorContext } from "./errors.js";
import type { ApiSpec, CallOptions, PaginateOptions, Paginator, RpcClient } from "./options.js";

export interface PageSpec {
  readonly token: string;
  readonly next: string;
  readonly items: string;
}

type FetchPage = (params: Record<string, unknown>, options: CallOptions) => Promise<unknown>;

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

export function paginate<Item, Page>(
  fetchPage: FetchPage,
  context: ErrorContext,
  pageOf: PageSpec | undefined,
  params: object | undefined,
  options: PaginateOptions = {},
): Paginator<Item, Page> {
  // Generated clients page only the methods that page; `client.paginate` of any other is refused here.
  if (!pageOf)
    throw new ValidationError(
      `pagination of ${context.method}`,
      [
        {
          path: "method",
          rule: "pagination",
          message: "does not page: its result has no nextPageToken",
          received: "string",
        },
      ],
      { method: context.method },
    );
  const page = pageOf;
  const { maxItems, maxPages, ...callOptions } = options;
  const stop = (why: string): MalformedResponseError =>
    new MalformedResponseError(`${why}; stopping to avoid an endless loop`, "", context);
  async function* pages(): AsyncIterableIterator<Page> {
    let token = field(params, page.token) as string | undefined;
    const seen = new Set<string>();
    let count = 0;
    let empty = 0;
    for (let fetched = 0; ;) {
      if (fetched >= (maxPages ?? DEFAULT_MAX_PAGES)) {
        // A limit the caller set ends the iteration quietly, like maxItems; the default one is an error.
        if (maxPages !== undefined) return;
        throw stop(`fetched ${DEFAULT_MAX_PAGES} pages (the default maxPages; pass maxPages to allow more)`);
      }
      const request = { ...(params as Record<string, unknown>), ...(token ? { [page.token]: token } : {}) };
      const result = await fetchPage(request, callOptions);
      fetched++;
      yield result as Page;
      const items = field(result, page.items);
      const size = Array.isArray(items) ? items.length : 0;
      count += size;
      empty = size === 0 ? empty + 1 : 0;
      const next = field(result, page.next);
      if (typeof next !== "string" || next === "" || (maxItems !== undefined && count >= maxItems)) return;
      if (seen.has(next)) throw stop(`the server sent page token ${JSON.stringify(next.slice(0, 40))} twice`);
      if (empty >= MAX_EMPTY_PAGES) throw stop(`the server sent ${empty} pages in a row without items`);
      seen.add(next);
      if (seen.size > REMEMBERED_TOKENS) seen.delete(seen.values().next().value as string);
      token = next;
    }
  }
  return {
    pages,
    async *[Symbol.asyncIterator](): AsyncIterator<Item> {
      let given = 0;
      for await (const result of pages()) {
        const items = field(result, page.items);
        if (!Array.isArray(items)) continue;
        for (const item of items) {
          if (maxItems !== undefined && given >= maxItems) return;
          given++;
          yield item as Item;
        }
      }
    },
  };
}

/** `paginate` for `client.paginate(method, params, options)`: pages of `method` per the method table, fetched by `client.call`. */
export const paginateMethod = <Item, Page>(
  client: Pick<RpcClient, "transport" | "call">,
  api: ApiSpec,
  method: string,
  params: object | undefined,
  options: PaginateOptions | undefined,
): Paginator<Item, Page> =>
  paginate<Item, Page>(
    (p, o) => client.call(method, p, o),
    { method, host: client.transport.host },
    Object.hasOwn(api.methods, method) ? api.methods[method]!.page : undefined,
    params,
    options,
  );
