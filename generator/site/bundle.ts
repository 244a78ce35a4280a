/**
 * The page's script: one classic (IIFE) bundle, so the site also opens without a server, built
 * with esbuild from generator/site/browser/ and the generated package in generated/ (each API's
 * client factory, with its validators, method table and the runtime's error classes). The entry
 * is written here from the site model: it imports each API's factory (and the WebSocket transport
 * when a method is a subscription) and starts the page.
 */
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { identifier, stringLiteral } from "../print/escape.js";
import { SOURCE_CONDITION } from "../defaults.js";
import type { SiteData } from "./types.js";

export interface Bundle {
  /** The minified script. */
  code: string;
  metafile: Metafile;
  bytes: number;
  gzipBytes: number;
}

/** The bundle entry: `start({ advanced: createAdvancedClient, … })`, importing the clients of the package in `packageDir`. */
export function entrySource(site: SiteData, root: string, packageDir = path.join(root, "generated")): string {
  const lines = [`import { start } from ${stringLiteral(path.join(root, "generator/site/browser/main.ts"))};`];
  site.apis.forEach((api, i) =>
    lines.push(
      `import { ${identifier(api.factory)} as f${i} } from ${stringLiteral(path.join(packageDir, "src", api.subpath, "index.ts"))};`,
    ),
  );
  const subscriptions = site.apis.some((api) => api.methods.some((m) => m.subscription));
  if (subscriptions)
    lines.push(`import { webSocket } from ${stringLiteral(path.join(packageDir, "src/ws/index.ts"))};`);
  lines.push(
    `start({ ${site.apis.map((api, i) => `${stringLiteral(api.subpath)}: f${i}`).join(", ")} }${subscriptions ? ", webSocket" : ""});`,
  );
  return `${lines.join("\n")}\n`;
}

export async function bundleSite(
  site: SiteData,
  root: string,
  packageDir = path.join(root, "generated"),
): Promise<Bundle> {
  const result = await build({
    stdin: {
      contents: entrySource(site, root, packageDir),
      resolveDir: root,
      sourcefile: "site-entry.ts",
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    platform: "browser",
    // generated/src itself, not its build: the package's `#…` imports map to the sources under this condition.
    conditions: [SOURCE_CONDITION],
    target: "es2022",
    minify: true,
    legalComments: "none",
    metafile: true,
    write: false,
    logLevel: "silent",
    // The WebSocket transport's Node fallback (`import("ws")`) is never reached in a browser.
    external: ["ws"],
  });
  const code = result.outputFiles[0]!.text;
  return {
    code,
    metafile: result.metafile,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
  };
}

/** The largest inputs of the bundle, for the size report: `generated/src/eth/validators.ts 12.3 KB`. */
export function largestInputs(metafile: Metafile, root: string, count = 8): string[] {
  const output = Object.values(metafile.outputs)[0];
  const inputs = Object.entries(output?.inputs ?? {}).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  return inputs
    .slice(0, count)
    .map(
      ([file, info]) =>
        `${path.relative(root, path.resolve(root, file)) || file} ${(info.bytesInOutput / 1024).toFixed(1)} KB`,
    );
}
