/**
 * The intermediate model: what `normalize` produces from an OpenRPC document and what every
 * emitter reads. All naming, ordering, `$ref` resolution and positional-vs-named decisions are
 * taken once, in normalize; emitters and templates only read this model.
 */

import type { SchemaNode } from "./schema.js";
import type { RuleId } from "../policy/rules.js";

/** A JSON Schema (draft-07 as used by OpenRPC 1.x), or the boolean schemas `true`/`false`. */
export type JsonSchema = boolean | SchemaObject;
export interface SchemaObject {
  [keyword: string]: unknown;
}

export type ParamStructure = "by-name" | "by-position" | "either";

/** One whole input to the generator: the documents that make up one client package. */
export interface PackageModel {
  /** npm package name. */
  packageName: string;
  version: string;
  description: string;
  documents: DocumentModel[];
}

export interface DocumentModel {
  /** Where the document came from, relative to the working directory (for headers and errors). */
  source: string;
  title: string;
  version: string;
  description: string;
  /** Package subpath and folder name: `advanced` → `<package>/advanced`. */
  subpath: string;
  /** Factory function name: `createAdvancedClient`. */
  factory: string;
  /** Client interface name: `AdvancedClient`. */
  clientType: string;
  /** Every other name the client module declares, claimed in the same registry as the types. */
  names: ClientNames;
  /**
   * How the keyed endpoint takes the params of methods that do not say (`paramStructure`
   * "either"): its `x-endpoint.paramStructure`, else by position (the JSON-RPC convention of
   * Ethereum, Filecoin, Starknet, … nodes).
   */
  defaultStructure: "by-name" | "by-position";
  servers: ServerModel[];
  methods: MethodModel[];
  /**
   * Every named schema, bundled: component schemas, schemas from external files, and the
   * per-method `XParams`/`XResult` objects. `$ref`s inside point to `#/definitions/<name>`.
   * Sorted by name except that per-method types follow in method order.
   */
  schemas: NamedSchema[];
  /** Things worth telling the user that are not errors (renamed collisions, …). */
  warnings: Problem[];
}

export interface ClientNames {
  /** `AdvancedClientOptions`. */
  optionsType: string;
  /** `AdvancedMethods`: the JSON-RPC name → params/result map used by `request`. */
  methodsType: string;
  /** `AdvancedCalls`: the interface of the method members. */
  callsType: string;
  /** `AdvancedPaginators`, when a method pages. */
  paginatorsType: string;
  /** `EthSubscriptions`: the interface of the subscribe members, when a method has `x-subscription`. */
  subscriptionsType: string;
  /** `AdvancedErrors`: the error-code constants, when the spec lists errors. */
  errorsConst: string;
  /** Variable name used in examples: `advanced`. */
  clientVar: string;
  /** `createAdvancedCore`: the factory of the core the per-method functions (`<subpath>/methods`) take. */
  coreFactory: string;
  /** `AdvancedCore`: the type of that core. */
  coreType: string;
}

export interface NamedSchema {
  /** TypeScript identifier, unique within the document. */
  name: string;
  /** The schema as the documentation states it (`$ref`s rewritten to `#/definitions/…`). */
  schema: JsonSchema;
  /**
   * The schema that generated types and response validation follow: `schema` with the
   * `x-response-deviations` applied (documented fields that real responses omit become
   * optional, those they send as `null` admit `null`). The same object when there are none.
   */
  lenient: JsonSchema;
  /** `schema` normalized (generator/model/schema.ts): what the emitters, the mock and the site read. */
  node: SchemaNode;
  /** `lenient` normalized: the same object as `node` when the schema has no deviations. */
  lenientNode: SchemaNode;
  /** JSON pointer of the schema in the source document (or external file). */
  pointer: string;
  /** What the schema is for: a component, or the params/result of a method. */
  role: "component" | "params" | "result" | "variant" | "item";
}

export interface ServerModel {
  name: string;
  url: string;
  summary: string;
  variables: Record<string, { default: string; description: string; enum?: string[] }>;
  kind: "keyed" | "proxy" | "plain";
  paramStructure: "by-name" | "by-position";
  envelope: "jsonrpc" | "params-only";
  methodIn: "body" | "query";
  network?: string;
  transport: "https" | "wss" | "http" | "ws";
}

export interface MethodModel {
  /** The JSON-RPC method name: `adv_getLogs`. */
  rpcName: string;
  /** Client method name (prefix stripped, escaped): `getLogs`. */
  clientName: string;
  /** Its function's name in `<subpath>/methods`: the client name, a reserved word with `_` (`class_`). */
  functionName: string;
  /** Base of the type names: `GetLogs` → `GetLogsParams`, `GetLogsResult`. */
  typeBase: string;
  paramsType: string;
  resultType: string;
  summary: string;
  description: string;
  deprecated: boolean;
  paramStructure: ParamStructure;
  /**
   * Call signature of the generated client method: one params object (by-name methods, and
   * "either" methods of a by-name document), or positional arguments.
   */
  signature: "object" | "positional";
  params: ParamModel[];
  /**
   * Name of the client method's trailing per-call argument (call options, or a subscription's
   * options): `options`, or `callOptions` when a positional param is called `options`.
   */
  optionsArg: string;
  /** Undefined for notifications (methods without a result). `pointer`: where its schema is. */
  result?: { name: string; description: string; schema: JsonSchema; pointer: string };
  errors: ErrorModel[];
  examples: ExampleModel[];
  idempotent: boolean;
  limits: LimitRule[];
  variants: ResultVariant[];
  pagination?: PaginationModel;
  /**
   * Set when the method is delivered on the subscription surface (`x-subscription`, a convention's
   * subscription, or an event convention: see `SubscriptionModel.mode`).
   */
  subscription?: SubscriptionModel;
  /** JSON pointer of the method in its file: the document's own, or `file` when it is written in another. */
  pointer: string;
  /** The file the method is written in, when it is not the document's own (`methods: [{ $ref: "./m.json" }]`). */
  file?: string;
}

export interface ParamModel {
  name: string;
  /** Identifier used as the positional argument name in the client signature (unique in the method). */
  argName: string;
  description: string;
  required: boolean;
  /**
   * Whether the positional argument may be left out (`x?: T`): the param is optional and no required
   * param follows it. An optional param before a required one (a document that breaks OpenRPC's
   * order, rule param-order) is an argument that takes `undefined`, sent as `null`.
   */
  argOptional: boolean;
  deprecated: boolean;
  schema: JsonSchema;
  /** Where the param's schema is: `#/methods/0/params/1/schema`. */
  pointer: string;
  /** Named type when the param's schema is a plain `$ref` to a component. */
  refName?: string;
}

export interface ErrorModel {
  code: number;
  message: string;
  /** Identifier for the error code constant. */
  name: string;
  data?: JsonSchema;
}

export interface ExampleModel {
  name: string;
  description: string;
  /** Param values by param name. */
  params: Record<string, unknown>;
  result?: unknown;
  hasResult: boolean;
  /** JSON pointer of the example pairing in its file: the document's own, or `file`. */
  pointer: string;
  /** The file the example is written in, when it is not the document's own. */
  file?: string;
}

export type LimitRule =
  | { rule: "maxBlockSpan"; from: string; to: string; max: number; description: string }
  | { rule: "requires"; if: string; then: string; description: string };

export interface ResultVariant {
  /** Suffix of the variant's type name: `WithTransactions`. */
  name: string;
  /** `EthGetBlockByNumberResultWithTransactions`. */
  typeName: string;
  when: VariantCondition;
  schema: JsonSchema;
}

export interface VariantCondition {
  param: string;
  property?: string;
  equals?: unknown;
  in?: unknown[];
  absent?: boolean;
}

/**
 * How a subscription is opened, matched and closed (spec/README.md, "Subscriptions"):
 * - `id`: the subscribe call answers an id; notifications name it; the unsubscribe method takes it
 *   (`x-subscription`, `eth_subscribe`, Solana's, Starknet's).
 * - `events`: server-to-client notifications without any call (`x-notification: true`, a
 *   document-level `x-notifications`, Minecraft's `<ns>:notification/…`): the member listens for
 *   notifications of that method; closing stops listening and sends nothing.
 * - `listen`: Firebolt's event methods: the method itself is called with `listen: true` (and its
 *   other params), items arrive as notifications of that method (or its notifier name), and the same
 *   call with `listen: false` stops them.
 */
export type SubscriptionMode = "id" | "events" | "listen";

/** A subscribe method's `x-subscription` (or a convention's), with its item types named. */
export interface SubscriptionModel {
  mode: SubscriptionMode;
  /** Method of the server's notifications (`eth_subscription`); in `id` mode their params are `{ subscription, result }`. */
  notification: string;
  /** Other method names the same notifications may come under (`listen`: Firebolt's notifier `Device.nameChanged`). */
  notificationAliases?: string[];
  /**
   * JSON-RPC name of the method that cancels the subscription: it takes the id as its first param
   * (`id`), or it is the method itself called with `listen: false` (`listen`); `""` when nothing is
   * sent (`events`).
   */
  unsubscribe: string;
  /**
   * Names of the notification's id and item params when they are not `subscription` and `result`
   * (a notification method described in the document, as Starknet's `{ subscription_id, result }`).
   */
  notificationParams?: [id: string, item: string];
  /**
   * `events`: the notification's params as the document lists them (the member takes none): the item
   * is the one param's value, `null` without params, else the params object by name.
   */
  eventParams?: string[];
  /** `listen`: the boolean param that turns the listener on and off (`listen`); the member sets it. */
  listenParam?: string;
  /** Item type when no variant matches: a component's name, or `<TypeBase>Item`. */
  itemType: string;
  item: JsonSchema;
  /** Where `item` is written (`#/methods/1/x-subscription/item`, or a convention's notification param schema). */
  itemPointer: string;
  /** Most specific first, as in the spec. */
  variants: SubscriptionVariant[];
}

export interface SubscriptionVariant {
  /** `NewHeads`. */
  name: string;
  /** A component's name when the item is a plain `$ref` (`Head`), else `<TypeBase><Name>Item`. */
  itemType: string;
  when: VariantCondition;
  /** The variant takes the first `paramCount` params of the method (the rest are left out). */
  paramCount: number;
  item: JsonSchema;
  /** Ethereum back-fill after a reconnect: missed blocks (`eth_getBlockByNumber`) or logs (`eth_getLogs`). */
  backfill?: "blocks" | "logs";
}

export interface PaginationModel {
  /** Param that takes the token: `pageToken`. */
  tokenParam: string;
  /** Result field holding the next token: `nextPageToken`. */
  nextField: string;
  /** Result field holding the page's items: `logs`. */
  itemsField: string;
  /** TypeScript type of one item. */
  itemType: string;
}

/** A problem found while validating or normalizing, with where it is and how to fix it. */
export interface Problem {
  /** File the problem is in. */
  file: string;
  /** JSON pointer into that file. */
  pointer: string;
  message: string;
  hint?: string;
  /**
   * The rule of the reading policy it breaks (generator/policy/rules.ts, docs/READING.md), which
   * decides whether it stops a command; the CLI prints one summary line per rule when there are
   * many, and the list with `--verbose`. Problems of other stages (plugins, writing) may have none.
   */
  rule?: RuleId;
}
