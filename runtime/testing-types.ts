/**
 * The types of the test kit (`<subpath>/testing`): handlers typed from the spec, the calls a mock
 * records, the options, and what a generated testing module hands the kit about its API. Types only.
 */
import type { ApiSpec } from "./options.js";
import type { MockNode } from "./mock-schema.js";
import type { VariantCondition } from "./subscribe-args.js";
import type { Transport } from "./transport.js";

/** What a handler is told besides the params. */
export interface HandlerContext<Result> {
  /** The JSON-RPC method called. */
  readonly method: string;
  /** Aborts when the call is aborted or times out (mockTransport), or when the request is (mswHandlers). */
  readonly signal: AbortSignal;
  /**
   * The answer the spec gives without a handler: the example whose params equal the call's, else the first
   * example, else a value made from the result schema (the `seed` option's), always valid against it.
   * A copy: change it and return it.
   */
  fallback(): Result;
}

/** A handler of a method: its params by name (positional APIs named by the spec's param names), its result. */
export type Handler<Params, Result> = (params: Params, context: HandlerContext<Result>) => Result | Promise<Result>;

/**
 * A handler of a subscribe method: the subscription's id (as any handler's result), or an async iterable
 * whose items arrive as the subscription's items (the mock then answers with an id of its own).
 */
export type SubscriptionHandler<Params, Id, Item> = (
  params: Params,
  context: HandlerContext<Id>,
) => Id | AsyncIterable<Item> | Promise<Id | AsyncIterable<Item>>;

/** The params type of a handler (`never` for anything else). */
export type HandlerParams<F> = F extends (params: infer P, context: never) => unknown ? P : never;

/** One call a mock received, in order: the method and its params by name. */
export type MockCall<Handlers> = {
  [M in keyof Handlers]-?: { readonly method: M; readonly params: HandlerParams<NonNullable<Handlers[M]>> };
}[keyof Handlers];

/** Options of `mockTransport` and `mswHandlers`. */
export interface MockOptions<Handlers = Record<string, unknown>> {
  /** Seeds the values made from the schemas (a string or a number): the same seed, the same values. */
  seed?: string | number;
  /**
   * What a method without a handler answers: `"fallback"` (default), its examples, else a value made from its
   * result schema; `"error"`, a JSON-RPC error -32601 that names the method.
   */
  unhandled?: "fallback" | "error";
  /** Milliseconds before each answer: a number, or one per call. Aborting the call cuts it short. */
  latency?: number | ((call: MockCall<Handlers>) => number);
}

/** A transport for `createXClient({ transport })` that answers from handlers and the spec. */
export interface MockTransport<Handlers> extends Transport {
  /** The calls received, in order (batches entry by entry), with their params by name. */
  readonly calls: readonly MockCall<Handlers>[];
  /** Adds handlers, or replaces those of the same methods (until `reset`). */
  use(handlers: Handlers): void;
  /** Forgets the calls and the handlers added by `use`: back to the handlers given at creation. */
  reset(): void;
}

/** Options of `mswHandlers`: the client's `url` (requests to `url` and `url/<apiKey>` are answered), and those of the mock. */
export interface MswOptions<Handlers = Record<string, unknown>> extends MockOptions<Handlers> {
  url: string;
}

// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- on purpose: @ts-expect-error would fail where msw is installed
/**
 * msw's request handler (msw 2, an optional peer dependency). The directive below is kept in the
 * declaration files on purpose: a project without msw (which needs neither this type nor `mswHandlers`)
 * type-checks the testing entry without an error, even with `skipLibCheck: false`.
 * @ts-ignore -- msw is an optional peer dependency */
export type MswHandler = import("msw").HttpHandler;

/** What `mswHandlers` resolves to: msw request handlers for `setupServer(...)`, with the calls they answered. */
export type MswHandlers<Handlers> = MswHandler[] & { readonly calls: readonly MockCall<Handlers>[] };

/** One example of a method, as the testing data holds it: params by name and the result. */
export interface ExampleData {
  readonly params: Readonly<Record<string, unknown>>;
  readonly result: unknown;
}

/** What the kit knows of a method beyond the method table: its result schema, variants and examples. */
export interface MethodData {
  /** The result's node (a reference to the result type); absent for a notification. */
  readonly result?: MockNode;
  /** The result variants (`x-result-variants`), most specific first: the first whose condition holds gives the node. */
  readonly variants?: readonly { readonly when: VariantCondition; readonly result: MockNode }[];
  /** The examples with a result, in spec order. */
  readonly examples?: readonly ExampleData[];
}

/** The data a generated `<subpath>/testing-data.ts` holds: named schema nodes, and per method its result. */
export interface TestingData {
  readonly definitions: Readonly<Record<string, MockNode>>;
  readonly methods: Readonly<Record<string, MethodData>>;
}

/** What a generated testing module hands the kit: the API's title (for messages), its method table and data. */
export interface TestingSetup {
  readonly title: string;
  readonly api: ApiSpec;
  readonly data: TestingData;
}
