/**
 * The `package` plugin: package.json (with the exports and peer dependencies the plugins before
 * it contributed), the two tsconfigs and README.md (./package.ts). It runs last.
 */
import type { OutputPlugin } from "../../model/plugin.js";
import { emitPackageFiles } from "./package.js";

export const packagePlugin: OutputPlugin = {
  name: "package",
  description: "package.json, the tsconfigs of its two builds, and README.md.",
  options: {},
  package({ model, typescriptVersion, contributed }) {
    return emitPackageFiles(model, typescriptVersion, contributed);
  },
};
