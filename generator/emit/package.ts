/** Emits the package files from the handlebars templates in templates/: package.json, tsconfigs, README. */
import Handlebars from "handlebars";
import type { DocumentModel, PackageModel } from "../model.js";
import { firstSentence } from "./schema-walk.js";

export interface Templates {
  [name: string]: string;
}

export function emitPackageFiles(model: PackageModel, templates: Templates, typescriptVersion: string): Map<string, string> {
  const view = {
    packageName: model.packageName,
    version: model.version,
    description: model.description.replace(/"/g, '\\"'),
    typescriptVersion,
    documents: model.documents.map((d) => ({
      title: d.title,
      subpath: d.subpath,
      factory: d.factory,
      source: d.source,
      firstLine: firstSentence(d.description),
      example: readmeExample(d, model.packageName),
      methods: d.methods.map((m) => ({ clientName: m.clientName, rpcName: m.rpcName, summary: m.summary.replace(/\|/g, "\\|").replace(/\n/g, " ") })),
    })),
  };
  const render = (name: string): string => Handlebars.compile(templates[name] ?? "", { noEscape: true, strict: true })(view);
  return new Map([
    ["package.json", render("package.json.hbs")],
    ["tsconfig.json", render("tsconfig.json.hbs")],
    ["tsconfig.cjs.json", render("tsconfig.cjs.json.hbs")],
    ["README.md", render("README.md.hbs")],
  ]);
}

function readmeExample(d: DocumentModel, packageName: string): string {
  const variable = d.subpath.replace(/[^A-Za-z0-9]/g, "") || "client";
  const keyed = d.servers.find((s) => s.kind === "keyed");
  const proxy = d.servers.find((s) => s.kind === "proxy");
  const urlOf = (s: typeof keyed): string => Object.values(s?.variables ?? {}).find((v) => /^[a-z]+:\/\//.test(v.default))?.default ?? "https://host/path";
  const lines = [`import { ${d.factory} } from "${packageName}/${d.subpath}";`, ""];
  if (keyed) lines.push(`const ${variable} = ${d.factory}({ url: "${urlOf(keyed)}", apiKey: process.env.API_KEY });`);
  else lines.push(`const ${variable} = ${d.factory}({ url: "${urlOf(d.servers[0])}" });`);
  if (proxy) lines.push(`const playground = ${d.factory}({ proxyUrl: "${urlOf(proxy)}" }); // keyless, params by position`);
  const m = d.methods.find((x) => x.examples.length > 0) ?? d.methods[0];
  if (m) {
    const ex = m.examples[0];
    const args = !ex
      ? ""
      : m.signature === "positional"
        ? m.params.filter((p) => ex.params[p.name] !== undefined).map((p) => JSON.stringify(ex.params[p.name])).join(", ")
        : JSON.stringify(ex.params);
    lines.push(`const result = await ${variable}.${m.clientName}(${args});`);
  }
  return lines.join("\n");
}
