/**
 * Emits `methods.ts` of one document: the tree-shakable form of the client. A small core
 * (`createAdvancedCore(options)`: the transport, retries, hooks, nothing per method) and one exported
 * function per method, `getLogs(core, params, options?)`, that carries only its own method spec and
 * request validator, so that a bundler keeps only the methods an app calls. Calls go through the same
 * runtime as the client object (`RpcClient.invoke`): the same checks, retries, errors and classes.
 */
import { commentText, identifier, parameterIdentifier, stringLiteral } from "../../print/escape.js";
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { definitionsOf } from "../../model/definitions.js";
import { hardline, type Doc } from "../../print/layout.js";
import {
  arrayExpr,
  asExpr,
  callExpr,
  constStatement,
  objectExpr,
  raw,
  stringExpr,
  type Expr,
} from "../../print/js-code.js";
import {
  functionDeclaration,
  importDeclaration,
  interfaceDeclaration,
  methodSignature,
  statements,
  type Param,
} from "../../print/ts-code.js";
import { firstSentence } from "../../print/first-sentence.js";
import { endpoints, exactImport, methodEntry } from "./api.js";
import { params } from "./client.js";

/** The methods a function is made for: every one but those that open a subscription (the client's `subscribe`). */
export const functionMethods = (doc: DocumentModel): MethodModel[] => doc.methods.filter((m) => !m.subscription);

/** The validator constant of a method's params (generator/plugins/validators). */
const validatorId = (m: MethodModel): string => `${identifier(m.paramsType)}$`;
/** The method spec constant (params order, idempotency, limits, u64 fields) of a method. */
const specId = (m: MethodModel): string => `${identifier(m.paramsType)}$method`;

export function emitMethods(doc: DocumentModel, header: string): string {
  const n = doc.names;
  const methods = functionMethods(doc);
  const definitions = definitionsOf(doc.schemas, true);
  const types = new Set<string>();
  for (const m of methods) {
    types.add(m.paramsType);
    if (m.result) types.add(m.resultType);
    for (const v of m.variants) types.add(v.typeName);
    for (const p of m.params) if (p.refName && m.signature === "positional") types.add(p.refName);
  }
  const imports: Doc = [
    importDeclaration(["createRpcClient"], '"../runtime/client.js"'),
    hardline,
    ...exactImport(methods, definitions).map((line) => [line, hardline]),
    importDeclaration(
      ["ApiSpec", "CallOptions", "ClientOptions", "MethodSpec", "RpcClient"],
      '"../runtime/index.js"',
      true,
    ),
    types.size > 0 ? [hardline, importDeclaration([...types].sort().map(identifier), '"./types.js"', true)] : "",
    methods.length > 0 ? [hardline, importDeclaration(methods.map(validatorId).sort(), '"./validators.js"')] : "",
  ];
  const coreInterface = interfaceDeclaration({
    name: identifier(n.coreType),
    extends: ["RpcClient"],
    docs: `The core the functions of this module take: the transport and the call path of the ${commentText(doc.title)}, without any method's validator. Made by {@link ${n.coreFactory}}.`,
    properties: [
      {
        name: "api",
        type: stringLiteral(doc.subpath),
        readonly: true,
        docs: "Which API this core calls (a core of another API is refused by the type checker).",
      },
    ],
  });
  const coreTable = constStatement(
    "const coreSpec: ApiSpec",
    objectExpr(
      [
        ...endpoints(doc),
        {
          key: "resultValidators",
          value: raw(`() => import("./result-validators.js").then((m) => m.resultValidators)`, "arrow"),
        },
        { key: "methods", value: objectExpr([]) },
      ],
      true,
    ),
  );
  const coreFactory = functionDeclaration({
    exported: true,
    name: identifier(n.coreFactory),
    docs: `Creates the core of the ${commentText(doc.title)} for the functions of this module: the same options as {@link ${doc.factory}}. \`close()\` releases it.\n\n@example\n\`\`\`ts\n${commentText(example(doc))}\n\`\`\``,
    params: [{ name: "options", type: "ClientOptions" }],
    returnType: n.coreType,
    body: [
      [
        "return ",
        callExpr("Object.assign", [
          callExpr("createRpcClient", [raw("coreSpec", "identifier"), raw("options", "identifier")]),
          objectExpr([{ key: "api", value: asExpr(stringExpr(doc.subpath), "const") }]),
        ]).doc,
        ";",
      ],
    ],
  });
  const text = statements([
    imports,
    coreInterface,
    coreTable,
    coreFactory,
    ...methods.flatMap((m) => [
      constStatement(`const ${specId(m)}: MethodSpec`, methodEntry(m, definitions)),
      methodFunction(m, n.coreType),
    ]),
  ]);
  return `${header}${text}`;
}

function example(doc: DocumentModel): string {
  const keyed = doc.servers.some((s) => s.kind === "keyed");
  const options = keyed ? `{ url: "https://…", apiKey: process.env.API_KEY }` : `{ url: "https://…" }`;
  const first = functionMethods(doc)[0];
  const args = first && first.params.some((p) => p.required) ? (first.signature === "object" ? ", { … }" : ", …") : "";
  const call = first ? `\nconst result = await ${first.functionName}(core${args});` : "";
  return `const core = ${doc.names.coreFactory}(${options});${call}`;
}

/** A method's function: one overload per result variant and the general one, then the implementation. */
function methodFunction(m: MethodModel, coreType: string): Doc {
  const name = identifier(m.functionName);
  const general = m.result ? m.resultType : "void";
  const core: Param = { name: "core", type: coreType };
  const options: Param = { name: m.optionsArg, type: "CallOptions", optional: true };
  const summary = commentText(firstSentence(m.summary || m.description) || `Calls \`${m.rpcName}\`.`);
  const docs = `${summary}\n\nCalls \`${commentText(m.rpcName)}\` through \`core\`, checking its params first${m.deprecated ? "\n@deprecated" : ""}.`;
  // With variants, every signature is an overload (an implementation's own signature is not callable).
  const signatures = m.variants.length === 0 ? [] : [...m.variants, undefined];
  const overloads = signatures.map((v, i) =>
    methodSignature({
      name: `export function ${name}`,
      ...(i === 0 ? { docs } : {}),
      params: [core, ...params(m, v), options],
      returnType: `Promise<${v ? v.typeName : general}>`,
    }),
  );
  const args: Expr =
    m.signature === "object"
      ? raw("params", "identifier")
      : arrayExpr(m.params.map((p) => raw(parameterIdentifier(p.argName), "identifier")));
  const call = callExpr("core.invoke", [
    stringExpr(m.rpcName),
    raw(specId(m), "identifier"),
    raw(validatorId(m), "identifier"),
    args,
    raw(m.optionsArg, "identifier"),
  ]);
  const body: Doc = ["return ", asExpr(call, "Promise<never>").doc, ";"];
  const implementation = functionDeclaration({
    exported: true,
    name,
    docs: overloads.length > 0 ? "" : docs,
    params: [core, ...params(m, undefined), options],
    returnType: `Promise<${general}>`,
    body: [body],
  });
  return overloads.length > 0 ? [...overloads.flatMap((o) => [o, hardline]), implementation] : implementation;
}
