/** One OpenRPC method → `MethodModel` (params, result, errors, examples, extensions). */
import type {
  ErrorModel,
  ExampleModel,
  JsonSchema,
  MethodModel,
  ParamModel,
  Problem,
  SubscriptionModel,
} from "../model/document.js";
import { deref } from "../load/refs.js";
import type { SchemaBundler } from "./bundle.js";
import { setOwn } from "../own.js";
import { argumentName, memberName, pascalCase } from "./names.js";
import type {
  ContentDescriptorObject,
  ErrorObject,
  ExampleObject,
  ExamplePairingObject,
  MethodObject,
  ConventionalSubscription,
  OrReference,
} from "./openrpc.js";

export interface MethodContext {
  files: Map<string, unknown>;
  file: string;
  bundler: SchemaBundler;
  methodPrefix: string;
  problems: Problem[];
}

export type BaseMethod = Omit<
  MethodModel,
  "clientName" | "functionName" | "typeBase" | "paramsType" | "resultType" | "pagination" | "signature" | "optionsArg"
>;

/** `convention`: the subscription a widespread convention gives the method (conventions.ts), used when it has no `x-subscription`. */
export function normalizeMethod(
  ctx: MethodContext,
  raw: OrReference<MethodObject>,
  at: string,
  convention?: ConventionalSubscription,
): BaseMethod | undefined {
  const found = deref<MethodObject>(ctx.files, ctx.file, at, raw);
  if (!found) return undefined;
  const m = found.value;
  const subscription = m["x-subscription"] ?? convention;
  // Firebolt sends an event method's params by name (`{ listen: true }`); a document that leaves the
  // structure open is read so (docs/DECISIONS.md, "Events without a subscription id").
  const listening = !m["x-subscription"] && convention?.mode === "listen";
  const paramStructure = m.paramStructure ?? (listening ? "by-name" : "either");
  const documented = uniqueParamNames(
    m.params
      .map((p, i) => normalizeParam(ctx, found.file, `${found.pointer}/params/${i}`, p))
      .filter((p): p is ParamModel => p !== undefined),
  );
  // A notification the server pushes (mode `events`) is called with nothing: its params make the item.
  const events = !m["x-subscription"] && convention?.mode === "events";
  const params = events ? [] : documented;
  const result =
    events || m.result === undefined
      ? undefined
      : deref<ContentDescriptorObject>(ctx.files, found.file, `${found.pointer}/result`, m.result);
  return {
    rpcName: m.name,
    summary: m.summary ?? "",
    description: m.description ?? "",
    deprecated: m.deprecated === true,
    paramStructure,
    params,
    ...(result
      ? {
          result: {
            name: result.value.name,
            description: result.value.description ?? result.value.summary ?? "",
            schema: ctx.bundler.rewrite(result.value.schema, result.file, `${result.pointer}/schema`),
            pointer: where(ctx, result.file, `${result.pointer}/schema`),
          },
        }
      : {}),
    errors: (m.errors ?? [])
      .map((e, i) => normalizeError(ctx, found.file, `${found.pointer}/errors/${i}`, e))
      .filter((e): e is ErrorModel => e !== undefined),
    examples: (m.examples ?? [])
      .map((e, i) =>
        normalizeExample(
          ctx,
          found.file,
          `${found.pointer}/examples/${i}`,
          e,
          params.map((p) => p.name),
        ),
      )
      .filter((e): e is ExampleModel => e !== undefined),
    idempotent: m["x-idempotent"] === true,
    limits: m["x-limits"] ?? [],
    variants: (m["x-result-variants"] ?? []).map((v, i) => ({
      name: pascalCase(v.name),
      typeName: "", // named by the document, which owns the name registry
      when: v.when,
      schema: ctx.bundler.rewrite(v.schema, found.file, `${found.pointer}/x-result-variants/${i}/schema`),
    })),
    ...(subscription
      ? {
          subscription: events
            ? eventsSubscription(ctx, found.file, found.pointer, m.name, documented)
            : normalizeSubscription(ctx, found.file, found.pointer, subscription, params.length),
        }
      : {}),
    pointer: found.pointer,
    ...(found.file !== ctx.file ? { file: found.file } : {}),
  };
}

/** `x-subscription` with schemas bundled; type names are given in client-names.ts. */
function normalizeSubscription(
  ctx: MethodContext,
  file: string,
  at: string,
  raw: ConventionalSubscription,
  paramCount: number,
): SubscriptionModel {
  const itemAt = raw.itemAt ?? { file, pointer: `${at}/x-subscription/item` };
  return {
    mode: raw.mode ?? "id",
    notification: raw.notification,
    ...(raw.notificationAliases ? { notificationAliases: raw.notificationAliases } : {}),
    unsubscribe: raw.unsubscribe,
    ...(raw.listenParam ? { listenParam: raw.listenParam } : {}),
    ...(raw.notificationParams ? { notificationParams: raw.notificationParams } : {}),
    itemType: "",
    item: ctx.bundler.rewrite(raw.item, itemAt.file, itemAt.pointer),
    itemPointer: where(ctx, itemAt.file, itemAt.pointer),
    variants: (raw.variants ?? []).map((v, i) => ({
      name: pascalCase(v.name),
      itemType: "",
      when: v.when,
      paramCount: v.params?.length ?? paramCount,
      item: ctx.bundler.rewrite(v.item, file, `${at}/x-subscription/variants/${i}/item`),
      ...(v.backfill ? { backfill: v.backfill } : {}),
    })),
  };
}

/**
 * A server notification's subscription (mode `events`): its items are the value of its one param,
 * `null` when it has none, else an object of its params by name (each as required as the document says).
 */
function eventsSubscription(
  ctx: MethodContext,
  file: string,
  at: string,
  name: string,
  params: ParamModel[],
): SubscriptionModel {
  const one = params.length === 1 ? params[0] : undefined;
  const item: JsonSchema =
    params.length === 0
      ? { type: "null" }
      : one
        ? one.schema
        : {
            type: "object",
            properties: Object.fromEntries(params.map((p) => [p.name, described(p.schema, p.description)])),
            required: params.filter((p) => p.required).map((p) => p.name),
          };
  return {
    mode: "events",
    notification: name,
    unsubscribe: "",
    eventParams: params.map((p) => p.name),
    itemType: "",
    item,
    itemPointer: one ? one.pointer : where(ctx, file, `${at}/params`),
    variants: [],
  };
}

/** A param's schema with its description, when the schema has none of its own. */
function described(schema: JsonSchema, description: string): JsonSchema {
  if (!description || typeof schema !== "object" || schema.description !== undefined) return schema;
  return { ...schema, description };
}

function normalizeParam(
  ctx: MethodContext,
  file: string,
  at: string,
  raw: OrReference<ContentDescriptorObject>,
): ParamModel | undefined {
  const found = deref<ContentDescriptorObject>(ctx.files, file, at, raw);
  if (!found) return undefined;
  const p = found.value;
  const schema = ctx.bundler.rewrite(p.schema, found.file, `${found.pointer}/schema`);
  const ref = plainRef(schema);
  return {
    name: p.name,
    argName: argumentName(p.name), // made unique per method in client-names.ts
    description: p.description ?? p.summary ?? "",
    required: p.required === true,
    argOptional: p.required !== true, // until client-names.ts knows the params after it
    deprecated: p.deprecated === true,
    schema,
    pointer: where(ctx, found.file, `${found.pointer}/schema`),
    ...(ref ? { refName: ref } : {}),
  };
}

/** `#/pointer` in the document itself, `file#/pointer` in another file. */
function where(ctx: MethodContext, file: string, at: string): string {
  return `${file === ctx.file ? "" : file}#${at}`;
}

/** The definition name when `schema` is nothing but a `$ref`. */
/**
 * A param whose name an earlier param of the method has is renamed `<name>2`, `<name>3`, … A
 * document with such a method is refused unless `--allow-duplicate-params` is given
 * (validate/lint.ts says so, generator/load/load-model.ts turns it into a warning), so this
 * renaming only shows when the user asked for it.
 */
function uniqueParamNames(params: ParamModel[]): ParamModel[] {
  const taken = new Set<string>();
  return params.map((p) => {
    let name = p.name;
    for (let n = 2; taken.has(name); n++) name = `${p.name}${n}`;
    taken.add(name);
    return name === p.name ? p : { ...p, name };
  });
}

export function plainRef(schema: JsonSchema): string | undefined {
  if (typeof schema !== "object") return undefined;
  const keys = Object.keys(schema).filter((k) => k !== "description" && k !== "title");
  if (keys.length !== 1 || typeof schema.$ref !== "string") return undefined;
  return schema.$ref.replace("#/definitions/", "");
}

function normalizeError(
  ctx: MethodContext,
  file: string,
  at: string,
  raw: OrReference<ErrorObject>,
): ErrorModel | undefined {
  const found = deref<ErrorObject>(ctx.files, file, at, raw);
  if (!found) return undefined;
  // A referenced error is named by where it sits (`#/components/errors/NotFound`, `errors.json#/RateLimited`).
  const isRef = found.pointer !== at || found.file !== file;
  const refName = isRef ? found.pointer.split("/").pop() : undefined;
  const e = found.value;
  return {
    code: e.code,
    message: e.message,
    name: pascalCase(refName ?? (e.message || `code ${e.code}`)),
    ...(e.data !== undefined ? { data: ctx.bundler.rewrite(e.data, found.file, `${found.pointer}/data`) } : {}),
  };
}

/**
 * Example params are Example Objects in positional order (OpenRPC); when every one of them is
 * named after a param of the method, they are matched by name instead, so that an example of a
 * by-name method may list only the params it uses, in any order.
 */
function normalizeExample(
  ctx: MethodContext,
  file: string,
  at: string,
  raw: OrReference<ExamplePairingObject>,
  paramNames: string[],
): ExampleModel | undefined {
  const found = deref<ExamplePairingObject>(ctx.files, file, at, raw);
  if (!found) return undefined;
  const e = found.value;
  const items = e.params.map(
    (p, i) => deref<ExampleObject>(ctx.files, found.file, `${found.pointer}/params/${i}`, p)?.value,
  );
  const byName = items.length > 0 && items.every((item) => item !== undefined && paramNames.includes(item.name));
  const params: Record<string, unknown> = {};
  items.forEach((item, i) => {
    if (!item) return;
    const key = byName ? item.name : (paramNames[i] ?? String(i));
    setOwn(params, key, item.value);
  });
  const result =
    e.result === undefined
      ? undefined
      : deref<ExampleObject>(ctx.files, found.file, `${found.pointer}/result`, e.result);
  return {
    name: e.name ?? `example ${at.split("/").pop()}`,
    description: e.description ?? e.summary ?? "",
    params,
    result: result?.value.value,
    hasResult: result !== undefined,
    pointer: found.pointer,
    ...(found.file !== ctx.file ? { file: found.file } : {}),
  };
}

/** `adv_getLogs` with prefix `adv_` → `getLogs`; other names are kept, made identifiers where needed. */
export function clientMemberName(rpcName: string, prefix: string): string {
  const stripped =
    prefix && rpcName.startsWith(prefix) && rpcName.length > prefix.length ? rpcName.slice(prefix.length) : rpcName;
  return memberName(stripped);
}
