/**
 * The TanStack Query option factories behind each client's `./<subpath>/query` module: the
 * generated module binds them to its client's method table (one typed alias each) and declares one
 * named factory per method. Nothing here imports @tanstack/query-core: the options meet TanStack's
 * types structurally, so the package compiles and runs without it (keys are not tagged with their
 * data's type: `getQueryData` needs the type given, `getQueryData<GetLogsResult>(key)`). `@tanstack/query-core` is imported for types only: nothing here needs
 * it at run time. Pagination follows the model's convention (generator/normalize/pagination.ts):
 * the token goes out as `pageToken` and comes back as `nextPageToken`.
 */
import type { CallOptions } from "./options.js";

/** A client's method table: JSON-RPC name → params (as `request` takes them) and result. */
export type MethodTable<T> = { [K in keyof T]: { params: unknown; result: unknown } };

/** What the factories need of a client: its typed `request`. */
export interface Requester<Methods extends MethodTable<Methods>> {
  request<M extends keyof Methods>(
    method: M,
    params: Methods[M]["params"],
    options?: CallOptions,
  ): Promise<Methods[M]["result"]>;
}

/** The page token of a paginated method, or `undefined` for the first page. */
export type PageToken<P> = P extends { pageToken?: infer T } ? NonNullable<T> | undefined : never;

/** Options for `useQuery`, `queryClient.fetchQuery`, …: the key and the fetcher. */
export interface QueryOptions<Methods extends MethodTable<Methods>, M extends keyof Methods> {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<Methods[M]["result"]>;
}

/** Options for `useInfiniteQuery`, `queryClient.fetchInfiniteQuery`, …: pages followed by their `nextPageToken`. */
export interface InfiniteQueryOptions<Methods extends MethodTable<Methods>, M extends keyof Methods> {
  queryKey: readonly unknown[];
  queryFn: (context: {
    pageParam: PageToken<Methods[M]["params"]>;
    signal: AbortSignal;
  }) => Promise<Methods[M]["result"]>;
  initialPageParam: PageToken<Methods[M]["params"]>;
  getNextPageParam: (page: Methods[M]["result"]) => PageToken<Methods[M]["params"]>;
}

/** Options for `useMutation`: the key and the function; the mutation's variables are the params. */
export interface MutationOptions<Methods extends MethodTable<Methods>, M extends keyof Methods> {
  mutationKey: readonly unknown[];
  mutationFn: (params: Methods[M]["params"]) => Promise<Methods[M]["result"]>;
}

/** `queryOptions` bound to one method table (the type of the generated module's `query`). */
export type QueryFactory<Methods extends MethodTable<Methods>> = <M extends keyof Methods & string>(
  client: Requester<Methods>,
  scope: string,
  method: M,
  params: Methods[M]["params"],
) => QueryOptions<Methods, M>;

/** `infiniteQueryOptions` bound to one method table. */
export type InfiniteQueryFactory<Methods extends MethodTable<Methods>> = <M extends keyof Methods & string>(
  client: Requester<Methods>,
  scope: string,
  method: M,
  params: Omit<Methods[M]["params"], "pageToken">,
) => InfiniteQueryOptions<Methods, M>;

/** `mutationOptions` bound to one method table. */
export type MutationFactory<Methods extends MethodTable<Methods>> = <M extends keyof Methods & string>(
  client: Requester<Methods>,
  scope: string,
  method: M,
) => MutationOptions<Methods, M>;

export function queryOptions<Methods extends MethodTable<Methods>, M extends keyof Methods & string>(
  client: Requester<Methods>,
  scope: string,
  method: M,
  params: Methods[M]["params"],
): QueryOptions<Methods, M> {
  return {
    queryKey: queryKey(scope, method, params),
    queryFn: ({ signal }) => client.request(method, params, { signal }),
  };
}

export function infiniteQueryOptions<Methods extends MethodTable<Methods>, M extends keyof Methods & string>(
  client: Requester<Methods>,
  scope: string,
  method: M,
  params: Omit<Methods[M]["params"], "pageToken">,
): InfiniteQueryOptions<Methods, M> {
  type Token = PageToken<Methods[M]["params"]>;
  return {
    queryKey: queryKey(scope, method, params, "infinite"),
    queryFn: ({ pageParam, signal }) =>
      client.request(
        method,
        (pageParam === undefined ? params : { ...params, pageToken: pageParam }) as Methods[M]["params"],
        { signal },
      ),
    initialPageParam: undefined as Token,
    // An empty token ends the listing, as it does for the client's own paginator.
    getNextPageParam: (page) => ((page as { nextPageToken?: Token } | undefined)?.nextPageToken || undefined) as Token,
  };
}

export function mutationOptions<Methods extends MethodTable<Methods>, M extends keyof Methods & string>(
  client: Requester<Methods>,
  scope: string,
  method: M,
): MutationOptions<Methods, M> {
  return { mutationKey: queryKey(scope, method), mutationFn: (params) => client.request(method, params) };
}

/**
 * A query key: `[scope, method, ...parts]` as plain JSON values, so that TanStack's key hash (`JSON.stringify`
 * with sorted object keys) gives the same hash for the same call and never meets a `bigint`,
 * which `JSON.stringify` refuses: an exact integer becomes `{ $bigint: "18446744073709551615" }`.
 * Properties whose value is `undefined` are left out, as a request leaves them out.
 */
export function queryKey(scope: string, method: string, ...parts: unknown[]): readonly unknown[] {
  return [scope, method, ...parts.map(keyValue)];
}

function keyValue(value: unknown): unknown {
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(keyValue);
  if (value !== null && typeof value === "object")
    // Object.fromEntries defines own properties: a `__proto__` key stays data.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, keyValue(v)]),
    );
  return value;
}
