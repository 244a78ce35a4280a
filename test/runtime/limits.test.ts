/**
 * The `x-limits` rules: maxBlockSpan and requires. Whether params pass and which rules they break
 * (runtime/params-check.ts, the success path), and what the issues say (runtime/limits.ts through limit-issues.ts, the failure path).
 */
import { describe, expect, it } from "vitest";
import { checkLimits as issuesOf, type LimitRule } from "../../runtime/limits.js";
import { paramsPass } from "../../runtime/params-check.js";
import type { Issue } from "../../runtime/validate.js";

/** The issues of `params` under `rules`; the success path's answer (pass or not) must agree with them. */
function checkLimits(
  params: Record<string, unknown>,
  rules: readonly LimitRule[],
  path: string,
  issues: Issue[],
): void {
  const before = issues.length;
  issuesOf(params, rules, path, issues);
  expect(paramsPass({ limits: rules }, undefined, params), "paramsPass agrees with the issues").toBe(
    issues.length === before,
  );
}

const span: LimitRule = {
  rule: "maxBlockSpan",
  from: "fromBlock",
  to: "toBlock",
  max: 30,
  description: "at most 30 blocks per call",
};
const requires: LimitRule = {
  rule: "requires",
  if: "includeLogs",
  then: "includeTxs",
  description: "logs come with their transactions",
};

const spanIssue = (width: string, received: string, path = "params"): Issue => ({
  path: `${path}.toBlock`,
  rule: "x-limits.maxBlockSpan",
  message: `must be at most 30 blocks after fromBlock (toBlock − fromBlock is ${width}); at most 30 blocks per call`,
  received,
});
const requiresIssue = (received: string): Issue => ({
  path: "params.includeTxs",
  rule: "x-limits.requires",
  message: "must be true when includeLogs is true; logs come with their transactions",
  received,
});

interface Row {
  name: string;
  given: { params: Record<string, unknown>; rules?: readonly LimitRule[]; path?: string };
  want: Issue[];
}

function run({ given, want }: Row): void {
  const issues: Issue[] = [];
  checkLimits(given.params, given.rules ?? [span], given.path ?? "params", issues);
  expect(issues).toEqual(want);
}

describe("maxBlockSpan", () => {
  it.each<Row>([
    { name: "integers within the span", given: { params: { fromBlock: 100, toBlock: 110 } }, want: [] },
    { name: "integers exactly at the limit (30)", given: { params: { fromBlock: 0, toBlock: 30 } }, want: [] },
    {
      name: "integers one over the limit (31)",
      given: { params: { fromBlock: 0, toBlock: 31 } },
      want: [spanIssue("31", "integer")],
    },
    {
      name: "integers far over the limit",
      given: { params: { fromBlock: 1, toBlock: 1001 } },
      want: [spanIssue("1000", "integer")],
    },
    {
      name: "hex exactly at the limit (0x0 → 0x1e)",
      given: { params: { fromBlock: "0x0", toBlock: "0x1e" } },
      want: [],
    },
    {
      name: "hex one over the limit (0x0 → 0x1f)",
      given: { params: { fromBlock: "0x0", toBlock: "0x1f" } },
      want: [spanIssue("31", "string")],
    },
    {
      name: "upper-case hex digits",
      given: { params: { fromBlock: "0xA", toBlock: "0X29" } },
      want: [spanIssue("31", "string")],
    },
    {
      name: "mixed: integer from, hex to, over",
      given: { params: { fromBlock: 10, toBlock: "0x29" } },
      want: [spanIssue("31", "string")],
    },
    { name: "mixed: hex from, integer to, at limit", given: { params: { fromBlock: "0xa", toBlock: 40 } }, want: [] },
    {
      name: "bigint ends, over",
      given: { params: { fromBlock: 100n, toBlock: 131n } },
      want: [spanIssue("31", "bigint")],
    },
    {
      name: "hex beyond 2^53 is compared exactly",
      given: { params: { fromBlock: "0xffffffffffffffe0", toBlock: "0xffffffffffffffff" } },
      want: [spanIssue("31", "string")],
    },
    {
      name: "hex beyond 2^53 within the span",
      given: { params: { fromBlock: "0xfffffffffffffff0", toBlock: "0xffffffffffffffff" } },
      want: [],
    },
    { name: "tag from: no check", given: { params: { fromBlock: "earliest", toBlock: 1000 } }, want: [] },
    { name: "tag to: no check", given: { params: { fromBlock: 0, toBlock: "latest" } }, want: [] },
    { name: "both tags: no check", given: { params: { fromBlock: "earliest", toBlock: "latest" } }, want: [] },
    { name: "missing from: no check", given: { params: { toBlock: 1000 } }, want: [] },
    { name: "'0x' alone is not a number: no check", given: { params: { fromBlock: "0x", toBlock: 1000 } }, want: [] },
    {
      name: "decimal string is not a block number: no check",
      given: { params: { fromBlock: "0", toBlock: "1000" } },
      want: [],
    },
    { name: "fraction: no check", given: { params: { fromBlock: 0.5, toBlock: 1000 } }, want: [] },
    { name: "to before from: no span issue", given: { params: { fromBlock: 1000, toBlock: 0 } }, want: [] },
    {
      name: "the given path prefixes the issue",
      given: { params: { fromBlock: 0, toBlock: 31 }, path: "params[0]" },
      want: [spanIssue("31", "integer", "params[0]")],
    },
  ])("$name", run);
});

describe("requires", () => {
  it.each<Row>([
    {
      name: "if true, then missing",
      given: { params: { includeLogs: true }, rules: [requires] },
      want: [requiresIssue("undefined")],
    },
    {
      name: "if true, then false",
      given: { params: { includeLogs: true, includeTxs: false }, rules: [requires] },
      want: [requiresIssue("boolean")],
    },
    {
      name: "if true, then the string 'true'",
      given: { params: { includeLogs: true, includeTxs: "true" }, rules: [requires] },
      want: [requiresIssue("string")],
    },
    {
      name: "if true, then true",
      given: { params: { includeLogs: true, includeTxs: true }, rules: [requires] },
      want: [],
    },
    { name: "if false", given: { params: { includeLogs: false }, rules: [requires] }, want: [] },
    { name: "if missing", given: { params: {}, rules: [requires] }, want: [] },
    {
      name: "if is the string 'true': not triggered",
      given: { params: { includeLogs: "true" }, rules: [requires] },
      want: [],
    },
  ])("$name", run);
});

describe("several rules", () => {
  it.each<Row>([
    {
      name: "both broken: one issue each, in rule order",
      given: { params: { fromBlock: 0, toBlock: 31, includeLogs: true }, rules: [span, requires] },
      want: [spanIssue("31", "integer"), requiresIssue("undefined")],
    },
    {
      name: "none broken",
      given: { params: { fromBlock: 0, toBlock: 30, includeLogs: true, includeTxs: true }, rules: [span, requires] },
      want: [],
    },
    { name: "no rules", given: { params: { fromBlock: 0, toBlock: 1000 }, rules: [] }, want: [] },
  ])("$name", run);

  it("appends to the issues already found", () => {
    const earlier: Issue = { path: "params.address", rule: "pattern", message: "must match ^0x", received: "string" };
    const issues: Issue[] = [earlier];
    checkLimits({ fromBlock: 0, toBlock: 31 }, [span], "params", issues);
    expect(issues).toEqual([earlier, spanIssue("31", "integer")]);
  });
});
