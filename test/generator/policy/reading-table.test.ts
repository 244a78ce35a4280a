/** docs/READING.md is the rules table as printed from generator/policy/rules.ts (`npm run reading:table`). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "../../../generator/policy/rules.js";
import { readingTable } from "../../../generator/policy/table.js";
import { ROOT } from "../../../generator/root.js";

describe("docs/READING.md", () => {
  it("is the table of the rules (else run npm run reading:table)", () => {
    expect(readFileSync(path.join(ROOT, "docs", "READING.md"), "utf8")).toBe(readingTable());
  });

  it("lists every rule, each fallback rule with what is generated instead, fatal ones without", () => {
    const table = readingTable();
    for (const [id, rule] of Object.entries(RULES)) {
      expect(table).toContain(`| \`${id}\` |`);
      if (rule.kind === "fallback") expect("fallback" in rule && rule.fallback, id).toBeTruthy();
      if (rule.kind === "fatal") expect("fallback" in rule, id).toBe(false);
    }
  });
});
