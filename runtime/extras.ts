/**
 * What a client loads on first use, in one piece: retries (after a first failure), batching,
 * pagination, subscriptions, and the writing of `bigint` params a method table did not announce
 * (exact.ts writes those it does). One module, so that a bundler makes one lazy chunk of them and one
 * chunk of what they share with the start: an app fetches fewer, larger chunks (each compressed
 * alone), and nothing of this before its first call resolves.
 */
export { retryFailed, retryPolicy } from "./retry.js";
export { autoBatch, batchOf } from "./queue.js";
export { paginateMethod } from "./paginate.js";
export { subscribeTo } from "./subscription.js";
export { stringifyJson } from "./json.js";
