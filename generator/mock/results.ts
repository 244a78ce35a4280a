/**
 * The result of a valid call: the result of the first example whose params equal the call's and
 * whose result fits the method's result schema (a wrong example is reported when the mock starts,
 * and never served: the client's strict result validation would reject it), else a value
 * generated from the result schema (the `x-result-variants` variant the params
 * select, else the method's result; when the first value does not fit, other union branches are
 * tried, values.ts; properties named like a param repeat it, follow.ts), seeded by the method and params so that the same request
 * always gets the same answer. Paginated methods get `pages` pages of generated items, linked
 * by `nextPageToken` "page-2", "page-3", …; the last page has none.
 */
import { documentRegExp } from "../validate/regexp.js";
import { Ajv, type ValidateFunction } from "ajv";
import type { MethodModel, PaginationModel, VariantCondition } from "../model/document.js";
import { resolveNode, withoutNull, type SchemaNode } from "../model/schema.js";
import { canonical, getOwn, isRecord, jsonEqual, setOwn } from "./json.js";
import { objectOf } from "../model/merge.js";
import type { MockMethod } from "./registry.js";
import { followParams } from "./follow.js";
import { generateFitting, generateValue, type Definitions } from "./values.js";

export interface ResultOptions {
  /** Pages of a paginated method. */
  pages: number;
  /** Changes every generated value; the same seed gives the same answers (`--seed`). */
  seed?: string;
}

/** Page size when a paginated method has no `pageSize` param or default. */
export const DEFAULT_PAGE_SIZE = 10;

export function resultFor(method: MockMethod, named: Record<string, unknown>, options: ResultOptions): unknown {
  const example = method.examples.find((e) => jsonEqual(e.params, named) && resultFits(method, e.result));
  if (example) return example.result;
  const model = method.model;
  if (!model.result) return null;
  const pagination = model.pagination;
  const seedParams = pagination ? { ...named, [pagination.tokenParam]: undefined } : named;
  const seed = `${options.seed ? `${options.seed} ` : ""}${model.rpcName} ${canonical(seedParams)}`;
  const name = selectVariant(model, named)?.typeName ?? model.resultType;
  const schema: SchemaNode = { kind: "ref", name, pointer: "" };
  const value = pagination
    ? generateValue(schema, method.definitions, seed)
    : generateFitting(schema, method.definitions, seed, (v) => resultFits(method, v));
  const result = pagination ? fillPage(value, schema, pagination, named, method, seed, options.pages) : value;
  const followed = followParams(result, named);
  return followed !== result && resultFits(method, followed) ? followed : result;
}

const resultValidators = new WeakMap<MockMethod, ValidateFunction | undefined>();
const compilers = new WeakMap<MockMethod["schemas"], Ajv>();

/** Whether `result` fits the method's documented result schema (formats not checked, as for params). */
export function resultFits(method: MockMethod, result: unknown): boolean {
  if (!method.model.result) return true;
  if (!resultValidators.has(method)) {
    let ajv = compilers.get(method.schemas);
    if (!ajv) {
      // Without ajv's optimizer pass, and each referenced definition compiled once for the document
      // rather than inlined into every method's validator, as for the params (./registry.ts):
      // compiling is the cost here.
      ajv = new Ajv({
        strict: false,
        validateFormats: false,
        code: { regExp: documentRegExp as never, optimize: false },
        inlineRefs: false,
        validateSchema: false,
      });
      ajv.addSchema({ $id: "result", definitions: Object.fromEntries(method.schemas) });
      compilers.set(method.schemas, ajv);
    }
    resultValidators.set(
      method,
      method.schemas.has(method.model.resultType)
        ? ajv.getSchema(`result#/definitions/${method.model.resultType}`)
        : undefined,
    );
  }
  const validate = resultValidators.get(method);
  return validate === undefined || validate(withNumbers(result)) === true;
}

/** The value with exact u64 `bigint`s as numbers, for ajv (which takes no bigints). */
function withNumbers(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(withNumbers);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNumbers(v)]));
  return value;
}

/** The first variant whose condition the params meet (variants are listed most specific first). */
export function selectVariant(
  model: Pick<MethodModel, "variants">,
  named: Record<string, unknown>,
): MethodModel["variants"][number] | undefined {
  return model.variants.find((v) => conditionHolds(v.when, named));
}

export function conditionHolds(when: VariantCondition, named: Record<string, unknown>): boolean {
  let value = getOwn(named, when.param);
  if (when.property !== undefined) value = getOwn(value, when.property);
  if (when.absent) return value === undefined || value === null || value === "";
  if ("equals" in when) return jsonEqual(value, when.equals);
  if (Array.isArray(when.in)) return when.in.some((option) => jsonEqual(value, option));
  return false;
}

/** Page number of a page token: none or `""` is page 1, `page-N` is page N, any other token (one from an example result) page 2. */
export function pageNumber(token: unknown, pages: number): number {
  if (token === undefined || token === null || token === "") return 1;
  const match = typeof token === "string" ? /^page-(\d+)$/.exec(token) : null;
  const n = match ? Number(match[1]) : 2;
  return Math.max(1, Math.min(n, pages));
}

/** Items per page: the `pageSize` param, else its schema default, else DEFAULT_PAGE_SIZE; never above its maximum. */
export function pageSize(
  model: Pick<MethodModel, "paramsType">,
  named: Record<string, unknown>,
  definitions: Definitions,
): number {
  const params = definitions.get(model.paramsType);
  const param = params?.kind === "object" ? params.properties.find((p) => p.name === "pageSize") : undefined;
  const node = param ? resolveNode(param.node, definitions) : undefined;
  const given = getOwn(named, "pageSize");
  const size =
    typeof given === "number" || typeof given === "bigint"
      ? Number(given)
      : typeof node?.default === "number"
        ? node.default
        : DEFAULT_PAGE_SIZE;
  const max = node?.kind === "integer" || node?.kind === "number" ? (node.maximum ?? Infinity) : Infinity;
  return Math.max(0, Math.floor(Math.min(size, max)));
}

function fillPage(
  value: unknown,
  schema: SchemaNode,
  pagination: PaginationModel,
  named: Record<string, unknown>,
  method: MockMethod,
  seed: string,
  pages: number,
): unknown {
  if (!isRecord(value)) return value;
  const n = pageNumber(getOwn(named, pagination.tokenParam), pages);
  const size = pageSize(method.model, named, method.definitions);
  const itemSchema = itemsSchema(schema, pagination.itemsField, method.definitions);
  setOwn(
    value,
    pagination.itemsField,
    Array.from({ length: size }, (_, i) =>
      generateValue(itemSchema, method.definitions, `${seed} page ${n} item ${i}`, pagination.itemsField),
    ),
  );
  if (n < pages) setOwn(value, pagination.nextField, `page-${n + 1}`);
  else delete value[pagination.nextField];
  return value;
}

/** The node of one item of the result's items field. */
function itemsSchema(result: SchemaNode, field: string, definitions: Definitions): SchemaNode {
  const property = objectOf(result, definitions)?.properties.find((p) => p.name === field);
  const array = property && resolveNode(withoutNull(property.node, definitions).node, definitions);
  return array?.kind === "array" && array.items ? array.items : { kind: "unknown", pointer: "" };
}
