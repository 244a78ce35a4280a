/**
 * The `mcp` plugin: an MCP server over the clients, for any document. A package step, since one
 * server serves every API of the package: per document `src/mcp/tools/<subpath>.ts` (its tools,
 * ./tools.ts), and `src/mcp/toolsets.ts`, `src/mcp/index.ts` (`createMcpServer`, exported as
 * `./mcp`) and `src/mcp/bin.ts` (the bin `<scope>-mcp`, ./entries.ts). The server's code is the
 * runtime's (runtime/mcp-*.ts, no dependency); `@modelcontextprotocol/sdk` 1.x is an optional peer
 * dependency that only `./mcp` and the bin load, and a devDependency of the package's own build.
 */
import type { OutputPlugin } from "../../model/plugin.js";
import { binModule, indexModule, toolsetsModule } from "./entries.js";
import { binName, keyVariable, toolNames } from "./names.js";
import { defaultUrl, emitToolTable, toolEntries } from "./tools.js";

/** The subpath of the MCP server (`<package>/mcp`); normalize reserves the name (RESERVED_SUBPATHS). */
export const MCP_SUBPATH = "mcp";

/** The MCP SDK versions the server is written for (its `Server` and stdio transport). */
export const MCP_SDK_RANGE = "^1.25.0";

export const mcpPlugin: OutputPlugin = {
  name: "mcp",
  description: "An MCP server over the clients (one tool per request method), its `./mcp` subpath and a stdio bin.",
  options: {},
  package({ model }) {
    const { names, warnings } = toolNames(model.documents);
    const bin = binName(model.packageName);
    const key = keyVariable(model.packageName);
    const tables = new Map<string, string>();
    for (const doc of model.documents)
      tables.set(
        `src/${MCP_SUBPATH}/tools/${doc.subpath}.ts`,
        emitToolTable(doc, toolEntries(doc, names), defaultUrl(doc)),
      );
    const files = new Map([
      ...tables,
      [`src/${MCP_SUBPATH}/toolsets.ts`, toolsetsModule(model.documents)],
      [`src/${MCP_SUBPATH}/index.ts`, indexModule(model, bin, key)],
      [`src/${MCP_SUBPATH}/bin.ts`, binModule(model, bin, key)],
    ]);
    return {
      files,
      // Every file is in prettier's form already (./tools.ts, ./entries.ts): the format stage passes them through.
      formatted: new Set(files.keys()),
      exports: [{ subpath: `./${MCP_SUBPATH}`, entry: `${MCP_SUBPATH}/index` }],
      bins: [{ name: bin, entry: `${MCP_SUBPATH}/bin` }],
      peerDependencies: [{ name: "@modelcontextprotocol/sdk", range: MCP_SDK_RANGE, optional: true, build: true }],
      warnings,
    };
  },
};
