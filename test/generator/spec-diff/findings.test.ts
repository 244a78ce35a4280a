/** Grouping per-method changes into findings, and the version bump they suggest. */
import { describe, expect, it } from "vitest";
import { change, type ChangeInput } from "../../../generator/spec-diff/change.js";
import { groupChanges, isShared, kindOf } from "../../../generator/spec-diff/findings.js";
import type { RuleId } from "../../../generator/spec-diff/rules.js";
import { bumpOfLevel, largestBump, type Bump } from "../../../generator/spec-diff/semver.js";
import { nextVersion } from "../../../generator/release/next-version.js";

const at = (rule: RuleId, input: Partial<ChangeInput> = {}) =>
  change(rule, { method: "m", pointer: "#/components/schemas/T/enum", what: "x changed", ...input });

describe("groupChanges", () => {
  it("the same edit seen by several methods, from params and from results, is one finding with the worst level", () => {
    const findings = groupChanges([
      at("response-enum-value-removed", { method: "a", old: "x", via: "the result" }),
      at("request-enum-value-removed", { method: "a", old: "x", via: "param t" }),
      at("request-enum-value-removed", { method: "b", old: "x", via: "param t" }),
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ level: "ERR", rule: "request-enum-value-removed", old: "x" });
    expect(findings[0]!.methods.map((m) => [m.method, m.level, m.via])).toEqual([
      ["a", "INFO", "the result"],
      ["a", "ERR", "param t"],
      ["b", "ERR", "param t"],
    ]);
    expect(isShared(findings[0]!)).toBe(true);
  });

  it.each([
    ["other values", [at("request-enum-value-removed", { old: "x" }), at("request-enum-value-removed", { old: "y" })]],
    [
      "another place",
      [at("request-enum-value-removed", { old: "x" }), at("request-enum-value-removed", { old: "x", pointer: "#/x" })],
    ],
    [
      "another side",
      [at("request-enum-value-removed", { old: "x" }), at("request-enum-value-removed", { old: "x", side: "old" })],
    ],
    [
      "another kind of edit at the same place",
      [at("request-type-removed", { pointer: "#/t/type" }), at("request-type-added", { pointer: "#/t/type" })],
    ],
  ])("stay apart: %s", (_, changes) => {
    expect(groupChanges(changes)).toHaveLength(2);
  });

  it("orders findings ERR, WARN, INFO, and in the order found within a level", () => {
    const findings = groupChanges([
      at("method-added", { pointer: "#/methods/1" }),
      at("error-removed", { pointer: "#/methods/2/errors/0", side: "old" }),
      at("method-removed", { pointer: "#/methods/3", side: "old" }),
      at("method-added", { pointer: "#/methods/4" }),
    ]);
    expect(findings.map((f) => [f.level, f.pointer])).toEqual([
      ["ERR", "#/methods/3"],
      ["WARN", "#/methods/2/errors/0"],
      ["INFO", "#/methods/1"],
      ["INFO", "#/methods/4"],
    ]);
    expect(findings.some(isShared)).toBe(false);
  });

  it("a document-level change lists no methods", () => {
    const [finding] = groupChanges([at("server-removed", { method: null, pointer: "#/servers/0", side: "old" })]);
    expect(finding!.methods).toEqual([]);
  });
});

describe("kindOf: rules that are one edit seen from two directions share a kind", () => {
  it.each([
    ["request-enum-value-removed", "#/a/enum", "enum-value-removed"],
    ["response-enum-value-removed", "#/a/enum", "enum-value-removed"],
    ["request-property-added-required", "#/a/properties/x", "property-added"],
    ["response-property-added", "#/a/properties/x", "property-added"],
    ["request-additional-properties-closed", "#/a/additionalProperties", "additional-properties-changed"],
    ["response-additional-properties-changed", "#/a/additionalProperties", "additional-properties-changed"],
    ["request-pattern-added", "#/a/pattern", "pattern-changed"],
    ["response-pattern-changed", "#/a/pattern", "pattern-changed"],
    ["response-nullable-added", "#/a/type", "type-added"],
    ["response-nullable-added", "#/a/oneOf/1", "branch-added"],
    ["request-branch-added", "#/a/oneOf/1", "branch-added"],
    ["method-removed", "#/methods/0", "method-removed"],
  ] as const)("%s at %s → %s", (rule, pointer, kind) => {
    expect(kindOf(at(rule, { pointer }))).toBe(kind);
  });
});

describe("semver", () => {
  it("ERR and WARN are major, INFO minor", () => {
    expect([bumpOfLevel("ERR"), bumpOfLevel("WARN"), bumpOfLevel("INFO")]).toEqual(["major", "major", "minor"]);
  });

  it("the largest bump wins; none of none", () => {
    expect(largestBump(["patch", "minor", "none"])).toBe("minor");
    expect(largestBump(["patch", "major"])).toBe("major");
    expect(largestBump([])).toBe("none");
  });

  it.each([
    ["1.4.2", "major", "2.0.0"],
    ["1.4.2", "minor", "1.5.0"],
    ["1.4.2", "patch", "1.4.3"],
    ["1.4.2", "none", "1.4.2"],
    ["0.1.0", "major", "1.0.0"],
    ["0.1.0", "minor", "0.2.0"],
    ["2.0.0-rc.1", "major", "2.0.0"],
    ["2.0.0-rc.1", "patch", "2.0.0"],
    ["1.5.0-rc.1", "minor", "1.5.0"],
    ["1.5.0-rc.1", "major", "2.0.0"],
    ["1.4.3-rc.1", "patch", "1.4.3"],
    ["1.4.3-rc.1", "minor", "1.5.0"],
    ["1.4.2+build.7", "patch", "1.4.3"],
  ] as [string, Bump, string][])("%s + %s → %s", (version, bump, want) => {
    expect(nextVersion(version, bump)).toBe(want);
  });

  it("refuses what is not a version", () => {
    expect(() => nextVersion("1.2", "patch")).toThrow('"1.2" is not a semantic version.');
  });
});
