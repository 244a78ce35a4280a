/**
 * The runtime's import graph: no module of runtime/ may reach itself through its imports (type-only
 * imports included, so that the layering stays readable), and every import resolves to a runtime file.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";

const dir = path.join(ROOT, "runtime");

/** Relative imports of one source text: static `import`/`export … from` and dynamic `import("…")`. */
export function importsOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(
    /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*"(\.[^"]+)"|\bimport\(\s*"(\.[^"]+)"\s*\)/g,
  ))
    found.add((m[1] ?? m[2])!.replace(/^\.\//, "").replace(/\.js$/, ".ts"));
  return [...found];
}

/** The first cycle of a graph as a path `a → b → a`, or undefined. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("runtime import graph", () => {
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
  const graph = new Map(files.map((f) => [f, importsOf(readFileSync(path.join(dir, f), "utf8"))]));

  it("has no cycle", () => {
    expect(findCycle(graph)?.join(" → ")).toBeUndefined();
  });

  it("every relative import is a runtime file", () => {
    for (const [file, imports] of graph)
      for (const target of imports) expect(files, `${file} imports ${target}`).toContain(target);
  });

  it.each<{ name: string; given: Record<string, string[]>; want: string[] | undefined }>([
    { name: "a chain", given: { "a.ts": ["b.ts"], "b.ts": ["c.ts"], "c.ts": [] }, want: undefined },
    {
      name: "the old client → options → paginate → client cycle",
      given: { "client.ts": ["options.ts"], "options.ts": ["paginate.ts"], "paginate.ts": ["client.ts"] },
      want: ["client.ts", "options.ts", "paginate.ts", "client.ts"],
    },
    { name: "a self-import", given: { "a.ts": ["a.ts"] }, want: ["a.ts", "a.ts"] },
    {
      name: "a diamond",
      given: { "a.ts": ["b.ts", "c.ts"], "b.ts": ["d.ts"], "c.ts": ["d.ts"], "d.ts": [] },
      want: undefined,
    },
  ])("findCycle: $name", ({ given, want }) => {
    expect(findCycle(new Map(Object.entries(given)))).toEqual(want);
  });

  it("importsOf reads static, type-only, re-export and dynamic imports", () => {
    const text = `import { a } from "./a.js";\nimport type {\n  B,\n} from "./b.js";\nexport * from "./c.js";\nconst d = () => import("./d.js");\nimport x from "node:fs";`;
    expect(importsOf(text).sort()).toEqual(["a.ts", "b.ts", "c.ts", "d.ts"]);
  });
});
