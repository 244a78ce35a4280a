/**
 * The names the MCP server shows: tool names (one namespace for the whole package, since one
 * server serves every API), the bin's name and the environment variable of the key, all from the
 * model. Tool names follow MCP's rule for them (SEP-986, the SDK's `validateToolName`): 1 to 128
 * of A–Z, a–z, 0–9, `_`, `-`, `.`.
 */
import type { DocumentModel, MethodModel, Problem } from "../../model/document.js";

/** The characters a tool name may hold, and its longest length. */
const TOOL_CHAR = /[A-Za-z0-9_.-]/;
export const MAX_TOOL_NAME = 128;

/** The methods a document offers as tools: requests, without subscriptions and their unsubscribe methods. */
export function toolMethods(doc: DocumentModel): MethodModel[] {
  const unsubscribe = new Set(doc.methods.flatMap((m) => (m.subscription ? [m.subscription.unsubscribe] : [])));
  return doc.methods.filter((m) => m.result !== undefined && !m.subscription && !unsubscribe.has(m.rpcName));
}

/** `name` in MCP's characters: every other character (a code point) becomes `_`; at most 128. */
export function toolName(name: string): string {
  const safe = [...name].map((c) => (TOOL_CHAR.test(c) ? c : "_")).join("");
  return (safe === "" ? "_" : safe).slice(0, MAX_TOOL_NAME);
}

/**
 * The tool name of every tool method of `documents`: the method's name made safe. A name two tools
 * would share is prefixed with each one's subpath (`eth_getBalance`, `bsc_getBalance`); one still
 * shared gets `_2`, `_3`… in document and method order. Each renamed tool is a warning.
 */
export function toolNames(documents: readonly DocumentModel[]): {
  names: Map<MethodModel, string>;
  warnings: Problem[];
} {
  const tools = documents.flatMap((doc) => toolMethods(doc).map((m) => ({ doc, m, base: toolName(m.rpcName) })));
  const count = new Map<string, number>();
  for (const t of tools) count.set(t.base, (count.get(t.base) ?? 0) + 1);
  const names = new Map<MethodModel, string>();
  const taken = new Set<string>();
  const warnings: Problem[] = [];
  // Names no tool has to give up first, so that a suffix never takes one of them.
  for (const t of tools) if (count.get(t.base) === 1) taken.add(t.base);
  for (const t of tools) {
    if (count.get(t.base) === 1) {
      names.set(t.m, t.base);
      continue;
    }
    const prefixed = toolName(`${t.doc.subpath}_${t.base}`);
    let name = prefixed;
    for (let i = 2; taken.has(name); i++) name = `${prefixed.slice(0, MAX_TOOL_NAME - String(i).length - 1)}_${i}`;
    taken.add(name);
    names.set(t.m, name);
    warnings.push({
      file: t.doc.source,
      pointer: t.m.pointer,
      message: `The MCP tool of method ${JSON.stringify(t.m.rpcName)} is named ${JSON.stringify(name)}: its name alone would be shared by another tool of the package.`,
      hint: "MCP tool names are one namespace per server; rename one of the methods to keep the plain name.",
      rule: "mcp-tool-name",
    });
  }
  return { names, warnings };
}

/** The bin's base: the package's scope, or its name when it has none (`@blockchain-rpc/clients` → `blockchain-rpc`). */
function binBase(packageName: string): string {
  const scoped = /^@([^/]+)\//.exec(packageName);
  return scoped ? scoped[1]! : packageName.replace(/^.*\//, "");
}

/** The bin's name: `<scope or name>-mcp` (`blockchain-rpc-mcp`). */
export function binName(packageName: string): string {
  return `${binBase(packageName)}-mcp`;
}

/** The environment variable the bin reads the key from: `BLOCKCHAIN_RPC_API_KEY`. */
export function keyVariable(packageName: string): string {
  const base = binBase(packageName)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return `${/^[0-9]/.test(base) ? "_" : ""}${base || "MCP"}_API_KEY`;
}
