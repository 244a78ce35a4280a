/**
 * Catastrophic backtracking in spec patterns (`^(a+)+$` and kin). Before the guard, a pattern
 * like these with a ~50-character example hung generation (the example check), and the same
 * pattern reached the generated validators (a hostile server's response), the mock (one request
 * stopped it answering everyone) and the playground. Now the one guard (generator/validate/
 * pattern-guard.ts), run by the lint rules every command goes through, refuses such a pattern with
 * its pointer before anything runs it. The examples below are 26 characters long: without the
 * guard each probe takes a second or more and then fails on what it expects, never hangs the suite.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../generator/commands/pipeline.js";
import { loadMockDocuments } from "../../generator/mock/load.js";
import { GeneratorError } from "../../generator/problems.js";
import { buildSite } from "../../generator/site/site.js";
import { isSafePattern } from "redos-detector";
import { patternRisk } from "../../generator/validate/pattern-guard.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "patterns-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Exponential patterns, the repeated part the message names, and a non-matching text that makes them backtrack. */
const HOSTILE: [string, string, string][] = [
  ["^(a+)+$", "(a+)+", `${"a".repeat(26)}!`],
  ["^(a|a)*$", "(a|a)*", `${"a".repeat(26)}!`],
  ["^(a|aa)+$", "(a|aa)+", `${"a".repeat(40)}!`],
  ["^(\\w+\\s?)*$", "(\\w+\\s?)*", `${"a".repeat(26)}!`],
  ["^([a-z]+\\d*)+$", "([a-z]+\\d*)+", `${"a".repeat(26)}!`],
  ["^(\\d+)*x$", "(\\d+)*", "1".repeat(26)],
  ["^(.*a){12}$", "(.*a){12}", "a".repeat(26)],
];

/** A document whose one param and result carry `pattern` (in a param, a component, and patternProperties). */
function document(pattern: string, example: string, where: "param" | "component" | "patternProperties") {
  const string = { type: "string", pattern };
  const schema =
    where === "patternProperties"
      ? { type: "object", patternProperties: { [pattern]: { type: "string" } }, additionalProperties: false }
      : where === "component"
        ? { $ref: "#/components/schemas/Word" }
        : string;
  const value = where === "patternProperties" ? { [example]: "x" } : example;
  return {
    openrpc: "1.3.2",
    info: { title: "Patterns", version: "1.0.0" },
    methods: [
      {
        name: "echo",
        params: [{ name: "word", required: true, schema }],
        result: { name: "word", schema },
        examples: [{ name: "long", params: [{ name: "word", value }], result: { name: "word", value } }],
      },
    ],
    components: { schemas: { Word: string } },
  };
}

const POINTER = {
  param: "/methods/0/params/0/schema/pattern",
  component: "/components/schemas/Word/pattern",
  patternProperties: "/methods/0/params/0/schema/patternProperties/",
} as const;

async function save(name: string, doc: unknown): Promise<string> {
  const file = path.join(dir, `${name}.openrpc.json`);
  await writeFile(file, JSON.stringify(doc));
  return file;
}

async function problems(promise: Promise<unknown>): Promise<{ pointer: string; message: string; hint: string }[]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the spec should have been refused").toBeInstanceOf(GeneratorError);
  return (error as GeneratorError).problems.map((p) => ({
    pointer: p.pointer,
    message: p.message,
    hint: p.hint ?? "",
  }));
}

describe("a pattern that backtracks exponentially is refused, with its pointer, before anything runs it", () => {
  const cases = HOSTILE.flatMap(([pattern, loop, example], i) =>
    (["param", "component", "patternProperties"] as const).map((where) => [pattern, where, loop, example, i] as const),
  );
  it.each(cases)("%s in a %s: `npm run gen`", async (pattern, where, loop, example, i) => {
    const file = await save(`gen-${i}-${where}`, document(pattern, example, where));
    const started = performance.now();
    const found = await problems(generatePackage({ specs: [file], packageName: "p", cwd: dir }));
    const refusal = found.find(
      (p) => p.pointer.startsWith(POINTER[where]) && p.message.includes("catastrophic backtracking"),
    );
    expect(refusal, JSON.stringify(found)).toBeDefined();
    expect(refusal!.message).toContain(loop);
    expect(refusal!.hint).toMatch(/Rewrite the pattern/);
    // Refused before the example check ran the pattern (which takes seconds on these examples).
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it.each(HOSTILE.map(([pattern, , example], i) => [pattern, example, i] as const))(
    "%s: the mock refuses to start",
    async (pattern, example, i) => {
      const file = await save(`mock-${i}`, document(pattern, example, "param"));
      const found = await problems(loadMockDocuments([file], { cwd: dir, examples: "warn" }));
      expect(found.map((p) => p.message).join("\n")).toContain("catastrophic backtracking");
    },
  );

  it.each(HOSTILE.slice(0, 3).map(([pattern, , example], i) => [pattern, example, i] as const))(
    "%s: the docs site and playground refuse to build",
    async (pattern, example, i) => {
      const file = await save(`site-${i}`, document(pattern, example, "component"));
      const found = await problems(buildSite({ specs: [file], cwd: dir }));
      expect(found.map((p) => p.message).join("\n")).toContain("catastrophic backtracking");
    },
  );
});

describe("under --lenient the pattern is left out (rule pattern-exponential): the document generates and serves, nothing runs the pattern", () => {
  const cases = HOSTILE.slice(0, 4).flatMap(([pattern, , example], i) =>
    (["param", "component", "patternProperties"] as const).map((where) => [pattern, where, example, i] as const),
  );
  it.each(cases)("%s in a %s", async (pattern, where, example, i) => {
    const file = await save(`lenient-${i}-${where}`, document(pattern, example, where));
    const started = performance.now();
    const result = await generatePackage({ specs: [file], packageName: "p", cwd: dir, lenient: true });
    const warning = result.warnings.find(
      (w) => w.rule === "pattern-exponential" && w.pointer.startsWith(POINTER[where]),
    );
    expect(warning, JSON.stringify(result.warnings)).toBeDefined();
    expect(warning?.hint).toMatch(/Generated anyway \(rule pattern-exponential\)/);
    const validators = [...result.files].filter(([f]) => /validators\.ts$/.test(f)).map(([, text]) => text);
    expect(validators.join("\n")).not.toContain(pattern.slice(1, -1).replace(/\\/g, "\\\\"));
    const mock = await loadMockDocuments([file], { cwd: dir, lenient: true });
    expect(mock.warnings.map((w) => w.rule)).toContain("pattern-exponential");
    // The example check ran (it hangs on these patterns): the pattern was not in what it checked.
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});

describe("the guard's verdicts", () => {
  it("a few repetitions of a bounded part (an IPv4 address, ethereum/portal-network-specs) are not a loop: a warning at most", () => {
    const octet = "([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])";
    expect(patternRisk(`^(${octet}\\.){3}${octet}$`, "u").kind).not.toBe("exponential");
    expect(patternRisk("^(\\d{1,3}\\.){3}\\d{1,3}$", "u")).toEqual({ kind: "safe" });
    // Many repetitions of such a part, or a few of an unbounded one, still are.
    expect(patternRisk("^((a|aa){2}){30}$", "u").kind).toBe("exponential");
    expect(patternRisk("^((a+)+){3}$", "u").kind).toBe("exponential");
  });

  it.each([
    "^0x[0-9a-f]*$",
    "^0x([0-9a-f][0-9a-f]){0,32}$",
    "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)?$",
    "^0x([0-9,a-f,A-F]?){1,2}$",
    "^0x(0|[1-9a-f][0-9a-f]*)$",
    "^[1-9A-HJ-NP-Za-km-z]{32,44}$",
  ])("real-world pattern %s is safe", (pattern) => {
    expect(patternRisk(pattern, "u")).toEqual({ kind: "safe" });
  });

  it.each(["^0x([1-9a-f]+[0-9a-f]*|0)$", "^a*a*b$", "^0x([a-fA-F0-9]?)+$"])(
    "%s (polynomial, or flagged by the analysis but safe in ECMAScript) is a warning, and generation goes on",
    async (pattern) => {
      expect(patternRisk(pattern, "u")).toEqual({ kind: "polynomial" });
      const file = await save(`poly-${pattern.length}`, document(pattern, "0x1", "param"));
      const result = await generatePackage({ specs: [file], packageName: "p", cwd: dir, examples: "warn" });
      expect(result.warnings.map((w) => `${w.pointer} ${w.message}`).join("\n")).toContain(
        `${POINTER.param} can take time that grows polynomially`,
      );
    },
  );

  it.each([
    ["^(a?){30}a{30}$", "(a?){30}"],
    ["^(a*)*b$", "(a*)*"],
    ["^(a?a)+$", "(a?a)+"],
  ])("%s stays exponential: only an unbounded loop of x? skips empty iterations", (pattern, loop) => {
    expect(patternRisk(pattern, "u")).toEqual({ kind: "exponential", loop });
  });

  it.each(["^0x[0-9a-f]{16}$", "^(?:ab){3}c$", "^a{2}(?=b)b\\d$", '^[^"]{8}\\p{L}$', "^(x)y\\1$"])(
    "%s has no choice point: safe without the analysis, as the analysis itself finds",
    (pattern) => {
      expect(patternRisk(pattern, "u")).toEqual({ kind: "safe" });
      expect(isSafePattern(pattern, { unicode: true, maxSteps: 1_000, timeout: Infinity }).safe).toBe(true);
    },
  );

  it.each(["^0x[0-9a-f]{512}$", "^0x(?:[0-9a-f]{2}){256}$"])("%s (a long exact count, no choice) is safe", (pattern) =>
    expect(patternRisk(pattern, "u")).toEqual({ kind: "safe" }),
  );

  it.each([
    ["^(a|a){30}$", "(a|a){30}"],
    ["^(a+){5}$", "(a+){5}"],
    ["^((a+)+){3}$", "((a+)+){3}"],
  ])("%s: an exact count around a choice is still analysed, and refused", (pattern, loop) => {
    expect(patternRisk(pattern, "u")).toEqual({ kind: "exponential", loop });
  });

  it("every verdict is the same on a second call (steps, not wall time)", () => {
    for (const [pattern] of HOSTILE) expect(patternRisk(pattern, "u").kind).toBe("exponential");
  });
});
