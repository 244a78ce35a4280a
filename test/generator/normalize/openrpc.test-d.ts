/**
 * Why generator/normalize/openrpc.ts changes `@open-rpc/meta-schema`'s types (docs/DECISIONS.md,
 * "@open-rpc/meta-schema"): each reason as a check that fails when it stops being true — the
 * package's types accept what ours refuse.
 */
import type * as Meta from "@open-rpc/meta-schema";
import { describe, expectTypeOf, it } from "vitest";
import type {
  ErrorObject,
  ExampleObject,
  MethodObject,
  OpenrpcDocument,
  ServerObject,
} from "../../../generator/normalize/openrpc.js";
import type { LimitRule } from "../../../generator/model/document.js";

declare const meta: { method: Meta.MethodObject; example: Meta.ExampleObject; error: Meta.ErrorObject };
declare const ours: { method: MethodObject; example: ExampleObject; error: ErrorObject; server: ServerObject };

describe("@open-rpc/meta-schema's types, and ours", () => {
  it("a misspelled member: `any` there (every object has `[regex: string]: any`), an error here", () => {
    expectTypeOf(meta.method.paramStructur).toBeAny();
    // @ts-expect-error -- misspelled on purpose: the index signature is gone.
    void ours.method.paramStructur;
    expectTypeOf(ours.method.paramStructure).toEqualTypeOf<"by-position" | "by-name" | "either" | undefined>();
  });

  it("the extensions we read: `any` there, their shapes here", () => {
    expectTypeOf(meta.method["x-limits"]).toBeAny();
    expectTypeOf(ours.method["x-limits"]).toEqualTypeOf<LimitRule[] | undefined>();
    expectTypeOf(ours.server["x-endpoint"]?.kind).toEqualTypeOf<"keyed" | "proxy" | "plain" | undefined>();
  });

  it("example values and error data: `any` there, `unknown` here", () => {
    expectTypeOf(meta.example.value).toBeAny();
    expectTypeOf(meta.error.data).toBeAny();
    expectTypeOf(ours.example.value).toBeUnknown();
    expectTypeOf(ours.error.data).toEqualTypeOf<unknown>();
  });

  it("the OpenRPC version: 1.0–1.3 only there, any 1.x here", () => {
    const document = { openrpc: "1.4.0", info: { title: "t", version: "1" }, methods: [] };
    expectTypeOf(document).not.toMatchTypeOf<Meta.OpenrpcDocument>();
    expectTypeOf(document).toMatchTypeOf<OpenrpcDocument>();
  });

  it("server variables: `any` there, typed here", () => {
    expectTypeOf<Meta.ServerObjectVariables[string]>().toBeAny();
    expectTypeOf<NonNullable<ServerObject["variables"]>[string]["default"]>().toEqualTypeOf<string>();
  });
});
