/**
 * Shared checks of the integration tests: that a secret (the API key) appears nowhere in an
 * error, and a guard that fails the current test when a promise rejection goes unhandled.
 */
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, expect } from "vitest";

/** Every string reachable from `value`: own property names and values (symbols, non-enumerable, getters), recursively. */
function reachable(
  value: unknown,
  path: string,
  out: Array<[string, string]>,
  seen: Set<unknown>,
  depth: number,
): void {
  if (typeof value === "string") {
    out.push([path, value]);
    return;
  }
  if (
    typeof value === "number" ||
    typeof value === "bigint" ||
    typeof value === "boolean" ||
    typeof value === "symbol"
  ) {
    out.push([path, String(value)]);
    return;
  }
  if (value === null || (typeof value !== "object" && typeof value !== "function") || seen.has(value) || depth > 12)
    return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const name = typeof key === "symbol" ? key.toString() : key;
    out.push([`${path} (key)`, name]);
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    let child: unknown;
    if (descriptor && "value" in descriptor) child = descriptor.value;
    else {
      try {
        child = (value as Record<PropertyKey, unknown>)[key];
      } catch {
        continue;
      }
    }
    reachable(child, `${path}.${name}`, out, seen, depth + 1);
  }
}

/** Every text rendering of `error` a user could log. */
export function renderings(error: unknown): Array<[string, string]> {
  const texts: Array<[string, string]> = [
    ["String(error)", String(error)],
    ["JSON.stringify(error)", JSON.stringify(error, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)) ?? ""],
    ["util.inspect(error, {depth: 10, showHidden: true})", inspect(error, { depth: 10, showHidden: true })],
  ];
  if (error instanceof Error) texts.push(["message", error.message], ["stack", error.stack ?? ""]);
  reachable(error, "error", texts, new Set(), 0);
  let cause: unknown = error instanceof Error ? error.cause : undefined;
  for (let i = 0; cause !== undefined && i < 10; i++) {
    texts.push(
      [`cause[${i}] inspect`, inspect(cause, { depth: 10, showHidden: true })],
      [`cause[${i}]`, String(cause)],
    );
    if (!(cause instanceof Error)) break;
    texts.push([`cause[${i}].message`, cause.message], [`cause[${i}].stack`, cause.stack ?? ""]);
    cause = cause.cause;
  }
  return texts;
}

/** Asserts `secret` (and its URL-encoded form) appears in no rendering, property or cause of `error`. */
export function expectNoSecret(error: unknown, secret: string): void {
  for (const [where, text] of renderings(error)) {
    expect(text, `secret found in ${where}`).not.toContain(secret);
    expect(text, `secret found in ${where}`).not.toContain(encodeURIComponent(secret));
  }
}

/** The rejection of `promise`; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error(`expected a rejection, got ${inspect(value, { depth: 2 })}`);
}

/**
 * Registers a process `unhandledRejection` listener for the suite; after each test (and one
 * macrotask, so late rejections are seen) the test fails if any rejection went unhandled.
 */
export function guardUnhandledRejections(): void {
  const seen: unknown[] = [];
  const listener = (reason: unknown): void => {
    seen.push(reason);
  };
  beforeAll(() => {
    process.on("unhandledRejection", listener);
  });
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (seen.length > 0) {
      const reasons = seen.splice(0).map((r) => inspect(r, { depth: 2 }));
      throw new Error(`unhandled rejection(s) during the test:\n${reasons.join("\n")}`);
    }
  });
  afterAll(() => {
    process.off("unhandledRejection", listener);
  });
}
