/**
 * What the test kit answers for a method without a handler (and what `context.fallback()` gives a
 * handler), the same rule as the mock server's (generator/mock/results.ts): the example whose params
 * equal the call's, else the first example whose params select the same result variant, else a value
 * made by the mock's value maker (mock-values.ts) from the result schema (the variant the params
 * select), seeded by the `seed` option, the method and the params, so the same call gets the same
 * answer. Every value must fit the package's compiled result validator (`fits`): an example or value
 * that does not is never served. A paginated method answers one last page (its next-page token left
 * out when the schema allows), so that iterating its pages ends.
 */
import { canonical, isRecord, jsonEqual, setOwn } from "./mock-json.js";
import type { MockDefinitions, MockNode } from "./mock-schema.js";
import { generateFitting } from "./mock-values.js";
import { holds } from "./subscribe-args.js";
import type { MethodData, TestingSetup } from "./testing-types.js";

const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The named nodes of a setup as a map, made once per setup. */
const tables = new WeakMap<TestingSetup, MockDefinitions>();
export function definitionsOf(setup: TestingSetup): MockDefinitions {
  let table = tables.get(setup);
  if (!table) {
    table = new Map(Object.entries(setup.data.definitions));
    tables.set(setup, table);
  }
  return table;
}

/** The seed text of a call: the `seed` option's text first (as the mock server's `--seed`), then the method and params. */
export function seedOf(seed: string, method: string, named: Record<string, unknown>): string {
  return `${seed === "" ? "" : `${seed} `}${method} ${canonical(named)}`;
}

type Variant = NonNullable<MethodData["variants"]>[number];

function variantOf(data: MethodData, params: Readonly<Record<string, unknown>>): Variant | undefined {
  return data.variants?.find((v) => holds(v.when, params as Record<string, unknown>));
}

/** The spec's answer to `method` called with `named` (see the module's comment); `null` for a method without a result. */
export function fallbackResult(
  setup: TestingSetup,
  seed: string,
  method: string,
  named: Record<string, unknown>,
  fits: (value: unknown) => boolean,
): unknown {
  const data = own(setup.data.methods, method);
  if (!data?.result) return null;
  const examples = data.examples ?? [];
  const exact = examples.find((e) => jsonEqual(e.params, named) && fits(e.result));
  if (exact) return structuredClone(exact.result);
  const page = own(setup.api.methods, method)?.page;
  const variant = variantOf(data, named);
  const alike = examples.find((e) => variantOf(data, e.params) === variant && fits(e.result));
  if (alike) return lastPage(structuredClone(alike.result), page?.next, fits);
  const node: MockNode = variant?.result ?? data.result;
  // A page token does not change what a page is made of: every page of a call is made alike.
  const seedParams = page ? withoutKey(named, page.token) : named;
  return lastPage(
    generateFitting(node, definitionsOf(setup), seedOf(seed, method, seedParams), fits),
    page?.next,
    fits,
  );
}

/** A copy of `value` without its next-page token, when it has one and the copy still fits; else `value`. */
function lastPage(value: unknown, next: string | undefined, fits: (value: unknown) => boolean): unknown {
  if (next === undefined || !isRecord(value) || !Object.hasOwn(value, next)) return value;
  const copy = withoutKey(value, next);
  return fits(copy) ? copy : value;
}

function withoutKey(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(record)) if (k !== key) setOwn(out, k, record[k]);
  return out;
}
