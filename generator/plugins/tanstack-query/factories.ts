/**
 * `src/<subpath>/query.ts`: TanStack Query option factories for one document's client, typed by
 * its `…Methods` map (./kinds.ts decides which factories a method gets). Each factory is a named
 * function over the runtime's generic ones (runtime/query-options.ts), bound once to the client's
 * method table. The module imports `@tanstack/query-core` for types only (through the runtime), so
 * it runs without it. Printed by prettier's printer (generator/print/): already in prettier's form.
 */
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { commentText, isPrototypeName, stringLiteral } from "../../print/escape.js";
import { header } from "../../print/generated-header.js";
import { callExpr, constStatement, raw, stringExpr } from "../../print/js-code.js";
import { group, hardline, indent, type Doc } from "../../print/layout.js";
import {
  commentLines,
  docComment,
  importDeclaration,
  paramsDoc,
  statements,
  typeReference,
  type Param,
} from "../../print/ts-code.js";
import { GeneratorError } from "../../problems.js";
import { factoryKind, pagesByToken } from "./kinds.js";

type Kind = "query" | "infiniteQuery" | "mutation";

/** What each kind of factory is called, returns and calls (runtime/query-options.ts). */
const KINDS: Record<Kind, { suffix: string; options: string; factory: string; runtime: string; what: string }> = {
  query: {
    suffix: "QueryOptions",
    options: "QueryOptions",
    factory: "QueryFactory",
    runtime: "queryOptions",
    what: "Query options (key and fetcher)",
  },
  infiniteQuery: {
    suffix: "InfiniteQueryOptions",
    options: "InfiniteQueryOptions",
    factory: "InfiniteQueryFactory",
    runtime: "infiniteQueryOptions",
    what: "Infinite query options (pages followed by `nextPageToken`, sent back as `pageToken`)",
  },
  mutation: {
    suffix: "MutationOptions",
    options: "MutationOptions",
    factory: "MutationFactory",
    runtime: "mutationOptions",
    what: "Mutation options (key and function; the variables are the params)",
  },
};

/** The module's text. Two factories with one name (methods `a` and `aInfinite`, both paginated) are one clear error. */
export function emitQueryModule(doc: DocumentModel, packageName: string): string {
  const scope = `${doc.names.clientVar}QueryScope`;
  const methods = doc.names.methodsType;
  const declared = new Map<string, MethodModel>();
  const factories: { m: MethodModel; kind: Kind; name: string }[] = [];
  const add = (m: MethodModel, kind: Kind): void => {
    const name = `${m.clientName}${KINDS[kind].suffix}`;
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
    factories.push({ m, kind, name });
  };
  for (const m of doc.methods) {
    const kind = factoryKind(m, doc);
    if (kind === "query") {
      add(m, "query");
      if (pagesByToken(m)) add(m, "infiniteQuery");
    } else if (kind === "mutation") add(m, "mutation");
  }
  const used = (Object.keys(KINDS) as Kind[]).filter((k) => factories.some((f) => f.kind === k));
  const moduleDoc = [
    `TanStack Query option factories for the ${commentText(doc.title)} client: pass what they return to`,
    "`useQuery`, `useInfiniteQuery`, `useMutation` (any framework adapter) or to `queryClient.fetchQuery`.",
    "Reads (`x-idempotent` methods) get `…QueryOptions`, paginated reads also `…InfiniteQueryOptions`,",
    "every other method `…MutationOptions`. Needs `@tanstack/query-core` 5 (an optional peer dependency).",
    "@example",
    example(factories, doc.names.clientVar),
    "@module",
  ].join("\n");
  const from = '"../runtime/query-options.js"';
  const imports: Doc[] = [
    commentLines(moduleDoc),
    hardline,
    used.length > 0
      ? [
          importDeclaration(used.flatMap((k) => [KINDS[k].factory, KINDS[k].options]).sort(), from, true),
          hardline,
          importDeclaration(used.map((k) => KINDS[k].runtime).sort(), from),
          hardline,
        ]
      : "",
    importDeclaration([doc.clientType, methods], '"./client.js"', true),
  ];
  const bound = used.map((k) =>
    constStatement(`const ${k}: ${KINDS[k].factory}<${methods}>`, raw(KINDS[k].runtime, "identifier")),
  );
  const text = statements([
    imports,
    [
      docComment(
        `The first element of every key made here: \`queryClient.invalidateQueries({ queryKey: [${scope}] })\` matches them all.`,
      ),
      constStatement(`export const ${scope}`, stringExpr(`${packageName}/${doc.subpath}`)),
    ],
    bound.length > 0 ? bound.flatMap((b, i) => (i === 0 ? [b] : [hardline, b])) : "",
    ...factories.map((f) => factory(f.m, f.kind, f.name, { scope, methods, client: doc.clientType })),
  ]);
  return `${header(doc.source, "TanStack Query option factories")}\n${text}`;
}

/** The module's example: a query when there is one, else a mutation, else none. */
function example(factories: { kind: Kind; name: string }[], clientVar: string): string {
  const query = factories.find((f) => f.kind === "query");
  if (query) return `const { data } = useQuery(${query.name}(${clientVar}, …));`;
  const mutation = factories.find((f) => f.kind === "mutation");
  return mutation
    ? `const { mutate } = useMutation(${mutation.name}(${clientVar}));`
    : "(This client has no method a factory is made for.)";
}

function factory(
  m: MethodModel,
  kind: Kind,
  name: string,
  names: { scope: string; methods: string; client: string },
): Doc {
  const rpc = stringLiteral(m.rpcName);
  const paramsType = `${names.methods}[${rpc}]["params"]`;
  const optional = m.params.every((p) => !p.required || (kind === "infiniteQuery" && p.name === "pageToken"));
  // `{}` asserted: a params type with a property named like an Object.prototype member (`toString?: T`) is not
  // assignable from a bare `{}`, which TypeScript sees with those members.
  const empty = m.params.some((p) => isPrototypeName(p.name)) ? `{} as ${paramsType}` : "{}";
  const fallback = optional ? ` = ${m.signature === "object" ? empty : "[]"}` : "";
  const docs = [
    `${KINDS[kind].what} for \`${commentText(m.rpcName)}\`${m.summary ? `: ${commentText(m.summary)}` : "."}`,
  ];
  if (m.deprecated) docs.push("@deprecated The spec marks this method deprecated.");
  const args = [raw("client", "identifier"), raw(names.scope, "identifier"), stringExpr(m.rpcName)];
  const params: Param[] = [
    { name: "client", type: names.client },
    ...(kind === "mutation"
      ? []
      : [
          {
            name: "params",
            type: `${kind === "infiniteQuery" ? `Omit<${paramsType}, "pageToken">` : paramsType}${fallback}`,
          },
        ]),
  ];
  // The return type's arguments break one per line when even the broken signature is too long (long names).
  const returnType = typeReference(KINDS[kind].options, [{ type: names.methods }, { type: rpc }]);
  const call = callExpr(kind, kind === "mutation" ? args : [...args, raw("params", "identifier")]);
  return [
    docComment(docs.join("\n")),
    group([`export function ${name}`, paramsDoc(params), group([": ", returnType])]),
    " {",
    indent([hardline, "return ", call.doc, ";"]),
    hardline,
    "}",
  ];
}
