/**
 * Error brands across copies of the runtime (issue 10): with two copies in one process — the ESM
 * sources and a CommonJS bundle, or a second ESM bundle — `instanceof` fails, `X.is()` and
 * `isJsonRpcError` hold.
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import * as A from "../../runtime/index.js";
import { isRetryable } from "../../runtime/retry.js";

type Runtime = typeof A;
const sandbox = mkdtempSync(path.join(os.tmpdir(), "brand-"));
const copies: Record<string, Runtime> = {};

beforeAll(async () => {
  for (const format of ["cjs", "esm"] as const) {
    const outfile = path.join(sandbox, `runtime.${format === "cjs" ? "cjs" : "mjs"}`);
    await build({
      entryPoints: [path.join(ROOT, "runtime", "index.ts")],
      bundle: true,
      format,
      platform: "node",
      outfile,
      logLevel: "silent",
    });
    copies[format] =
      format === "cjs"
        ? (createRequire(import.meta.url)(outfile) as Runtime)
        : ((await import(pathToFileURL(outfile).href)) as Runtime);
  }
});
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

const ctx = { method: "m", host: "h" };
/** One instance of every error class, made by runtime copy `R`. */
const samples = (R: Runtime): Record<string, Error> => ({
  RpcClientError: new R.RpcClientError("x", ctx),
  JsonRpcError: new R.JsonRpcError(-32000, "x", null, ctx),
  HttpError: new R.HttpError(503, "", undefined, ctx),
  ValidationError: new R.ValidationError("x", [], ctx),
  TimeoutError: new R.TimeoutError(1, ctx),
  AbortError: new R.AbortError(ctx),
  NetworkError: new R.NetworkError("x", ctx),
  MalformedResponseError: new R.MalformedResponseError("x", "", ctx),
  ResponseTooLargeError: new R.ResponseTooLargeError(1, ctx),
  SocketClosedError: new R.SocketClosedError(1000, ctx),
});

describe.each(["cjs", "esm"])("errors of a second copy (%s bundle)", (format) => {
  it("are not instanceof the first copy's classes (the problem)", () => {
    expect(new copies[format]!.JsonRpcError(1, "x", null, ctx)).not.toBeInstanceOf(A.JsonRpcError);
  });

  it.each(Object.keys(samples(A)))("%s.is() holds for its own class and RpcClientError, for no other class", (name) => {
    const error = samples(copies[format]!)[name]!;
    for (const other of Object.keys(samples(A))) {
      const Class = (A as unknown as Record<string, { is(v: unknown): boolean }>)[other]!;
      expect(Class.is(error), `${other}.is(${name})`).toBe(other === name || other === "RpcClientError");
    }
  });

  it("isJsonRpcError works across copies, with and without codes", () => {
    const error = new copies[format]!.JsonRpcError(-32005, "limit", null, ctx);
    expect(A.isJsonRpcError(error)).toBe(true);
    expect(A.isJsonRpcError(error, -32005, -32000)).toBe(true);
    expect(A.isJsonRpcError(error, -32000)).toBe(false);
    expect(copies[format]!.isJsonRpcError(new A.JsonRpcError(-32005, "x", null, ctx), -32005)).toBe(true);
  });

  it("the retry policy recognises errors of the other copy", () => {
    const R = copies[format]!;
    expect(isRetryable(new R.HttpError(503, "", undefined, ctx), [])).toBe(true);
    expect(isRetryable(new R.JsonRpcError(429, "", null, ctx), [429])).toBe(true);
    expect(isRetryable(new R.NetworkError("x", ctx), [], false)).toBe(false);
  });
});

describe("is() refuses look-alikes", () => {
  class Mine extends A.JsonRpcError {}
  it.each<{ name: string; value: unknown; want: boolean }>([
    { name: "a subclass instance", value: new Mine(1, "x", null, ctx), want: true },
    { name: "null", value: null, want: false },
    { name: "a string", value: "JsonRpcError", want: false },
    { name: "a plain Error", value: new Error("x"), want: false },
    { name: "an object named like one", value: { name: "JsonRpcError", code: 1, message: "x" }, want: false },
    { name: "a null-prototype object", value: Object.create(null), want: false },
  ])("JsonRpcError.is($name) is $want", ({ value, want }) => {
    expect(A.JsonRpcError.is(value)).toBe(want);
  });
});
