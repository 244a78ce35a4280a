/**
 * Compiles the schema nodes of a document into calls of the runtime's validator combinators
 * (runtime/validate.ts), with named options: request validators into `validators.ts`, result
 * validators into `result-validators.ts` (loaded only when response validation is on). One
 * exported constant per method and per named schema it needs, each marked pure, so a bundler
 * keeps only the validators an app reaches. No schema compiler ships with the client.
 */
import { identifier, objectKey } from "../../print/escape.js";
import type { DocumentModel } from "../../model/document.js";
import { reachableNames, type SchemaDefinitions, type SchemaNode } from "../../model/schema.js";
import { printDoc } from "../../print/layout.js";
import { arrayExpr, callExpr, constStatement, objectExpr, raw, type Expr } from "../../print/js-code.js";
import { nodeDefinitions } from "../../model/definitions.js";
import { ValidatorCompiler, directRefs, pure } from "./compile.js";

export interface ValidatorsOutput {
  code: string;
  /** `pointer: keyword` of every keyword that is not checked at run time. */
  unchecked: string[];
}

export function emitValidators(doc: DocumentModel, side: "params" | "result", header: string): ValidatorsOutput {
  const definitions = nodeDefinitions(doc.schemas, side === "result");
  const roots = doc.methods.flatMap((m) => {
    if (side === "params") return [{ key: m.rpcName, name: m.paramsType }];
    return m.result ? [{ key: m.rpcName, name: m.resultType }] : [];
  });
  // Subscription items, per subscribe method: the general item type, then one per variant.
  const items =
    side === "result"
      ? doc.methods
          .filter((m) => m.subscription)
          .map((m) => ({
            key: m.rpcName,
            names: [m.subscription!.itemType, ...m.subscription!.variants.map((v) => v.itemType)],
          }))
      : [];
  const rootNames = [...roots.map((r) => r.name), ...items.flatMap((i) => i.names)];
  const needed = reachableNames(
    rootNames.map((name): SchemaNode => ({ kind: "ref", name, pointer: "" })),
    definitions,
  );
  const exported = new Set(rootNames);
  const compiler = new ValidatorCompiler();
  const lines = order([...needed].sort(), definitions, needed).map((name) =>
    printDoc(
      constStatement(
        `${exported.has(name) ? "export " : ""}const ${id(name)}: Validator`,
        compiler.compile(definitions.get(name)!, name),
      ),
    ),
  );
  // A server's values never reach a message: they could echo a secret (runtime/validate-shapes.ts).
  const entry = (name: string): Expr =>
    side === "result" ? pure(callExpr("v.hideValues", [raw(id(name), "identifier")])) : raw(id(name), "identifier");
  const table = (left: string, entries: { key: string; value: Expr }[]): string =>
    printDoc(
      constStatement(
        left,
        objectExpr(
          entries.map((e) => ({ key: objectKey(e.key), value: e.value })),
          true,
        ),
      ),
    );
  const itemTable =
    items.length === 0
      ? []
      : [
          "",
          "/** Validators of the items of each subscription: the general item, then one per variant, in spec order. */",
          table(
            "export const itemValidators: Readonly<Record<string, readonly Validator[]>>",
            items.map((i) => ({ key: i.key, value: arrayExpr(i.names.map(entry)) })),
          ),
        ];
  const exportName = side === "params" ? "validators" : "resultValidators";
  const what =
    side === "params"
      ? "params (as an object keyed by param name)"
      : "results (with the spec's x-response-deviations applied; issues do not quote the server's values)";
  const code = [
    header,
    // The combinators module directly (not a namespace re-export), so bundlers drop unused ones.
    `import * as v from "../runtime/validate.js";`,
    `import type { Validator } from "../runtime/validate.js";`,
    "",
    ...lines,
    "",
    `/** Validators of the ${what}, by method name. */`,
    table(
      `export const ${exportName}: Readonly<Record<string, Validator>>`,
      roots.map((r) => ({ key: r.key, value: entry(r.name) })),
    ),
    ...itemTable,
    "",
  ].join("\n");
  return { code, unchecked: compiler.unchecked };
}

/** Validator constants are suffixed so they never shadow a type name in the reader's head. */
export const id = (name: string): string => `${identifier(name)}$`;

/** Dependencies first, so that a reader meets a definition before its uses (cycles in any order). */
function order(names: string[], definitions: SchemaDefinitions, needed: Set<string>): string[] {
  const out: string[] = [];
  const state = new Set<string>();
  const visit = (name: string): void => {
    if (state.has(name)) return;
    state.add(name);
    const node = definitions.get(name);
    for (const dep of [...(node ? directRefs(node) : [])].sort()) if (needed.has(dep)) visit(dep);
    out.push(name);
  };
  names.forEach(visit);
  return out;
}
