/**
 * The built-in output plugins, in the order `generate()` runs them by default. Each folder beside
 * this file is one plugin (its `plugin.ts`); `package` runs last, as it declares what the others export.
 */
import type { PluginUse } from "../model/plugin.js";
import { clientPlugin } from "./client/plugin.js";
import { mcpPlugin } from "./mcp/plugin.js";
import { packagePlugin } from "./package/plugin.js";
import { usePlugin } from "./run.js";
import { runtimePlugin } from "./runtime/plugin.js";
import { schemasPlugin } from "./schemas/plugin.js";
import { tanstackQueryPlugin } from "./tanstack-query/plugin.js";
import { testingPlugin } from "./testing/plugin.js";
import { typesPlugin } from "./types/plugin.js";
import { validatorsPlugin } from "./validators/plugin.js";

export {
  clientPlugin,
  mcpPlugin,
  packagePlugin,
  runtimePlugin,
  schemasPlugin,
  tanstackQueryPlugin,
  testingPlugin,
  typesPlugin,
  validatorsPlugin,
};

/** The default plugin list, each with its default options. */
export function builtinPlugins(): PluginUse[] {
  return [
    usePlugin(typesPlugin),
    usePlugin(validatorsPlugin),
    usePlugin(clientPlugin),
    usePlugin(runtimePlugin),
    usePlugin(tanstackQueryPlugin),
    usePlugin(schemasPlugin),
    usePlugin(mcpPlugin),
    usePlugin(testingPlugin),
    usePlugin(packagePlugin),
  ];
}
