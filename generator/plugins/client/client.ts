/**
 * Emits `client.ts` of one document as text (printed by ./ts-code.ts): the client interface (one documented member
 * per method, overloads for `x-result-variants`), the method map for `request`, and the factory.
 * Every name comes from the model (normalize); every spec string goes through generator/print/escape.ts.
 */
import {
  commentText,
  identifier,
  parameterIdentifier,
  isIdentifier,
  objectKey,
  propertyAccess,
  stringLiteral,
  typeMemberKey,
} from "../../print/escape.js";
import type { DocumentModel, MethodModel, ParamModel, ResultVariant } from "../../model/document.js";
import { methodDoc } from "./method-docs.js";
import { itemTypes, subscribeMethods, subscriptionDeclarations } from "./subscriptions.js";
import { group, hardline, type Doc } from "../../print/layout.js";
import {
  arrayExpr,
  arrowExpr,
  asExpr,
  callExpr,
  constStatement,
  numberExpr,
  objectExpr,
  raw,
  stringExpr,
  type Expr,
  type Property,
} from "../../print/js-code.js";
import {
  docComment,
  functionDeclaration,
  functionType,
  importDeclaration,
  interfaceDeclaration,
  statements,
  tupleType,
  typeAlias,
  typeLiteral,
  typeReference,
  type MethodSig,
  type Param,
} from "../../print/ts-code.js";
import { firstSentence } from "../../print/first-sentence.js";

export function emitClient(doc: DocumentModel, header: string): string {
  const n = doc.names;
  const paged = doc.methods.filter((m) => m.pagination);
  const subscribing = subscribeMethods(doc).length > 0;
  // Subscribe methods are members of `<Base>Subscriptions`, not calls (`request` still reaches them).
  const plain = doc.methods.filter((m) => !m.subscription);

  const runtimeTypes = [
    "CallFn",
    "CallOptions",
    "ClientOptions",
    ...(paged.length ? ["PaginateOptions", "Paginator"] : []),
    ...(subscribing ? ["SubscribeFn", "SubscribeOptions", "Subscription"] : []),
  ];
  const typeNames = importedTypes(doc);
  const imports: Doc = [
    // The factory straight from its module: through index.js, a bundler would also load at start what
    // index.js re-exports for users (every error class, the JSON codec), even when the app uses none.
    importDeclaration(["createRpcClient"], '"../runtime/client.js"'),
    hardline,
    importDeclaration(runtimeTypes, '"../runtime/index.js"', true),
    hardline,
    `import { api } from "./api.js";`,
    typeNames.length > 0 ? [hardline, importDeclaration(typeNames, '"./types.js"', true)] : "",
  ];

  const optionsAlias = [
    docComment(
      `Options of {@link ${doc.factory}}: \`url\` (+ \`apiKey\`)${doc.servers.some((s) => s.kind === "proxy") ? " or `proxyUrl`" : ""}, \`timeout\`, \`fetch\`, \`headers\`, …`,
    ),
    typeAlias(identifier(n.optionsType), "ClientOptions"),
  ];

  const errors = new Map<string, number>();
  for (const m of doc.methods) for (const e of m.errors) if (!errors.has(e.name)) errors.set(e.name, e.code);
  const errorsConst: Doc =
    errors.size > 0
      ? [
          docComment(
            `The JSON-RPC error codes the spec lists, by name. Match a thrown error with \`isJsonRpcError(error, ${n.errorsConst}.X)\`: its \`code\` narrows to X.`,
          ),
          constStatement(
            `export const ${identifier(n.errorsConst)}`,
            asExpr(
              objectExpr([...errors].map(([name, code]) => ({ key: objectKey(name), value: numberExpr(code) }))),
              "const",
            ),
          ),
        ]
      : "";

  const methodsInterface = interfaceDeclaration({
    name: identifier(n.methodsType),
    docs: `Every method of the ${commentText(doc.title)} by its JSON-RPC name, with its params (as \`request\` takes them) and result types.`,
    properties: doc.methods.map((m) => ({
      name: typeMemberKey(m.rpcName),
      type: typeLiteral([
        { key: "params", type: requestParamsType(m) },
        { key: "result", type: m.result ? m.resultType : "void" },
      ]),
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
    body: [
      [
        "return ",
        objectExpr(
          plain.map((m) => ({ key: objectKey(m.clientName), value: implementation(m) })),
          true,
        ).doc,
        ";",
      ],
    ],
  });

  const factory = functionDeclaration({
    exported: true,
    name: identifier(doc.factory),
    docs: `Creates a client for the ${commentText(doc.title)}. Wrong \`options\` do not throw here: every call rejects with the ValidationError that names them, and nothing is sent.\n\n@example\n\`\`\`ts\n${commentText(factoryExample(doc))}\n\`\`\``,
    params: [{ name: "options", type: n.optionsType }],
    returnType: doc.clientType,
    body: [
      "const rpc = createRpcClient(api, options);",
      ["return ", objectExpr(factoryMembers(doc, paged, subscribing), true).doc, ";"],
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
export function importedTypes(doc: DocumentModel): string[] {
  const names = new Set<string>();
  for (const m of doc.methods) {
    names.add(m.paramsType);
    if (m.result) names.add(m.resultType);
    for (const v of m.variants) names.add(v.typeName);
    for (const p of m.params) if (p.refName) names.add(p.refName);
    if (m.pagination && isIdentifier(m.pagination.itemType)) names.add(m.pagination.itemType);
  }
  // Once for the document (inside the loop above it made the emit quadratic in the method count).
  for (const t of itemTypes(doc)) names.add(t);
  return [...names].sort().map(identifier);
}

function paginators(doc: DocumentModel, paged: MethodModel[]): Doc {
  return interfaceDeclaration({
    name: identifier(doc.names.paginatorsType),
    docs: "Item iterators of the paginated methods (their result carries `nextPageToken`). `.pages()` iterates whole pages.",
    methods: paged.map((m) => ({
      name: typeMemberKey(m.clientName, "method"),
      docs: `Iterates the \`${commentText(m.pagination!.itemsField)}\` of every page of \`${commentText(m.rpcName)}\`, following \`${commentText(m.pagination!.nextField)}\`. Pass \`${m.pagination!.tokenParam}\` to resume; \`maxItems\` to stop early; \`signal\` to abort.\n@example\n\`\`\`ts\nfor await (const item of ${doc.names.clientVar}.paginate${propertyAccess(m.clientName)}(${m.params.some((p) => p.required) ? "{ … }" : "{}"}, { maxItems: 10_000 })) console.log(item);\n\`\`\``,
      params: [
        { name: "params", type: m.paramsType, optional: !m.params.some((p) => p.required) },
        { name: "options", type: "PaginateOptions", optional: true },
      ],
      returnType: typeReference("Paginator", [{ type: m.pagination!.itemType }, { type: m.resultType }]),
    })),
  });
}

function clientInterface(doc: DocumentModel, paged: boolean): Doc {
  const n = doc.names;
  const [first, second] = doc.methods.filter((m) => !m.subscription);
  const sample = (m: MethodModel | undefined): string => `c${propertyAccess(m?.clientName ?? "method")}(…)`;
  return interfaceDeclaration({
    name: identifier(doc.clientType),
    extends: [n.callsType, ...(doc.methods.some((m) => m.subscription) ? [n.subscriptionsType] : [])],
    docs: `${commentText(firstSentence(doc.description) || doc.title)}\n\nCreated by {@link ${doc.factory}}; every method validates its params before sending.`,
    ...(paged
      ? {
          properties: [
            { name: "paginate", type: n.paginatorsType, readonly: true, docs: "Iterators over the paginated methods." },
          ],
        }
      : {}),
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
        returnType: typeReference("Promise", [{ type: `${n.methodsType}[M]["result"]` }]),
      },
      {
        name: "batch",
        docs: `Sends the calls \`build\` makes as one JSON-RPC batch (one HTTP request); each call settles on its own.\n@example\n\`\`\`ts\nconst [a, b] = await ${n.clientVar}.batch((c) => [${sample(first)}, ${sample(second ?? first)}] as const);\nif (a.status === "fulfilled") console.log(a.value);\n\`\`\``,
        typeParameters: [{ name: "T", constraint: "readonly Promise<unknown>[]" }],
        params: [{ name: "build", type: functionType([{ name: "client", type: n.callsType }], "T") }],
        returnType: "Promise<{ -readonly [K in keyof T]: PromiseSettledResult<Awaited<T[K]>> }>",
      },
      {
        name: "close",
        docs: "Releases the client's resources (the WebSocket, if any); pending calls are rejected.",
        params: [],
        returnType: "void",
      },
    ],
  });
}

/** The members of the object the factory returns. */
function factoryMembers(doc: DocumentModel, paged: MethodModel[], subscribing: boolean): Property[] {
  const fixed = (key: string, text: string): Property => ({ key, value: raw(text, "arrow") });
  const paginate = (m: MethodModel): Property => ({
    key: objectKey(m.clientName),
    value: arrowExpr(
      ["params", "paginateOptions"],
      callExpr("rpc.paginate", [
        stringExpr(m.rpcName),
        raw("params", "identifier"),
        raw("paginateOptions", "identifier"),
      ]),
    ),
  });
  return [
    { key: "...", value: raw("calls(rpc.call)", "call") },
    ...(subscribing ? [{ key: "...", value: raw("subscriptions(rpc.subscribe)", "call") }] : []),
    fixed("request", "(method, params, callOptions) => rpc.call(method, params, callOptions) as never"),
    fixed("batch", "(build) => rpc.batch((call) => build(calls(call))) as never"),
    ...(paged.length > 0 ? [{ key: "paginate", value: objectExpr(paged.map(paginate), true) }] : []),
    fixed("close", "() => rpc.close()"),
  ];
}

function requestParamsType(m: MethodModel): Doc {
  if (m.signature === "object") return m.paramsType;
  return tupleType(
    m.params.map((p) => `${parameterIdentifier(p.argName)}${p.argOptional ? "?" : ""}: ${paramType(m, p)}`),
  );
}

/** A param's type; one that may be skipped before a required param also takes `undefined` (sent as `null`). */
function paramType(m: MethodModel, p: ParamModel): string {
  const type = p.refName ?? `${m.paramsType}[${stringLiteral(p.name)}]`;
  return p.required || p.argOptional || !p.refName ? type : `${type} | undefined`;
}

/**
 * One signature per result variant (most specific first), then the general one. The overload set
 * has one doc comment, on its first signature (./method-docs.ts): TypeScript shows it for the others.
 */
function signatures(m: MethodModel, clientVar: string): MethodSig[] {
  const general = m.result ? m.resultType : "void";
  const all = [
    ...m.variants.map((v) => ({ variant: v, returns: v.typeName })),
    { variant: undefined, returns: general },
  ];
  return all.map(({ variant, returns }, i) => ({
    name: typeMemberKey(m.clientName, "method"),
    ...(i === 0 ? { docs: methodDoc(m, clientVar) } : {}),
    params: [...params(m, variant), { name: m.optionsArg, type: "CallOptions", optional: true }],
    returnType: `Promise<${returns}>`,
  }));
}

export function params(m: MethodModel, variant: ResultVariant | undefined): Param[] {
  if (m.signature === "object") {
    if (m.params.length === 0) return [{ name: "params", type: m.paramsType, optional: true }];
    const narrowed = variant ? group([m.paramsType, " & ", narrowing(variant, true)]) : m.paramsType;
    return [
      {
        name: "params",
        type: narrowed,
        optional: !m.params.some((p) => p.required) && !(variant && !variant.when.absent),
      },
    ];
  }
  return m.params.map((p) => {
    const name = parameterIdentifier(p.argName);
    const base = paramType(m, p);
    if (!variant || variant.when.param !== p.name) return { name, type: base, optional: p.argOptional };
    const w = variant.when;
    if (w.property === undefined) return { name, type: literalUnion(w), optional: p.argOptional && w.absent === true };
    return {
      name,
      type: group([base, " & ", narrowing(variant, false)]),
      optional: p.argOptional && w.absent === true,
    };
  });
}

/** The object type that pins the variant's property: `{ tracer: "callTracer" }`. */
function narrowing(v: ResultVariant, wholeParams: boolean): Doc {
  const w = v.when;
  const inner = (key: string): Doc =>
    typeLiteral([
      w.absent
        ? { key: typeMemberKey(key), optional: true, type: '"" | null' }
        : { key: typeMemberKey(key), type: literalUnion(w) },
    ]);
  if (w.property === undefined) return inner(w.param);
  return wholeParams
    ? typeLiteral([{ key: typeMemberKey(w.param), optional: w.absent === true, type: inner(w.property) }])
    : inner(w.property);
}

/** The values of a variant condition as a union of literal types (validate allows only JSON primitives here). */
function literalUnion(w: ResultVariant["when"]): string {
  if (w.absent) return "undefined";
  const values = w.in ?? [w.equals];
  return values
    .map((v) =>
      typeof v === "string"
        ? stringLiteral(v)
        : typeof v === "number" || typeof v === "boolean" || v === null
          ? String(v)
          : "never",
    )
    .join(" | ");
}

function implementation(m: MethodModel): Expr {
  const name = stringExpr(m.rpcName);
  const callOptions = raw("callOptions", "identifier");
  const returns = (args: Expr[]): Expr => asExpr(callExpr("call", [name, ...args, callOptions]), "Promise<never>");
  if (m.signature === "object")
    return arrowExpr([`params?: ${m.paramsType}`, "callOptions?: CallOptions"], returns([raw("params", "identifier")]));
  const params = m.params.map(
    (p) => `${parameterIdentifier(p.argName)}${p.argOptional ? "?" : ""}: ${paramType(m, p)}`,
  );
  return arrowExpr(
    [...params, "callOptions?: CallOptions"],
    returns([arrayExpr(m.params.map((p) => raw(p.argName, "identifier")))]),
  );
}

function factoryExample(doc: DocumentModel): string {
  const keyed = doc.servers.find((s) => s.kind === "keyed");
  const url = keyed
    ? Object.values(keyed.variables).find((v) => /^[a-z]+:\/\//.test(v.default))?.default
    : doc.servers[0]?.url;
  const target = stringLiteral(url ?? "https://host/path");
  const options = keyed ? `{ url: ${target}, apiKey: process.env.API_KEY }` : `{ url: ${target} }`;
  const first = doc.methods[0];
  const args = first && first.params.some((p) => p.required) ? (first.signature === "object" ? "{ … }" : "…") : "";
  const call = first
    ? `\nconst result = await ${doc.names.clientVar}${propertyAccess(first.clientName)}(${args});`
    : "";
  return `const ${doc.names.clientVar} = ${doc.factory}(${options});${call}`;
}
