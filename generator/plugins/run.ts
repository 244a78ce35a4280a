/**
 * Runs the output plugins (generator/model/plugin.ts): checks each plugin's options, calls its
 * `document` step for every document (cached per document object by a warm process) and its
 * `package` step with what the plugins before it contributed, and gathers their files, exports,
 * bins, peer dependencies and warnings. Two plugins never write the same file, export the same
 * subpath or install the same bin: that is one clear error naming both. Not a plugin itself; the plugins never import it.
 */
import type { DocumentModel, PackageModel, Problem } from "../model/document.js";
import type {
  OutputPlugin,
  PackageBin,
  PackageExport,
  PeerDependency,
  AnyPluginOption,
  PluginOutput,
  PluginUse,
  RuntimeModel,
} from "../model/plugin.js";
import { GeneratorError } from "../problems.js";

/** Outputs of each document by plugin use (`PluginUse.key`): a warm process keeps them per document object. */
export type DocumentOutputs = WeakMap<DocumentModel, Map<string, PluginOutput>>;

/** All the plugins' contributions, in plugin order. */
export interface PluginResults {
  files: Map<string, string>;
  formatted: Set<string>;
  verbatim: Set<string>;
  exports: PackageExport[];
  bins: PackageBin[];
  peerDependencies: PeerDependency[];
  warnings: Problem[];
}

/**
 * `plugin` with `options` (given by a user or a test; untrusted) checked against what it declares.
 * Unknown options and values of the wrong kind are one GeneratorError naming the plugin and the option.
 */
export function usePlugin<O extends object>(plugin: OutputPlugin<O>, options: Partial<O> = {}): PluginUse {
  const given: unknown = options;
  const place = { file: `plugin "${plugin.name}"` };
  if (typeof given !== "object" || given === null || Array.isArray(given))
    throw new GeneratorError(
      [
        {
          ...place,
          pointer: "",
          message: `The options of plugin "${plugin.name}" must be an object.`,
          hint: "Pass { option: value, … } or nothing.",
        },
      ],
      "plugins",
    );
  const declared = plugin.options as Record<string, AnyPluginOption>;
  const problems: Problem[] = [];
  const checked: Record<string, unknown> = {};
  for (const name of Object.keys(given)) {
    if (!Object.prototype.hasOwnProperty.call(declared, name))
      problems.push({
        ...place,
        pointer: `/${name}`,
        message: `Plugin "${plugin.name}" has no option ${JSON.stringify(name)}.`,
        hint: `Its options are: ${Object.keys(declared).join(", ") || "none"}.`,
      });
  }
  for (const [name, spec] of Object.entries(declared)) {
    const value: unknown = Object.prototype.hasOwnProperty.call(given, name)
      ? (given as Record<string, unknown>)[name]
      : undefined;
    if (value === undefined) {
      checked[name] = spec.default;
      continue;
    }
    const problem = optionProblem(spec, value);
    if (problem)
      problems.push({
        ...place,
        pointer: `/${name}`,
        message: `The option "${name}" of plugin "${plugin.name}" ${problem}.`,
        hint: `${name}: ${spec.describe}`,
      });
    else checked[name] = value;
  }
  if (problems.length > 0) throw new GeneratorError(problems, "plugins");
  return {
    plugin: plugin as unknown as OutputPlugin<object>,
    options: checked,
    key: `${plugin.name} ${JSON.stringify(checked)}`,
  };
}

/** Why `value` does not fit `spec`, as the end of a sentence, or `undefined`. */
function optionProblem(spec: AnyPluginOption, value: unknown): string | undefined {
  const shown = typeof value === "string" ? JSON.stringify(value.slice(0, 80)) : typeof value;
  if (typeof value !== spec.type) return `must be a ${spec.type}, not ${shown}`;
  if (spec.type === "number" && !Number.isFinite(value)) return "must be a finite number";
  const values = "values" in spec ? spec.values : undefined;
  if (values && !values.includes(value as string))
    return `must be one of ${values.map((v: string) => JSON.stringify(v)).join(", ")}, not ${shown}`;
  return spec.check?.(value as never);
}

/** Runs `uses` in order over `model`: every `document` step for every document, then the `package` step. */
export function runPlugins(
  uses: readonly PluginUse[],
  model: PackageModel,
  fixed: { runtime: RuntimeModel; typescriptVersion: string },
  cache?: DocumentOutputs,
): PluginResults {
  const results: PluginResults = {
    files: new Map(),
    formatted: new Set(),
    verbatim: new Set(),
    exports: [],
    bins: [],
    peerDependencies: [],
    warnings: [],
  };
  const owners = new Map<string, string>();
  for (const use of uses) {
    const { plugin, options } = use;
    if (plugin.document)
      for (const doc of model.documents) add(results, owners, plugin.name, documentOutput(use, doc, cache));
    if (plugin.package)
      add(
        results,
        owners,
        plugin.name,
        plugin.package({
          model,
          options,
          runtime: fixed.runtime,
          typescriptVersion: fixed.typescriptVersion,
          contributed: {
            exports: [...results.exports],
            bins: [...results.bins],
            peerDependencies: [...results.peerDependencies],
          },
        }),
      );
  }
  return results;
}

function documentOutput(use: PluginUse, doc: DocumentModel, cache: DocumentOutputs | undefined): PluginOutput {
  let outputs = cache?.get(doc);
  const cached = outputs?.get(use.key);
  if (cached) return cached;
  const output = use.plugin.document!(doc, use.options);
  if (cache) {
    outputs ??= new Map();
    outputs.set(use.key, output);
    cache.set(doc, outputs);
  }
  return output;
}

function add(results: PluginResults, owners: Map<string, string>, name: string, output: PluginOutput): void {
  const claim = (what: string, item: string): void => {
    const owner = owners.get(`${what} ${item}`);
    if (owner !== undefined)
      throw new GeneratorError(
        [
          {
            file: `plugin "${name}"`,
            pointer: "",
            message: `Plugins "${owner}" and "${name}" both write the ${what} ${JSON.stringify(item)}.`,
            hint: "Give one of them another path (an option), or leave one out of the plugin list.",
          },
        ],
        "plugins",
      );
    owners.set(`${what} ${item}`, name);
  };
  for (const [file, text] of output.files) {
    claim("file", file);
    results.files.set(file, text);
  }
  for (const file of output.formatted ?? []) results.formatted.add(file);
  for (const file of output.verbatim ?? []) results.verbatim.add(file);
  for (const e of output.exports ?? []) {
    claim("export", e.subpath);
    results.exports.push(e);
  }
  for (const b of output.bins ?? []) {
    claim("bin", b.name);
    results.bins.push(b);
  }
  for (const p of output.peerDependencies ?? []) {
    if (!results.peerDependencies.some((q) => q.name === p.name)) results.peerDependencies.push(p);
  }
  results.warnings.push(...(output.warnings ?? []));
}
