/**
 * `src/<subpath>/query.ts`: TanStack Query option factories for one document's client, typed by
 * its `…Methods` map (./kinds.ts decides which factories a method gets). The module imports
 * `@tanstack/query-core` for types only, so it runs without it; its one value import is the
 * runtime's key builder (runtime/query-key.ts). Written as text; the format stage prints it in
 * prettier's layout.
 */
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { commentText, objectKey, propertyAccess, stringLiteral } from "../../print/escape.js";
import { header } from "../../print/generated-header.js";
import { jsDocLines } from "../../print/ts-code.js";
import { GeneratorError } from "../../problems.js";
import { factoryKind, pagesByToken } from "./kinds.js";

/** The module's text. Two factories with one name (methods `a` and `aInfinite`, both paginated) are one clear error. */
export function emitQueryModule(doc: DocumentModel, packageName: string): string {
  const scope = `${doc.names.clientVar}QueryScope`;
  const methods = doc.names.methodsType;
  const declared = new Map<string, MethodModel>();
  const claim = (name: string, m: MethodModel): string => {
    const other = declared.get(name);
    if (other)
      throw new GeneratorError(
        [
          {
            file: doc.source,
            pointer: m.pointer,
            message: `The TanStack Query factory ${name} of ${m.rpcName} has the name of one made for ${other.rpcName}.`,
            hint: "Rename one of the two methods, or leave the tanstack-query plugin out.",
          },
        ],
        "plugins",
      );
    declared.set(name, m);
    return name;
  };
  const parts: string[] = [];
  for (const m of doc.methods) {
    const kind = factoryKind(m, doc);
    const rpc = stringLiteral(m.rpcName);
    const types = { params: `Params<${rpc}>`, result: `Result<${rpc}>`, token: `PageToken<${rpc}>` };
    if (kind === "query") {
      parts.push(queryFactory(m, claim(`${m.clientName}QueryOptions`, m), scope, types, doc.clientType));
      if (pagesByToken(m))
        parts.push(infiniteFactory(m, claim(`${m.clientName}InfiniteQueryOptions`, m), scope, types, doc.clientType));
    } else if (kind === "mutation")
      parts.push(mutationFactory(m, claim(`${m.clientName}MutationOptions`, m), scope, types, doc.clientType));
  }
  const usesInfinite = doc.methods.some((m) => factoryKind(m, doc) === "query" && pagesByToken(m));
  return [
    header(doc.source, "TanStack Query option factories"),
    ...jsDocLines(
      [
        `TanStack Query option factories for the ${commentText(doc.title)} client: pass what they return to`,
        "`useQuery`, `useInfiniteQuery`, `useMutation` (any framework adapter) or to `queryClient.fetchQuery`.",
        "Reads (`x-idempotent` methods) get `…QueryOptions`, paginated reads also `…InfiniteQueryOptions`,",
        "every other method `…MutationOptions`. Needs `@tanstack/query-core` 5 (an optional peer dependency).",
        "@example",
        `const { data } = useQuery(${firstFactory(declared) ?? "…QueryOptions"}(${doc.names.clientVar}, …));`,
        "@module",
      ].join("\n"),
    ),
    `import type { DataTag${usesInfinite ? ", InfiniteData" : ""} } from "@tanstack/query-core";`,
    `import { queryKey } from "../runtime/query-key.js";`,
    `import type { ${doc.clientType}, ${methods} } from "./client.js";`,
    "",
    "/** The params of a method, as `request` takes them. */",
    `type Params<M extends keyof ${methods}> = ${methods}[M]["params"];`,
    `type Result<M extends keyof ${methods}> = ${methods}[M]["result"];`,
    ...(usesInfinite
      ? [
          "/** The page token of a paginated method, or `undefined` for its first page. */",
          `type PageToken<M extends keyof ${methods}> = Params<M> extends { ${objectKey(tokenParamOf(doc))}?: infer T } ? NonNullable<T> | undefined : never;`,
        ]
      : []),
    "",
    ...jsDocLines(
      `The first element of every key made here: \`queryClient.invalidateQueries({ queryKey: [${scope}] })\` matches them all.`,
    ),
    `export const ${scope} = ${stringLiteral(`${packageName}/${doc.subpath}`)};`,
    "",
    parts.join("\n"),
  ].join("\n");
}

function firstFactory(declared: Map<string, MethodModel>): string | undefined {
  return [...declared.keys()].find((n) => n.endsWith("QueryOptions") && !n.endsWith("InfiniteQueryOptions"));
}

interface Types {
  params: string;
  result: string;
  token: string;
}

/** The token param of the document's paginated methods (normalize names it `pageToken`, generator/normalize/pagination.ts). */
function tokenParamOf(doc: DocumentModel): string {
  return doc.methods.find((m) => m.pagination)?.pagination?.tokenParam ?? "pageToken";
}

/** The method's summary, and where it goes, as a doc comment. */
function docLines(m: MethodModel, what: string): string[] {
  const lines = [`${what} for \`${commentText(m.rpcName)}\`${m.summary ? `: ${commentText(m.summary)}` : "."}`];
  if (m.deprecated) lines.push("@deprecated The spec marks this method deprecated.");
  return jsDocLines(lines.join("\n"));
}

/** `params` with a default of `{}`/`[]` when every param is optional. */
function paramsDecl(m: MethodModel, type: string, omitted?: string): string {
  const optional = m.params.every((p) => !p.required || p.name === omitted);
  return `params: ${type}${optional ? ` = ${m.signature === "object" ? "{}" : "[]"}` : ""}`;
}

function queryFactory(m: MethodModel, name: string, scope: string, t: Types, client: string): string {
  const rpc = stringLiteral(m.rpcName);
  return [
    ...docLines(m, "Query options (key and fetcher)"),
    `export function ${name}(client: ${client}, ${paramsDecl(m, t.params)}) {`,
    "  return {",
    `    queryKey: queryKey(${scope}, ${rpc}, params) as DataTag<readonly unknown[], ${t.result}>,`,
    `    queryFn: ({ signal }: { signal: AbortSignal }) => client.request(${rpc}, params, { signal }),`,
    "  };",
    "}",
    "",
  ].join("\n");
}

function infiniteFactory(m: MethodModel, name: string, scope: string, t: Types, client: string): string {
  const rpc = stringLiteral(m.rpcName);
  const page = m.pagination!;
  const tokenKey = stringLiteral(page.tokenParam);
  const token = t.token;
  return [
    ...docLines(
      m,
      `Infinite query options (pages followed by \`${commentText(page.nextField)}\`, sent back as \`${commentText(page.tokenParam)}\`)`,
    ),
    `export function ${name}(client: ${client}, ${paramsDecl(m, `Omit<${t.params}, ${tokenKey}>`, page.tokenParam)}) {`,
    "  return {",
    `    queryKey: queryKey(${scope}, ${rpc}, params, "infinite") as DataTag<readonly unknown[], InfiniteData<${t.result}, ${token}>>,`,
    `    queryFn: ({ pageParam, signal }: { pageParam: ${token}; signal: AbortSignal }) =>`,
    `      client.request(${rpc}, pageParam === undefined ? params : { ...params, ${objectKey(page.tokenParam)}: pageParam }, { signal }),`,
    `    initialPageParam: undefined as ${token},`,
    `    getNextPageParam: (page: ${t.result}): ${token} => page${propertyAccess(page.nextField)} || undefined,`,
    "  };",
    "}",
    "",
  ].join("\n");
}

function mutationFactory(m: MethodModel, name: string, scope: string, t: Types, client: string): string {
  const rpc = stringLiteral(m.rpcName);
  return [
    ...docLines(m, "Mutation options (key and function; the variables are the params)"),
    `export function ${name}(client: ${client}) {`,
    "  return {",
    `    mutationKey: queryKey(${scope}, ${rpc}),`,
    `    mutationFn: (params: ${t.params}) => client.request(${rpc}, params),`,
    "  };",
    "}",
    "",
  ].join("\n");
}
