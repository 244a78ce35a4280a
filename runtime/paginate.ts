/**
 * Pagination for methods whose result carries `nextPageToken` (derived from the spec): iterate
 * items or whole pages, stop at a maximum item count, resume from a token, abort. One page is
 * held at a time, so memory stays flat however many pages there are.
 */
import { MalformedResponseError, type ErrorContext } from "./errors.js";
import type { CallOptions, PaginateOptions, Paginator } from "./options.js";

export interface PageSpec {
  readonly token: string;
  readonly next: string;
  readonly items: string;
}

type FetchPage = (params: Record<string, unknown>, options: CallOptions) => Promise<unknown>;

export function paginate<Item, Page>(
  fetchPage: FetchPage,
  context: ErrorContext,
  page: PageSpec,
  params: object | undefined,
  options: PaginateOptions = {},
): Paginator<Item, Page> {
  const { maxItems, ...callOptions } = options;
  async function* pages(): AsyncIterableIterator<Page> {
    let token = (params as Record<string, unknown> | undefined)?.[page.token] as string | undefined;
    const seen = new Set<string>();
    let count = 0;
    for (;;) {
      const request = { ...(params as Record<string, unknown>), ...(token ? { [page.token]: token } : {}) };
      const result = (await fetchPage(request, callOptions)) as Record<string, unknown> | null;
      yield result as Page;
      const items = result?.[page.items];
      count += Array.isArray(items) ? items.length : 0;
      const next = result?.[page.next];
      if (typeof next !== "string" || next === "" || (maxItems !== undefined && count >= maxItems)) return;
      if (seen.has(next))
        throw new MalformedResponseError(
          `the server sent page token ${JSON.stringify(next.slice(0, 40))} twice; stopping to avoid an endless loop`,
          "",
          context,
        );
      seen.add(next);
      if (seen.size > 1024) seen.delete(seen.values().next().value as string);
      token = next;
    }
  }
  return {
    pages,
    async *[Symbol.asyncIterator](): AsyncIterator<Item> {
      let given = 0;
      for await (const result of pages()) {
        const items = (result as Record<string, unknown> | null)?.[page.items];
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
