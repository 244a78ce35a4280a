/**
 * The call a spec example makes, in the client's calling convention: positional arguments (trailing
 * absent ones dropped, absent ones in the middle `undefined`) or one params object. Shown in the
 * methods' doc comments (plugins/client/method-docs.ts) and in README.md (plugins/package/package.ts).
 */
import { objectKey, propertyAccess } from "./escape.js";
import type { ExampleModel, MethodModel } from "../model/document.js";
import { callExpr, objectExpr, raw, valueExpr, type Expr } from "./js-code.js";

/** A call that reproduces a spec example: `adv.getLogs({ … })`, with the example's values as literals. */
export function exampleCall(m: MethodModel, example: ExampleModel, clientVar: string): Expr {
  const value = (name: string): unknown =>
    Object.prototype.hasOwnProperty.call(example.params, name) ? example.params[name] : undefined;
  let args: Expr[];
  if (m.signature === "positional") {
    const values = m.params.map((p) => value(p.name));
    while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
    args = values.map((v) => (v === undefined ? raw("undefined", "identifier") : valueExpr(v)));
  } else {
    const given = m.params.filter((p) => value(p.name) !== undefined);
    args =
      given.length > 0 || m.params.some((p) => p.required)
        ? [objectExpr(given.map((p) => ({ key: objectKey(p.name), value: valueExpr(value(p.name)) })))]
        : [];
  }
  return callExpr(`${clientVar}${propertyAccess(m.clientName)}`, args);
}
