/**
 * Emits the subscribe members of a client (`x-subscription`, spec/README.md "Subscriptions"):
 * the `<Base>Subscriptions` interface with one overload per variant (most specific first, each
 * taking the variant's params by position) and the general one, and the object that forwards
 * them to the runtime's `subscribe`. Names come from the model; spec strings go through escape.ts.
 */
import {
  commentText,
  identifier,
  objectKey,
  parameterIdentifier,
  propertyAccess,
  stringLiteral,
  typeMemberKey,
  valueLiteral,
} from "../../print/escape.js";
import type { DocumentModel, MethodModel, SubscriptionVariant, VariantCondition } from "../../model/document.js";
import type { Doc } from "../../print/layout.js";
import { arrowExpr, asExpr, callExpr, objectExpr, raw, stringExpr } from "../../print/js-code.js";
import {
  functionDeclaration,
  interfaceDeclaration,
  typeReference,
  type MethodSig,
  type Param,
} from "../../print/ts-code.js";

/** The params of one overload, as client.ts builds them for result variants. */
export type ParamsOf = (m: MethodModel, when: VariantCondition | undefined) => Param[];

export function subscribeMethods(doc: DocumentModel): MethodModel[] {
  return doc.methods.filter((m) => m.subscription);
}

/** The `<Base>Subscriptions` interface and the `subscriptions` function, as two top-level statements. */
export function subscriptionDeclarations(doc: DocumentModel, paramsOf: ParamsOf): [Doc, Doc] {
  const methods = subscribeMethods(doc);
  const declaration = interfaceDeclaration({
    name: identifier(doc.names.subscriptionsType),
    docs: `The subscriptions of the ${commentText(doc.title)} (WebSocket only): each resolves once the node confirmed it, to an async iterable of the pushed items.`,
    methods: methods.flatMap((m) => signatures(m, paramsOf, doc.names.clientVar)),
  });
  const forwarding = functionDeclaration({
    name: "subscriptions",
    docs: "The subscribe members, each forwarding its arguments to the runtime's `subscribe` with its JSON-RPC name.",
    params: [{ name: "subscribe", type: "SubscribeFn" }],
    returnType: doc.names.subscriptionsType,
    body: [
      [
        "return ",
        objectExpr(
          methods.map((m) => ({ key: objectKey(m.clientName), value: forward(m) })),
          true,
        ).doc,
        ";",
      ],
    ],
  });
  return [declaration, forwarding];
}

function forward(m: MethodModel): ReturnType<typeof arrowExpr> {
  const call = callExpr("subscribe", [stringExpr(m.rpcName), raw("args", "identifier")]);
  return arrowExpr(["...args: unknown[]"], asExpr(call, "Promise<never>"), true);
}

/** The item types the subscribe members refer to (named types only). */
export function itemTypes(doc: DocumentModel): string[] {
  return subscribeMethods(doc).flatMap((m) => [
    m.subscription!.itemType,
    ...m.subscription!.variants.map((v) => v.itemType),
  ]);
}

/** One overload per variant, then the general one; one doc comment for the set, on the first (TypeScript shows it for the others). */
function signatures(m: MethodModel, paramsOf: ParamsOf, clientVar: string): MethodSig[] {
  const sub = m.subscription!;
  const overload = (variant: SubscriptionVariant | undefined, first: boolean): MethodSig => {
    const item = variant?.itemType ?? sub.itemType;
    const all = memberParams(m, paramsOf(m, variant?.when));
    // By-position variants take only their own params; a params object is always one argument.
    const own = variant && m.signature === "positional" ? all.slice(0, variant.paramCount) : all;
    const options = `SubscribeOptions<${item}>${variant?.backfill ? " & { backfill?: boolean }" : ""}`;
    return {
      name: typeMemberKey(m.clientName, "method"),
      ...(first ? { docs: subscribeDoc(m, clientVar) } : {}),
      params: [...own, { name: m.optionsArg, type: options, optional: true }],
      returnType: typeReference("Promise", [{ type: `Subscription<${item}>` }]),
    };
  };
  return [...sub.variants.map((v, i) => overload(v, i === 0)), overload(undefined, sub.variants.length === 0)];
}

/**
 * The member's params: none for a pushed notification (`events`: its params make the item), the
 * method's params without the one the runtime sets (`listen`), else the call's params.
 */
function memberParams(m: MethodModel, all: Param[]): Param[] {
  const sub = m.subscription!;
  if (sub.mode === "events") return [];
  if (sub.mode !== "listen") return all;
  const listen = m.params.find((p) => p.name === sub.listenParam);
  const rest = m.params.filter((p) => p !== listen);
  if (m.signature === "positional") return all.filter((p) => p.name !== parameterIdentifier(listen?.argName ?? ""));
  if (rest.length === 0) return [];
  const type = listen ? `Omit<${m.paramsType}, ${stringLiteral(listen.name)}>` : m.paramsType;
  return [{ name: "params", type, optional: !rest.some((p) => p.required) }];
}

/** What the member does, by mode: how it opens, what it yields, and how it closes. */
function modeLines(m: MethodModel): string[] {
  const sub = m.subscription!;
  const rpc = `\`${commentText(m.rpcName)}\``;
  const aliases = (sub.notificationAliases ?? []).map((a) => ` (or \`${commentText(a)}\`)`).join("");
  const over = "WebSocket URLs only: over HTTP the promise rejects at once and nothing is sent.";
  if (sub.mode === "events")
    return [
      `Listens for the ${rpc} notifications the server pushes and yields ${sub.eventParams?.length === 1 ? `their \`${commentText(sub.eventParams[0]!)}\`` : sub.eventParams?.length ? "their params by name" : "`null` for each"}. ${over}`,
      `Nothing is sent to start or stop: \`sub.unsubscribe()\`, leaving the \`for await\` loop or aborting \`${m.optionsArg}.signal\` stops listening. Notifications sent before the call, or while reconnecting (\`${m.optionsArg}.onGap\` is told), are not seen; when reconnecting fails the loop throws \`SocketClosedError\`.`,
    ];
  if (sub.mode === "listen")
    return [
      `Calls ${rpc} with \`${commentText(sub.listenParam ?? "listen")}: true\` and yields the events that come as its notifications${aliases}. ${over}`,
      `\`sub.unsubscribe()\`, leaving the \`for await\` loop or aborting \`${m.optionsArg}.signal\` calls it with \`${commentText(sub.listenParam ?? "listen")}: false\` (unless another subscription of this client listens to the same). After a reconnect it listens again and \`${m.optionsArg}.onGap\` is told; when reconnecting fails the loop throws \`SocketClosedError\`.`,
    ];
  return [
    `Subscribes with ${rpc} and yields the \`${commentText(sub.notification)}\` items. ${over}`,
    `\`sub.unsubscribe()\`, leaving the \`for await\` loop or aborting \`${m.optionsArg}.signal\` sends \`${commentText(sub.unsubscribe)}\`. After a reconnect the subscription is made again with the same params and \`${m.optionsArg}.onGap\` is told; when reconnecting fails the loop throws \`SocketClosedError\`.`,
  ];
}

function subscribeDoc(m: MethodModel, clientVar: string): string {
  const sub = m.subscription!;
  const lines: string[] = [];
  if (m.summary.trim()) lines.push(commentText(m.summary.trim()), "");
  if (m.description.trim()) lines.push(commentText(m.description.trim()), "");
  lines.push(...modeLines(m));
  const own = sub.mode === "events" ? [] : m.params.filter((p) => sub.mode !== "listen" || p.name !== sub.listenParam);
  const backfill = sub.variants.filter((v) => v.backfill).map((v) => v.name);
  if (backfill.length > 0)
    lines.push(
      `\`{ backfill: true }\` (${backfill.map(commentText).join(", ")}): after a reconnect, the missed items are fetched and yielded before the live ones.`,
    );
  if (m.signature === "positional")
    for (const p of own)
      lines.push(
        `@param ${p.argName} ${commentText(p.description) || commentText(p.name)}${p.required ? "" : " (optional)"}`,
      );
  else if (own.length > 0)
    lines.push(`@param params the params of \`${commentText(m.rpcName)}\`, each documented on {@link ${m.paramsType}}`);
  lines.push(
    `@param ${m.optionsArg} \`signal\`, \`bufferSize\` (items held before the subscription fails; default 1000), \`bufferBytes\` (their total size; default 32 MiB), \`onGap\``,
  );
  const member = propertyAccess(m.clientName);
  const first = sub.variants[0];
  const args =
    first && m.signature === "positional" && first.when.equals !== undefined && m.params[0]?.name === first.when.param
      ? `${valueLiteral(first.when.equals)}, `
      : own.some((p) => p.required)
        ? "…, "
        : "";
  lines.push(
    "@example",
    "```ts",
    commentText(`const sub = await ${clientVar}${member}(${args}{ signal });`),
    "for await (const item of sub) console.log(item);",
    "```",
  );
  return lines.join("\n");
}
