/**
 * docs/READING.md, printed from the rules table (./rules.ts) so that it cannot drift from what the
 * generator does: `npm run reading:table` writes it, test/generator/policy/reading-table.test.ts
 * fails when it is not current. Pure.
 */
import { RULES, type RuleKind } from "./rules.js";

const KIND: Record<RuleKind, string> = {
  fatal: "**fatal**: every command stops",
  fallback: "fallback: an error, or with `--lenient` a warning",
  warning: "warning",
};

/** A table cell: one line, pipes escaped. */
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

export function readingTable(): string {
  const rows = Object.entries(RULES).map(
    ([id, rule]) =>
      `| \`${id}\` | ${KIND[rule.kind]} | ${cell(rule.when.charAt(0).toUpperCase() + rule.when.slice(1))}. | ${cell("fallback" in rule && rule.fallback ? rule.fallback : "–")} |`,
  );
  const count = (kind: RuleKind): number => Object.values(RULES).filter((r) => r.kind === kind).length;
  return [
    "# Reading OpenRPC documents: problems, rules and fallbacks",
    "",
    "Every problem a command finds while it reads a document (`gen`, `gen --watch`, `mock`, `docs`,",
    "`playground`, `spec:diff`, `release`: one road, `loadModel` in generator/load/load-model.ts) names",
    "a rule of this table, and each rule is one of three kinds:",
    "",
    "- **fatal**: the document cannot be read at all. Every command stops.",
    "- **fallback**: something is wrong, and the generator knows what to generate instead. By default",
    "  (the project's own `spec/`, which CI reads strictly) it is an error that stops the command and",
    "  says that `--lenient` would generate it. With `--lenient` (documents you do not own) it is a",
    "  warning naming the place (file and JSON pointer) and the rule, and the fallback is what you get.",
    "  `--examples warn` and `--allow-duplicate-params` relax one rule each (`example`, `param-duplicate`).",
    "- **warning**: worth knowing; never stops anything.",
    "",
    `${Object.keys(RULES).length} rules: ${count("fatal")} fatal, ${count("fallback")} with a fallback, ${count("warning")} warnings. Written by`,
    "`npm run reading:table` from generator/policy/rules.ts; a test fails when this file is not current.",
    "Do not edit it by hand.",
    "",
    "| rule | kind | when | what is generated instead |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}
