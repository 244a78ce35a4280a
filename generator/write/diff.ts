/** Compares generated files with what is on disk: the `--check` summary and the golden test's diff. */
import { createTwoFilesPatch } from "diff";

export interface Difference {
  file: string;
  kind: "added" | "removed" | "changed";
  patch: string;
}

export function compareOutputs(expected: Map<string, string>, actual: Map<string, string>): Difference[] {
  const out: Difference[] = [];
  const names = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  for (const file of names) {
    const want = expected.get(file);
    const have = actual.get(file);
    if (want === have) continue;
    const kind = have === undefined ? "added" : want === undefined ? "removed" : "changed";
    out.push({ file, kind, patch: createTwoFilesPatch(`a/${file}`, `b/${file}`, have ?? "", want ?? "") });
  }
  return out;
}

export function summarize(differences: Difference[], outDir: string, maxPatchLines = 60): string {
  const lines = [
    `${outDir} is stale: ${differences.length} file${differences.length === 1 ? "" : "s"} differ from what the spec generates.`,
  ];
  for (const d of differences) lines.push(`  ${d.kind.padEnd(7)} ${d.file}`);
  const first = differences.find((d) => d.kind === "changed");
  if (first) {
    const patch = first.patch.split("\n");
    lines.push(
      "",
      `First difference (${first.file}):`,
      ...patch.slice(0, maxPatchLines),
      ...(patch.length > maxPatchLines ? [`… ${patch.length - maxPatchLines} more lines`] : []),
    );
  }
  lines.push("", "Run `npm run gen` to regenerate.");
  return lines.join("\n");
}
