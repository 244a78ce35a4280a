/**
 * The import graph of generator/, read statically from the sources with TypeScript's parser:
 * static imports and re-exports (type-only ones marked), and dynamic `import("…")` calls. Module
 * names stay as written for packages and Node built-ins; relative ones resolve to project paths.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface ImportEdge {
  /** A project path (`generator/load/load.ts`) or a bare module name (`node:fs`, `yaml`). */
  target: string;
  /** Erased when compiled (`import type`, `export type`, or only type-only names). */
  typeOnly: boolean;
}

/** Every .ts and .mjs file under `dir` (relative to `root`), by project path → its imports. */
export function importGraph(root: string, dir: string): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (/\.(?:ts|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
        graph.set(child, importsOf(root, child));
    }
  };
  walk(dir);
  return graph;
}

function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean): void => {
    edges.push({ target: resolve(file, specifier), typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** `./x.js` from `generator/a/b.ts` → `generator/a/x.ts`; bare names as they are. */
function resolve(from: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return joined.replace(/\.js$/, ".ts");
}

/** Every module reachable from `start` through imports that survive compilation. */
export function reachable(graph: Map<string, ImportEdge[]>, start: string): Set<string> {
  const seen = new Set<string>([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const edge of graph.get(stack.pop()!) ?? []) {
      if (edge.typeOnly || seen.has(edge.target)) continue;
      seen.add(edge.target);
      stack.push(edge.target);
    }
  }
  return seen;
}

/** The import cycles (type-only imports included: they tangle the code as much), each as its files in order, smallest first. */
export function cycles(graph: Map<string, ImportEdge[]>): string[][] {
  // Tarjan's strongly connected components; each component of two or more files holds a cycle.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const { target } of graph.get(v) ?? []) {
      if (!graph.has(target)) continue;
      if (!indexOf.has(target)) {
        connect(target);
        low.set(v, Math.min(low.get(v)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(v, Math.min(low.get(v)!, indexOf.get(target)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).some((e) => e.target === v);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indexOf.has(v)) connect(v);
  return found.sort((a, b) => a.length - b.length || a[0]!.localeCompare(b[0]!));
}

/** Whether the file reads the `process` global (its environment, working folder, arguments). */
export function usesProcess(root: string, file: string): boolean {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) &&
      node.text === "process" &&
      !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) &&
      !(ts.isPropertyAssignment(node.parent) && node.parent.name === node)
    )
      found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
