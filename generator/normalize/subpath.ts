/**
 * The package subpath of a document (`<package>/advanced`), which is also its folder under
 * `src/`. It comes from the spec (`x-client.subpath`) or its file name, so it must be a plain
 * name: one path segment, no `..`, no separators, no drive letter, nothing the package already uses.
 */

/** A subpath: lower-case letters, digits, `-`, `_` and inner dots; one segment. */
const PLAIN = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*$/;
/** Names the package itself uses: `src/runtime/`, `./package.json`, build folders. */
export const RESERVED_SUBPATHS = new Set([
  "runtime",
  "package.json",
  "node_modules",
  "dist",
  "src",
  "index",
  "index.js",
  "index.ts",
  // The WebSocket transport's subpath (plugins/runtime/plugin.ts WS_SUBPATH).
  "ws",
  // The Node HTTP transport's subpath (plugins/runtime/plugin.ts NODE_SUBPATH).
  "node",
  // The MCP server's subpath (plugins/mcp/plugin.ts MCP_SUBPATH).
  "mcp",
]);

/** Why `subpath` cannot be used, or `undefined` when it can. */
export function subpathProblem(subpath: string): string | undefined {
  if (!PLAIN.test(subpath))
    return "must be a plain lower-case name (letters, digits, '-', '_', inner '.'), without '/', '\\', '..' or a drive letter";
  if (RESERVED_SUBPATHS.has(subpath)) return `is a name the package itself uses (${[...RESERVED_SUBPATHS].join(", ")})`;
  if (subpath.length > 64) return "must be at most 64 characters long";
  return undefined;
}

/** `x-client.subpath` when given (validate has checked it), else a plain name made from the file name. */
export function subpathOf(declared: string | undefined, file: string): string {
  if (declared !== undefined) return declared;
  const base = file.replace(/^.*[\\/]/, "").replace(/\.(openrpc\.)?(json|ya?ml)$/i, "");
  const made = base
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .slice(0, 64);
  return made === "" || subpathProblem(made) !== undefined ? "api" : made;
}
