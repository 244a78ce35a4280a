/**
 * The loaded OpenRPC document, as normalize and the lint rules read it: the types of
 * `@open-rpc/meta-schema` (generated from the OpenRPC meta-schema), made strict where they are
 * loose, plus the `x-` extensions the generator reads (spec/README.md; their shapes are checked by
 * validate/extensions.ts). What is changed, and why, is in docs/DECISIONS.md
 * ("@open-rpc/meta-schema"); test/generator/normalize/openrpc.test-d.ts keeps the reasons true.
 *
 * - Every object type there has `[regex: string]: any`, so a misspelled member (`paramStructur`)
 *   compiles and is `any`: the index signatures are removed (`Declared`), and the extensions we
 *   read are declared instead.
 * - `ExampleObject.value`, `ErrorObject.data` and every sub-schema are `any`: here `unknown`.
 * - `openrpc` admits only 1.0–1.3 versions: the generator reads any 1.x (validate/meta-schema.ts).
 *
 * Types only: a value read through `deref` is of these types because the validate stage checked
 * it (the meta-schema, then the extension schemas), not because anything here checks it.
 */
import type * as Meta from "@open-rpc/meta-schema";
import type { LimitRule, VariantCondition } from "../model/document.js";

/** `T` without its index signatures: only the members it declares. */
type Declared<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };
/** The declared members of `T`, with those of `Changed` replaced or added. */
type Strict<T, Changed> = Omit<Declared<T>, keyof Changed> & Changed;

export type ReferenceObject = Meta.ReferenceObject;
export type OrReference<T> = T | ReferenceObject;

export type ExampleObject = Strict<Meta.ExampleObject, { value: unknown }>;

export type ExamplePairingObject = Strict<
  Meta.ExamplePairingObject,
  {
    params: OrReference<ExampleObject>[];
    result?: OrReference<ExampleObject>;
    /** Not in the meta-schema (which lets other members through); read as the description when there is none. */
    summary?: string;
  }
>;

export type ContentDescriptorObject = Strict<Meta.ContentDescriptorObject, { schema: unknown }>;

export type ErrorObject = Strict<Meta.ErrorObject, { data?: unknown }>;

/** `x-endpoint`: how a server takes requests (spec/README.md, "Endpoints"). */
export interface XEndpoint {
  kind?: "keyed" | "proxy" | "plain";
  paramStructure?: "by-name" | "by-position";
  envelope?: "jsonrpc" | "params-only";
  methodIn?: "body" | "query";
  network?: string;
  transport?: "https" | "wss" | "http" | "ws";
}

export type ServerVariableObject = Declared<Meta.ServerObjectVariable>;

export type ServerObject = Strict<
  Meta.ServerObject,
  { variables?: Record<string, ServerVariableObject>; "x-endpoint"?: XEndpoint }
>;

/** `x-result-variants`: result shapes selected by a param (spec/README.md). */
export interface XResultVariant {
  name: string;
  when: VariantCondition;
  schema: unknown;
}

/** `x-subscription`: a subscribe method's notifications and how to cancel them. */
export interface XSubscription {
  notification: string;
  unsubscribe: string;
  item: unknown;
  /** The notification's id and item param names, when not `subscription` and `result`. */
  notificationParams?: [id: string, item: string];
  variants?: {
    name: string;
    when: VariantCondition;
    params?: string[];
    item: unknown;
    backfill?: "blocks" | "logs";
  }[];
}

/** A method of the document with the file and pointer its `$ref`s (if any) led to. */
export interface ResolvedMethod {
  file: string;
  pointer: string;
  value: MethodObject;
}

/** A subscription a convention gives: `itemAt` is where the item schema is (its `$ref`s resolve from there). */
export interface ConventionalSubscription extends XSubscription {
  itemAt?: { file: string; pointer: string };
  /** `events` and `listen` (generator/model/document.ts, SubscriptionMode); absent: `id`. */
  mode?: "events" | "listen";
  notificationAliases?: string[];
  /** `listen`: the param the member sets to true, then false. */
  listenParam?: string;
}

export type MethodObject = Strict<
  Meta.MethodObject,
  {
    params: OrReference<ContentDescriptorObject>[];
    result?: OrReference<ContentDescriptorObject>;
    errors?: OrReference<ErrorObject>[];
    examples?: OrReference<ExamplePairingObject>[];
    servers?: ServerObject[];
    "x-idempotent"?: boolean;
    "x-limits"?: LimitRule[];
    "x-result-variants"?: XResultVariant[];
    "x-subscription"?: XSubscription;
    /** `true` marks a server-to-client notification (not checked by an extension schema: any value is read as "not true"). */
    "x-notification"?: unknown;
  }
>;

/** `x-client`: the names of the document's client (spec/README.md). */
export interface XClient {
  subpath?: string;
  factory?: string;
  methodPrefix?: string;
}

export type ComponentsObject = Strict<
  Meta.Components,
  {
    schemas?: Record<string, unknown>;
    contentDescriptors?: Record<string, ContentDescriptorObject>;
    errors?: Record<string, ErrorObject>;
    examples?: Record<string, ExampleObject>;
    examplePairings?: Record<string, ExamplePairingObject>;
  }
>;

export type OpenrpcDocument = Strict<
  Meta.OpenrpcDocument,
  {
    /** Any 1.x version (checked against the newest meta-schema the generator has when newer). */
    openrpc: string;
    servers?: ServerObject[];
    methods: OrReference<MethodObject>[];
    components?: ComponentsObject;
    "x-client"?: XClient;
  }
>;
