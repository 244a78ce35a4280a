/** `gen --check`'s report: the first generated source file that differs, with a short diff; the marker last. */
import { describe, expect, it } from "vitest";
import { compareOutputs, summarize } from "../../../generator/write/diff.js";
import { MARKER } from "../../../generator/write/marker.js";

const generated = new Map([
  [MARKER, '{"fingerprint":"new"}\n'],
  ["README.md", "# Clients\n"],
  ["src/a/client.ts", Array.from({ length: 100 }, (_, i) => `export const v${i} = ${i};`).join("\n") + "\n"],
  ["src/b/types.ts", "export type B = string;\n"],
]);

describe("compareOutputs", () => {
  it("lists differing files in path order with the marker last, though `.` sorts first", () => {
    const onDisk = new Map(generated);
    onDisk.set(MARKER, '{"fingerprint":"old"}\n');
    onDisk.set("src/a/client.ts", generated.get("src/a/client.ts")!.replace("v50 = 50", "v50 = 51"));
    onDisk.delete("src/b/types.ts");
    onDisk.set("src/extra.ts", "export {};\n");
    expect(compareOutputs(generated, onDisk).map((d) => [d.kind, d.file])).toEqual([
      ["changed", "src/a/client.ts"],
      ["added", "src/b/types.ts"],
      ["removed", "src/extra.ts"],
      ["changed", MARKER],
    ]);
  });
});

describe("summarize", () => {
  it("names the first differing source file and shows a short unified diff of it, then the list", () => {
    const onDisk = new Map(generated);
    onDisk.set(MARKER, '{"fingerprint":"old"}\n');
    onDisk.set("src/a/client.ts", generated.get("src/a/client.ts")!.replace("v50 = 50", "v50 = 51"));
    const text = summarize(compareOutputs(generated, onDisk), "generated");
    const lines = text.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "generated is stale: 2 files differ from what the spec generates.",
      "",
      "First difference: src/a/client.ts (changed):",
      "--- a/src/a/client.ts",
      "+++ b/src/a/client.ts",
    ]);
    expect(lines).toContain("-export const v50 = 51;");
    expect(lines).toContain("+export const v50 = 50;");
    expect(lines.filter((l) => /^[-+ ]export/.test(l))).toHaveLength(8); // three lines of context on each side
    expect(text).toContain(`Files that differ:\n  changed src/a/client.ts\n  changed ${MARKER}\n`);
    expect(text.endsWith("Run `npm run gen` to regenerate.")).toBe(true);
  });

  it("a long diff is cut, saying how much was left out", () => {
    const onDisk = new Map(generated);
    onDisk.set("src/a/client.ts", "// edited by hand\n");
    const lines = summarize(compareOutputs(generated, onDisk), "generated", 10).split("\n");
    expect(lines[2]).toBe("First difference: src/a/client.ts (changed):");
    expect(lines[13]).toMatch(/^… \d+ more lines$/);
  });

  it("the marker is shown only when it is the only difference", () => {
    const onDisk = new Map(generated);
    onDisk.set(MARKER, "{}\n");
    expect(summarize(compareOutputs(generated, onDisk), "out").split("\n")[2]).toBe(
      `First difference: ${MARKER} (changed):`,
    );
  });
});
