/**
 * Emits `client.ts` of one document with ts-morph: the client interface (one documented member
 * per method, overloads for `x-result-variants`), the method map for `request`, and the factory.
 */
import { Project, StructureKind, VariableDeclarationKind, type MethodSignatureStructure, type OptionalKind, type ParameterDeclarationStructure } from "ts-morph";
import type { DocumentModel, MethodModel, ParamModel, ResultVariant } from "../model.js";
import { methodDoc } from "./docs.js";
import { docText, firstSentence } from "./schema-walk.js";

export function emitClient(doc: DocumentModel, header: string): string {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile("client.ts", "", { overwrite: true });
  const typeNames = new Set<string>();
  for (const m of doc.methods) {
    typeNames.add(m.paramsType);
    if (m.result) typeNames.add(m.resultType);
    for (const v of m.variants) typeNames.add(v.typeName);
    for (const p of m.params) if (p.refName) typeNames.add(p.refName);
  }
  const clientVar = doc.subpath.replace(/[^A-Za-z0-9]/g, "") || "client";
  const base = doc.clientType.replace(/Client$/, "");
  const methodsType = `${base}Methods`;
  const callsType = `${base}Calls`;
  const paginatorsType = `${base}Paginators`;
  const optionsType = `${doc.clientType}Options`;
  const paged = doc.methods.filter((m) => m.pagination);
  for (const m of paged) if (/^[A-Za-z_$][\w$]*$/.test(m.pagination!.itemType)) typeNames.add(m.pagination!.itemType);

  const runtimeImports = ["createRpcClient", "type CallFn", "type CallOptions", "type ClientOptions", ...(paged.length ? ["type PaginateOptions", "type Paginator"] : [])];
  file.addImportDeclaration({ moduleSpecifier: "../runtime/index.js", namedImports: runtimeImports });
  file.addImportDeclaration({ moduleSpecifier: "./api.js", namedImports: ["api"] });
  if (typeNames.size > 0) file.addImportDeclaration({ moduleSpecifier: "./types.js", isTypeOnly: true, namedImports: [...typeNames].sort() });

  file.addTypeAlias({
    isExported: true,
    name: optionsType,
    type: "ClientOptions",
    docs: [`Options of {@link ${doc.factory}}: \`url\` (+ \`apiKey\`)${doc.servers.some((s) => s.kind === "proxy") ? " or `proxyUrl`" : ""}, \`timeout\`, \`fetch\`, \`headers\`, …`],
  });

  const errors = new Map<string, number>();
  for (const m of doc.methods) for (const e of m.errors) if (!errors.has(e.name)) errors.set(e.name, e.code);
  if (errors.size > 0) {
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["The JSON-RPC error codes the spec lists, by name. Match a thrown error with `isJsonRpcError(error, Errors.X)`."],
      declarations: [{ name: `${base}Errors`, initializer: `{ ${[...errors].map(([n, c]) => `${n}: ${c}`).join(", ")} } as const` }],
    });
  }
  for (const m of doc.methods.filter((x) => x.errors.length > 0)) {
    file.addTypeAlias({
      isExported: true,
      name: `${m.typeBase}ErrorCode`,
      type: [...new Set(m.errors.map((e) => e.code))].join(" | "),
      docs: [`Error codes the spec lists for \`${m.rpcName}\`: ${m.errors.map((e) => `${e.code} (${docText(e.message)})`).join(", ")}.`],
    });
  }

  file.addInterface({
    isExported: true,
    name: methodsType,
    docs: [`Every method of the ${docText(doc.title)} by its JSON-RPC name, with its params and result types (used by \`request\`).`],
    properties: doc.methods.map((m) => ({
      name: JSON.stringify(m.rpcName),
      type: `{ params: ${requestParamsType(m)}; result: ${m.result ? m.resultType : "void"}; errorCode: ${m.errors.length > 0 ? `${m.typeBase}ErrorCode` : "never"} }`,
    })),
  });

  file.addInterface({
    isExported: true,
    name: callsType,
    docs: [`The methods of the ${docText(doc.title)}, one per JSON-RPC method.`],
    methods: doc.methods.flatMap((m) => signatures(m, clientVar)),
  });

  if (paged.length > 0) {
    file.addInterface({
      isExported: true,
      name: paginatorsType,
      docs: ["Item iterators of the paginated methods (their result carries `nextPageToken`). `.pages()` iterates whole pages."],
      methods: paged.map((m) => ({
        name: m.clientName,
        docs: [`Iterates the \`${m.pagination!.itemsField}\` of every page of \`${m.rpcName}\`, following \`${m.pagination!.nextField}\`. Pass \`${m.pagination!.tokenParam}\` to resume; \`maxItems\` to stop early; \`signal\` to abort.\n@example\n\`\`\`ts\nfor await (const item of ${clientVar}.paginate.${m.clientName}(${m.params.some((p) => p.required) ? "{ … }" : "{}"}, { maxItems: 10_000 })) console.log(item);\n\`\`\``],
        parameters: [
          { name: "params", type: m.paramsType, hasQuestionToken: !m.params.some((p) => p.required) },
          { name: "options", type: "PaginateOptions", hasQuestionToken: true },
        ],
        returnType: `Paginator<${m.pagination!.itemType}, ${m.resultType}>`,
      })),
    });
  }

  file.addInterface({
    isExported: true,
    name: doc.clientType,
    extends: [callsType],
    docs: [`${docText(firstSentence(doc.description) || doc.title)}\n\nCreated by {@link ${doc.factory}}; every method validates its params before sending.`],
    ...(paged.length > 0 ? { properties: [{ name: "paginate", type: paginatorsType, isReadonly: true, docs: ["Iterators over the paginated methods."] }] } : {}),
    methods: [
      {
        name: "request",
        docs: ["Calls any method by its JSON-RPC name, with params as the endpoint form takes them."],
        typeParameters: [{ name: "M", constraint: `keyof ${methodsType}` }],
        parameters: [
          { name: "method", type: "M" },
          { name: "params", type: `${methodsType}[M]["params"]` },
          { name: "options", type: "CallOptions", hasQuestionToken: true },
        ],
        returnType: `Promise<${methodsType}[M]["result"]>`,
      },
      {
        name: "batch",
        docs: [`Sends the calls \`build\` makes as one JSON-RPC batch (one HTTP request); each call settles on its own.\n@example\n\`\`\`ts\nconst [a, b] = await ${clientVar}.batch((c) => [c.${doc.methods[0]?.clientName ?? "method"}(…), c.${doc.methods[1]?.clientName ?? doc.methods[0]?.clientName ?? "method"}(…)] as const);\nif (a.status === "fulfilled") console.log(a.value);\n\`\`\``],
        typeParameters: [{ name: "T", constraint: "readonly Promise<unknown>[]" }],
        parameters: [{ name: "build", type: `(client: ${callsType}) => T` }],
        returnType: "Promise<{ -readonly [K in keyof T]: PromiseSettledResult<Awaited<T[K]>> }>",
      },
      { name: "close", docs: ["Releases the client's resources (the WebSocket, if any); pending calls are rejected."], returnType: "void" },
    ],
  });

  file.addFunction({
    name: "calls",
    docs: ["The methods, each forwarding to `call` with its JSON-RPC name."],
    parameters: [{ name: "call", type: "CallFn" }],
    returnType: callsType,
    statements: (w) => {
      w.writeLine("return {");
      for (const m of doc.methods) w.writeLine(`${m.clientName}: ${implementation(m)},`);
      w.writeLine("};");
    },
  });

  file.addFunction({
    isExported: true,
    name: doc.factory,
    docs: [`Creates a client for the ${docText(doc.title)}.\n\n@example\n\`\`\`ts\n${factoryExample(doc, clientVar)}\n\`\`\``],
    parameters: [{ name: "options", type: optionsType }],
    returnType: doc.clientType,
    statements: (w) => {
      w.writeLine("const rpc = createRpcClient(api, options);");
      w.writeLine("return {");
      w.writeLine("...calls(rpc.call),");
      w.writeLine("request: (method, params, callOptions) => rpc.call(method, params, callOptions) as never,");
      w.writeLine("batch: (build) => rpc.batch((call) => build(calls(call))) as never,");
      if (paged.length > 0) {
        w.writeLine("paginate: {");
        for (const m of paged) w.writeLine(`${m.clientName}: (params, paginateOptions) => rpc.paginate(${JSON.stringify(m.rpcName)}, params, paginateOptions),`);
        w.writeLine("},");
      }
      w.writeLine("close: () => rpc.close(),");
      w.writeLine("};");
    },
  });

  return `${header}${file.getFullText()}`;
}

function requestParamsType(m: MethodModel): string {
  if (m.signature === "object") return m.paramsType;
  return `[${m.params.map((p) => `${p.argName}${p.required ? "" : "?"}: ${paramType(m, p)}`).join(", ")}]`;
}

function paramType(m: MethodModel, p: ParamModel): string {
  return p.refName ?? `${m.paramsType}[${JSON.stringify(p.name)}]`;
}

const callOptions: OptionalKind<ParameterDeclarationStructure> = { name: "options", type: "CallOptions", hasQuestionToken: true };

/** One signature per result variant (most specific first), then the general one. */
function signatures(m: MethodModel, clientVar: string): OptionalKind<MethodSignatureStructure>[] {
  const docs = [methodDoc(m, clientVar)];
  const general = m.result ? m.resultType : "void";
  const all = [...m.variants.map((v) => ({ variant: v, returns: v.typeName })), { variant: undefined, returns: general }];
  return all.map(({ variant, returns }) => ({
    kind: StructureKind.MethodSignature,
    name: m.clientName,
    docs,
    parameters: [...params(m, variant), callOptions],
    returnType: `Promise<${returns}>`,
  }));
}

function params(m: MethodModel, variant: ResultVariant | undefined): OptionalKind<ParameterDeclarationStructure>[] {
  if (m.signature === "object") {
    if (m.params.length === 0) return [{ name: "params", type: m.paramsType, hasQuestionToken: true }];
    const narrowed = variant ? `${m.paramsType} & ${narrowing(variant, true)}` : m.paramsType;
    return [{ name: "params", type: narrowed, hasQuestionToken: !m.params.some((p) => p.required) && !(variant && !variant.when.absent) }];
  }
  return m.params.map((p) => {
    const base = paramType(m, p);
    if (!variant || variant.when.param !== p.name) return { name: p.argName, type: base, hasQuestionToken: !p.required };
    const w = variant.when;
    if (w.property === undefined) return { name: p.argName, type: literalUnion(w), hasQuestionToken: !p.required && w.absent === true };
    return { name: p.argName, type: `${base} & ${narrowing(variant, false)}`, hasQuestionToken: !p.required && w.absent === true };
  });
}

/** The object type that pins the variant's property: `{ tracer: "callTracer" }`. */
function narrowing(v: ResultVariant, wholeParams: boolean): string {
  const w = v.when;
  const inner = (key: string): string => (w.absent ? `{ ${JSON.stringify(key)}?: "" | null }` : `{ ${JSON.stringify(key)}: ${literalUnion(w)} }`);
  if (w.property === undefined) return inner(w.param);
  return wholeParams ? `{ ${JSON.stringify(w.param)}${w.absent ? "?" : ""}: ${inner(w.property)} }` : inner(w.property);
}

function literalUnion(w: ResultVariant["when"]): string {
  if (w.absent) return "undefined";
  const values = w.in ?? [w.equals];
  return values.map((v) => JSON.stringify(v)).join(" | ");
}

function implementation(m: MethodModel): string {
  const returns = "as Promise<never>";
  if (m.signature === "object") {
    return `(params?: ${m.paramsType}, callOptions?: CallOptions) => call(${JSON.stringify(m.rpcName)}, params, callOptions) ${returns}`;
  }
  const args = m.params.map((p) => `${p.argName}${p.required ? "" : "?"}: ${paramType(m, p)}`);
  return `(${[...args, "callOptions?: CallOptions"].join(", ")}) => call(${JSON.stringify(m.rpcName)}, [${m.params.map((p) => p.argName).join(", ")}], callOptions) ${returns}`;
}

function factoryExample(doc: DocumentModel, clientVar: string): string {
  const keyed = doc.servers.find((s) => s.kind === "keyed");
  const url = keyed ? Object.values(keyed.variables).find((v) => /^[a-z]+:\/\//.test(v.default))?.default : doc.servers[0]?.url;
  const options = keyed ? `{ url: ${JSON.stringify(url ?? "https://host/path")}, apiKey: process.env.API_KEY }` : `{ url: ${JSON.stringify(url ?? "https://host/path")} }`;
  const first = doc.methods[0];
  const call = first ? `\nconst result = await ${clientVar}.${first.clientName}(${first.signature === "object" && first.params.some((p) => p.required) ? "{ … }" : ""});` : "";
  return `const ${clientVar} = ${doc.factory}(${options});${call}`;
}
