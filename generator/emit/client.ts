/**
 * Emits `client.ts` of one document as text (printed by ./ts-code.ts): the client interface (one documented member
 * per method, overloads for `x-result-variants`), the method map for `request`, and the factory.
 * Every name comes from the model (normalize); every spec string goes through generator/escape.ts.
 */
import { commentText, identifier, isIdentifier, objectKey, propertyAccess, stringLiteral, typeMemberKey } from "../escape.js";
import type { DocumentModel, MethodModel, ParamModel, ResultVariant } from "../model.js";
import { methodDoc } from "./docs.js";
import { itemTypes, subscribeMethods, subscriptionDeclarations } from "./subscriptions.js";
import { functionDeclaration, interfaceDeclaration, jsDoc, statements, type MethodSig, type Param } from "./ts-code.js";
import { firstSentence } from "./schema-walk.js";

export function emitClient(doc: DocumentModel, header: string): string {
  const n = doc.names;
  const paged = doc.methods.filter((m) => m.pagination);
  const subscribing = subscribeMethods(doc).length > 0;
  // Subscribe methods are members of `<Base>Subscriptions`, not calls (`request` still reaches them).
  const plain = doc.methods.filter((m) => !m.subscription);

  const runtimeImports = [
    "type CallFn",
    "type CallOptions",
    "type ClientOptions",
    ...(paged.length ? ["type PaginateOptions", "type Paginator"] : []),
    ...(subscribing ? ["type SubscribeFn", "type SubscribeOptions", "type Subscription"] : []),
  ];
  const typeNames = importedTypes(doc);
  const imports = [
    // The factory straight from its module: through index.js, a bundler would also load at start what
    // index.js re-exports for users (every error class, the JSON codec), even when the app uses none.
    `import { createRpcClient } from "../runtime/client.js";\n`,
    `import type { ${runtimeImports.map((i) => i.replace(/^type /, "")).join(", ")} } from "../runtime/index.js";\n`,
    `import { api } from "./api.js";\n`,
    typeNames.length > 0 ? `import type { ${typeNames.join(", ")} } from "./types.js";\n` : "",
  ].join("");

  const optionsAlias = `${jsDoc(`Options of {@link ${doc.factory}}: \`url\` (+ \`apiKey\`)${doc.servers.some((s) => s.kind === "proxy") ? " or `proxyUrl`" : ""}, \`timeout\`, \`fetch\`, \`headers\`, …`)}export type ${identifier(n.optionsType)} = ClientOptions;\n`;

  const errors = new Map<string, number>();
  for (const m of doc.methods) for (const e of m.errors) if (!errors.has(e.name)) errors.set(e.name, e.code);
  const errorsConst =
    errors.size > 0
      ? `${jsDoc(`The JSON-RPC error codes the spec lists, by name. Match a thrown error with \`isJsonRpcError(error, ${n.errorsConst}.X)\`: its \`code\` narrows to X.`)}export const ${identifier(n.errorsConst)} = { ${[...errors].map(([name, code]) => `${objectKey(name)}: ${code}`).join(", ")} } as const;\n`
      : "";

  const methodsInterface = interfaceDeclaration({
    name: identifier(n.methodsType),
    docs: `Every method of the ${commentText(doc.title)} by its JSON-RPC name, with its params (as \`request\` takes them) and result types.`,
    properties: doc.methods.map((m) => ({
      name: stringLiteral(m.rpcName),
      type: `{ params: ${requestParamsType(m)}; result: ${m.result ? m.resultType : "void"} }`,
    })),
  });

  const callsInterface = interfaceDeclaration({
    name: identifier(n.callsType),
    docs: `The methods of the ${commentText(doc.title)}, one per JSON-RPC method.`,
    methods: plain.flatMap((m) => signatures(m, n.clientVar)),
  });

  const callsFunction = functionDeclaration({
    name: "calls",
    docs: "The methods, each forwarding to `call` with its JSON-RPC name.",
    params: [{ name: "call", type: "CallFn" }],
    returnType: n.callsType,
    body: ["return {", ...plain.map((m) => `${objectKey(m.clientName)}: ${implementation(m)},`), "};"],
  });

  const factory = functionDeclaration({
    exported: true,
    name: identifier(doc.factory),
    docs: `Creates a client for the ${commentText(doc.title)}.\n\n@example\n\`\`\`ts\n${commentText(factoryExample(doc))}\n\`\`\``,
    params: [{ name: "options", type: n.optionsType }],
    returnType: doc.clientType,
    body: [
      "const rpc = createRpcClient(api, options);",
      "return {",
      "...calls(rpc.call),",
      ...(subscribing ? ["...subscriptions(rpc.subscribe),"] : []),
      "request: (method, params, callOptions) => rpc.call(method, params, callOptions) as never,",
      "batch: (build) => rpc.batch((call) => build(calls(call))) as never,",
      ...(paged.length > 0
        ? ["paginate: {", ...paged.map((m) => `${objectKey(m.clientName)}: (params, paginateOptions) => rpc.paginate(${stringLiteral(m.rpcName)}, params, paginateOptions),`), "},"]
        : []),
      "close: () => rpc.close(),",
      "};",
    ],
  });

  const text = statements([
    imports,
    optionsAlias,
    errorsConst,
    methodsInterface,
    callsInterface,
    paged.length > 0 ? paginators(doc, paged) : "",
    ...(subscribing ? subscriptionDeclarations(doc, (m, when) => params(m, when && ({ when } as ResultVariant))) : []),
    clientInterface(doc, paged.length > 0),
    callsFunction,
    factory,
  ]);
  return `${header}${text}`;
}

/** The named types the client module refers to. */
function importedTypes(doc: DocumentModel): string[] {
  const names = new Set<string>();
  for (const m of doc.methods) {
    names.add(m.paramsType);
    if (m.result) names.add(m.resultType);
    for (const v of m.variants) names.add(v.typeName);
    for (const p of m.params) if (p.refName) names.add(p.refName);
    for (const t of itemTypes(doc)) names.add(t);
    if (m.pagination && isIdentifier(m.pagination.itemType)) names.add(m.pagination.itemType);
  }
  return [...names].sort().map(identifier);
}

function paginators(doc: DocumentModel, paged: MethodModel[]): string {
  return interfaceDeclaration({
    name: identifier(doc.names.paginatorsType),
    docs: "Item iterators of the paginated methods (their result carries `nextPageToken`). `.pages()` iterates whole pages.",
    methods: paged.map((m) => ({
      name: typeMemberKey(m.clientName),
      docs: `Iterates the \`${commentText(m.pagination!.itemsField)}\` of every page of \`${commentText(m.rpcName)}\`, following \`${commentText(m.pagination!.nextField)}\`. Pass \`${m.pagination!.tokenParam}\` to resume; \`maxItems\` to stop early; \`signal\` to abort.\n@example\n\`\`\`ts\nfor await (const item of ${doc.names.clientVar}.paginate${propertyAccess(m.clientName)}(${m.params.some((p) => p.required) ? "{ … }" : "{}"}, { maxItems: 10_000 })) console.log(item);\n\`\`\``,
      params: [
        { name: "params", type: m.paramsType, optional: !m.params.some((p) => p.required) },
        { name: "options", type: "PaginateOptions", optional: true },
      ],
      returnType: `Paginator<${m.pagination!.itemType}, ${m.resultType}>`,
    })),
  });
}

function clientInterface(doc: DocumentModel, paged: boolean): string {
  const n = doc.names;
  const [first, second] = doc.methods.filter((m) => !m.subscription);
  const sample = (m: MethodModel | undefined): string => `c${propertyAccess(m?.clientName ?? "method")}(…)`;
  return interfaceDeclaration({
    name: identifier(doc.clientType),
    extends: [n.callsType, ...(doc.methods.some((m) => m.subscription) ? [n.subscriptionsType] : [])],
    docs: `${commentText(firstSentence(doc.description) || doc.title)}\n\nCreated by {@link ${doc.factory}}; every method validates its params before sending.`,
    ...(paged ? { properties: [{ name: "paginate", type: n.paginatorsType, readonly: true, docs: "Iterators over the paginated methods." }] } : {}),
    methods: [
      {
        name: "request",
        docs: "Calls any method by its JSON-RPC name, with params as the endpoint form takes them.",
        typeParameters: [{ name: "M", constraint: `keyof ${n.methodsType}` }],
        params: [
          { name: "method", type: "M" },
          { name: "params", type: `${n.methodsType}[M]["params"]` },
          { name: "options", type: "CallOptions", optional: true },
        ],
        returnType: `Promise<${n.methodsType}[M]["result"]>`,
      },
      {
        name: "batch",
        docs: `Sends the calls \`build\` makes as one JSON-RPC batch (one HTTP request); each call settles on its own.\n@example\n\`\`\`ts\nconst [a, b] = await ${n.clientVar}.batch((c) => [${sample(first)}, ${sample(second ?? first)}] as const);\nif (a.status === "fulfilled") console.log(a.value);\n\`\`\``,
        typeParameters: [{ name: "T", constraint: "readonly Promise<unknown>[]" }],
        params: [{ name: "build", type: `(client: ${n.callsType}) => T` }],
        returnType: "Promise<{ -readonly [K in keyof T]: PromiseSettledResult<Awaited<T[K]>> }>",
      },
      { name: "close", docs: "Releases the client's resources (the WebSocket, if any); pending calls are rejected.", params: [], returnType: "void" },
    ],
  });
}

function requestParamsType(m: MethodModel): string {
  if (m.signature === "object") return m.paramsType;
  return `[${m.params.map((p) => `${identifier(p.argName)}${p.required ? "" : "?"}: ${paramType(m, p)}`).join(", ")}]`;
}

function paramType(m: MethodModel, p: ParamModel): string {
  return p.refName ?? `${m.paramsType}[${stringLiteral(p.name)}]`;
}

const callOptions: Param = { name: "options", type: "CallOptions", optional: true };

/** One signature per result variant (most specific first), then the general one. */
function signatures(m: MethodModel, clientVar: string): MethodSig[] {
  const docs = methodDoc(m, clientVar);
  const general = m.result ? m.resultType : "void";
  const all = [...m.variants.map((v) => ({ variant: v, returns: v.typeName })), { variant: undefined, returns: general }];
  return all.map(({ variant, returns }) => ({
    name: typeMemberKey(m.clientName),
    docs,
    params: [...params(m, variant), callOptions],
    returnType: `Promise<${returns}>`,
  }));
}

function params(m: MethodModel, variant: ResultVariant | undefined): Param[] {
  if (m.signature === "object") {
    if (m.params.length === 0) return [{ name: "params", type: m.paramsType, optional: true }];
    const narrowed = variant ? `${m.paramsType} & ${narrowing(variant, true)}` : m.paramsType;
    return [{ name: "params", type: narrowed, optional: !m.params.some((p) => p.required) && !(variant && !variant.when.absent) }];
  }
  return m.params.map((p) => {
    const name = identifier(p.argName);
    const base = paramType(m, p);
    if (!variant || variant.when.param !== p.name) return { name, type: base, optional: !p.required };
    const w = variant.when;
    if (w.property === undefined) return { name, type: literalUnion(w), optional: !p.required && w.absent === true };
    return { name, type: `${base} & ${narrowing(variant, false)}`, optional: !p.required && w.absent === true };
  });
}

/** The object type that pins the variant's property: `{ tracer: "callTracer" }`. */
function narrowing(v: ResultVariant, wholeParams: boolean): string {
  const w = v.when;
  const inner = (key: string): string => (w.absent ? `{ ${stringLiteral(key)}?: "" | null }` : `{ ${stringLiteral(key)}: ${literalUnion(w)} }`);
  if (w.property === undefined) return inner(w.param);
  return wholeParams ? `{ ${stringLiteral(w.param)}${w.absent ? "?" : ""}: ${inner(w.property)} }` : inner(w.property);
}

/** The values of a variant condition as a union of literal types (validate allows only JSON primitives here). */
function literalUnion(w: ResultVariant["when"]): string {
  if (w.absent) return "undefined";
  const values = w.in ?? [w.equals];
  return values.map((v) => (typeof v === "string" ? stringLiteral(v) : typeof v === "number" || typeof v === "boolean" || v === null ? String(v) : "never")).join(" | ");
}

function implementation(m: MethodModel): string {
  const returns = "as Promise<never>";
  const name = stringLiteral(m.rpcName);
  if (m.signature === "object") return `(params?: ${m.paramsType}, callOptions?: CallOptions) => call(${name}, params, callOptions) ${returns}`;
  const args = m.params.map((p) => `${identifier(p.argName)}${p.required ? "" : "?"}: ${paramType(m, p)}`);
  return `(${[...args, "callOptions?: CallOptions"].join(", ")}) => call(${name}, [${m.params.map((p) => p.argName).join(", ")}], callOptions) ${returns}`;
}

function factoryExample(doc: DocumentModel): string {
  const keyed = doc.servers.find((s) => s.kind === "keyed");
  const url = keyed ? Object.values(keyed.variables).find((v) => /^[a-z]+:\/\//.test(v.default))?.default : doc.servers[0]?.url;
  const target = stringLiteral(url ?? "https://host/path");
  const options = keyed ? `{ url: ${target}, apiKey: process.env.API_KEY }` : `{ url: ${target} }`;
  const first = doc.methods[0];
  const args = first && first.params.some((p) => p.required) ? (first.signature === "object" ? "{ … }" : "…") : "";
  const call = first ? `\nconst result = await ${doc.names.clientVar}${propertyAccess(first.clientName)}(${args});` : "";
  return `const ${doc.names.clientVar} = ${doc.factory}(${options});${call}`;
}
