/**
 * The plugin surface: how an output of the generator is made. A plugin is a name, its options
 * (declared, so that they are checked before it runs, with an error naming the option) and
 * functions from the model to files plus what those files add to the package's package.json
 * (subpath exports, bins, peer dependencies). The built-in outputs (generator/plugins/*) are plugins;
 * `generate()` (generator/generate.ts) runs a list of them, and generator/plugins/run.ts holds
 * the runner. A plugin reads the model only: it never imports another plugin, and its shared
 * printing comes from generator/print/.
 */
import type { DocumentModel, PackageModel, Problem } from "./document.js";

/** One option a plugin takes: its kind, its default and a sentence for errors and docs. */
export type PluginOption<T> = {
  describe: string;
  default: T;
  /** Why `value` (already of the right kind) cannot be used, as the end of a sentence; `undefined` when it can. */
  check?: (value: T) => string | undefined;
} & ([T] extends [boolean]
  ? { type: "boolean" }
  : [T] extends [number]
    ? { type: "number" }
    : [T] extends [string]
      ? { type: "string"; values?: readonly T[] }
      : never);

/** Any declared option, as the runner reads it. */
export type AnyPluginOption = PluginOption<boolean> | PluginOption<number> | PluginOption<string>;

/** The declared options of a plugin, one per property of its options object. */
export type PluginOptions<O> = { readonly [K in keyof O]: PluginOption<O[K]> };

/** A subpath the package exports: `./advanced/query` → `src/advanced/query.ts` (built to dist/…/advanced/query.js). */
export interface PackageExport {
  /** `.` or `./<path>`. */
  subpath: string;
  /** The module under src/ without extension: `advanced/query`. */
  entry: string;
}

/** A command the package installs (package.json `bin`): `blockchain-rpc-mcp` → `src/mcp/bin.ts` (run from its ESM build). */
export interface PackageBin {
  /** The command's name. */
  name: string;
  /** The module under src/ without extension: `mcp/bin`. It starts with `#!/usr/bin/env node`. */
  entry: string;
}

/** A peer dependency the package declares; optional ones go to `peerDependenciesMeta` too. */
export interface PeerDependency {
  name: string;
  range: string;
  optional: boolean;
  /** The package's own build needs it (its files import types from it): it goes to `devDependencies` too. */
  build?: boolean;
}

/** What a plugin contributes. Paths are inside the output package (`src/advanced/query.ts`). */
export interface PluginOutput {
  files: Map<string, string>;
  /** Files already in prettier's layout: the format stage passes them through (generator/print/format.ts). */
  formatted?: ReadonlySet<string>;
  /** Files copied as they are (the runtime): never formatted. */
  verbatim?: ReadonlySet<string>;
  exports?: readonly PackageExport[];
  /** Commands the package installs. */
  bins?: readonly PackageBin[];
  peerDependencies?: readonly PeerDependency[];
  /** Things worth telling the user (keywords not checked at run time, …). */
  warnings?: readonly Problem[];
}

/** What `generate()` hands to a plugin's `package` step. */
export interface PackageContext<O> {
  model: PackageModel;
  options: O;
  /** The runtime the package ships (runtime/*.ts by file name) and the names its entry exports. */
  runtime: RuntimeModel;
  /** The TypeScript version the package's build uses. */
  typescriptVersion: string;
  /** The exports, bins and peer dependencies of the plugins that ran before this one, in order. */
  contributed: {
    exports: readonly PackageExport[];
    bins: readonly PackageBin[];
    peerDependencies: readonly PeerDependency[];
  };
}

/** The runtime as plugins see it: its files, and its entry's (runtime/index.ts) exported names. */
export interface RuntimeModel {
  files: ReadonlyMap<string, string>;
  symbols: ReadonlySet<string>;
}

export interface OutputPlugin<O extends object = Record<string, never>> {
  /** Lower-case, `-`-separated: `types`, `tanstack-query`. Names the plugin in errors. */
  readonly name: string;
  /** One sentence: what the plugin writes. */
  readonly description: string;
  readonly options: PluginOptions<O>;
  /**
   * The files of one document (under `src/<subpath>/`). Pure; a warm process calls it again only
   * for documents whose model changed (generator/commands/caches.ts).
   */
  document?(doc: DocumentModel, options: O): PluginOutput;
  /** The files of the whole package, after every plugin before it has run. */
  package?(context: PackageContext<O>): PluginOutput;
}

/** A plugin with its options checked (generator/plugins/run.ts `usePlugin`). */
export interface PluginUse {
  readonly plugin: OutputPlugin<object>;
  readonly options: object;
  /** The plugin's name and options as text: documents' outputs are cached under it. */
  readonly key: string;
}
