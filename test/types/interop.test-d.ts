/**
 * Type tests of issue 34's interop surface: the Standard Schema of a method infers its params and
 * result types and is a Standard Schema by the official spec's types; OpenTelemetry's Tracer and
 * `console` fit the `tracer` and `logger` options without any cast; the EIP-1193 provider fits viem's
 * `custom` and ethers' `BrowserProvider`, and the providers they make fit `fromEip1193`.
 */
import type { Tracer } from "@opentelemetry/api";
import type { StandardSchemaV1 as OfficialStandardSchemaV1 } from "@standard-schema/spec";
import type { BrowserProvider, Eip1193Provider as EthersEip1193Provider } from "ethers";
import type { custom, EIP1193Provider as ViemEip1193Provider } from "viem";
import { describe, expectTypeOf, it } from "vitest";
import type * as Advanced from "../../generated/src/advanced/index.js";
import type { GetLogsParams, GetLogsResult } from "../../generated/src/advanced/index.js";
import type { schemas as advancedSchemas } from "../../generated/src/advanced/schemas.js";
import {
  createEthNodeClient,
  toEip1193Provider,
  type EthGetBlockByNumberResult,
  type EthNodeMethods,
} from "../../generated/src/eth/index.js";
import type { schemas, StandardSchemaV1 } from "../../generated/src/eth/schemas.js";
import {
  fromEip1193,
  type ClientOptions,
  type Eip1193Provider,
  type Eip1193ProviderLike,
  type Logger,
  type TracerLike,
} from "../../generated/src/runtime/index.js";

type GetBlockParams = typeof schemas.eth_getBlockByNumber.params;

describe("Standard Schema", () => {
  it("InferOutput of a params schema is the method's params type (and assignable to it)", () => {
    expectTypeOf<StandardSchemaV1.InferOutput<GetBlockParams>>().toEqualTypeOf<
      EthNodeMethods["eth_getBlockByNumber"]["params"]
    >();
    expectTypeOf<StandardSchemaV1.InferOutput<GetBlockParams>>().toExtend<
      EthNodeMethods["eth_getBlockByNumber"]["params"]
    >();
    expectTypeOf<
      StandardSchemaV1.InferOutput<typeof advancedSchemas.adv_getLogs.params>
    >().toEqualTypeOf<GetLogsParams>();
    expectTypeOf<
      StandardSchemaV1.InferInput<typeof advancedSchemas.adv_getLogs.params>
    >().toEqualTypeOf<GetLogsParams>();
  });

  it("InferOutput of a result schema is the method's result type; its input is unknown", () => {
    expectTypeOf<
      StandardSchemaV1.InferOutput<typeof schemas.eth_getBlockByNumber.result>
    >().toEqualTypeOf<EthGetBlockByNumberResult>();
    expectTypeOf<
      StandardSchemaV1.InferOutput<typeof advancedSchemas.adv_getLogs.result>
    >().toEqualTypeOf<GetLogsResult>();
    expectTypeOf<StandardSchemaV1.InferInput<typeof schemas.eth_blockNumber.result>>().toEqualTypeOf<unknown>();
  });

  it("is a Standard Schema by the official spec's types, with the same inference", () => {
    expectTypeOf<GetBlockParams>().toExtend<OfficialStandardSchemaV1>();
    expectTypeOf<typeof schemas.eth_call.result>().toExtend<OfficialStandardSchemaV1>();
    expectTypeOf<OfficialStandardSchemaV1.InferOutput<GetBlockParams>>().toEqualTypeOf<
      EthNodeMethods["eth_getBlockByNumber"]["params"]
    >();
  });

  it("has a member per method and no other", () => {
    expectTypeOf<keyof typeof schemas>().toEqualTypeOf<keyof EthNodeMethods>();
  });
});

describe("tracer and logger", () => {
  it("OpenTelemetry's Tracer and console fit without a cast", () => {
    expectTypeOf<Tracer>().toExtend<TracerLike>();
    expectTypeOf<Console>().toExtend<Logger>();
    expectTypeOf<{ tracer: Tracer; logger: Console; logLevel: "debug" }>().toExtend<ClientOptions>();
  });

  it("refuses what is not one", () => {
    expectTypeOf<{ startSpan: string }>().not.toExtend<TracerLike>();
    expectTypeOf<{ logLevel: "verbose" }>().not.toExtend<ClientOptions>();
  });
});

describe("EIP-1193", () => {
  const provider = toEip1193Provider(createEthNodeClient({ url: "http://127.0.0.1:8545" }));

  it("toEip1193Provider's provider fits viem's custom() and ethers' BrowserProvider", () => {
    expectTypeOf(provider).toEqualTypeOf<Eip1193Provider>();
    expectTypeOf(provider).toExtend<Parameters<typeof custom>[0]>();
    expectTypeOf(provider).toExtend<EthersEip1193Provider>();
    expectTypeOf(provider).toExtend<ConstructorParameters<typeof BrowserProvider>[0]>();
  });

  it("fromEip1193 takes viem's and ethers' providers, and ours", () => {
    expectTypeOf<ViemEip1193Provider>().toExtend<Eip1193ProviderLike>();
    expectTypeOf<EthersEip1193Provider>().toExtend<Eip1193ProviderLike>();
    expectTypeOf(fromEip1193).toBeCallableWith(provider);
  });

  it("is exported by the eth subpath only (the Advanced API is no Ethereum API)", () => {
    expectTypeOf<typeof Advanced>().not.toHaveProperty("toEip1193Provider");
  });
});
