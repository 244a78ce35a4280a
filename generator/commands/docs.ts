#!/usr/bin/env node
/**
 * `npm run docs -- --out <dir> [--mock-url <url>]`: writes the API reference and playground as a
 * static site (index.html, style.css, app.js) for any static host or a local folder. Prints the
 * bundle's size. Failures are one clear message, exit 1.
 */
import path from "node:path";
import { helpText, parseArgs, runCli, type CommandSpec } from "./args.js";
import { ROOT } from "../root.js";
import { UsageError } from "./server.js";
import { failureMessage } from "./report.js";
import { largestInputs } from "../site/bundle.js";
import { DEFAULT_MOCK_URL } from "../site/model.js";
import { checkSiteOut, writeSite } from "../site/out.js";
import { buildSite } from "../site/site.js";

const argv = process.argv.slice(2);

const COMMAND: CommandSpec = {
  name: "npm run docs --",
  usage: "--out <dir> [--mock-url <url>]",
  description: "Writes the API reference and playground of spec/ as a static site.",
  options: {
    out: {
      type: "string",
      placeholder: "dir",
      required: "Pass the folder to write the site to with --out <dir>.",
      describe: "Folder for the site (created when missing; refused when it holds files the generator did not write)",
    },
    "mock-url": {
      type: "string",
      placeholder: "url",
      default: DEFAULT_MOCK_URL,
      describe:
        "URL of the mock server the page calls by default (relative to the page, or absolute such as http://127.0.0.1:8545/)",
    },
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  examples: [
    ["--out site", "a static site in ./site that calls the mock at ./mock/ (as `npm run playground` serves it)"],
    ["--out site --mock-url http://127.0.0.1:8545/", "for a mock started with `npm run mock -- --port 8545 --spec …`"],
  ],
};

async function main(): Promise<number> {
  const parsed = parseArgs(COMMAND, argv);
  if (parsed.help) {
    console.log(helpText(COMMAND));
    return 0;
  }
  const args = parsed.values as { out: string; mockUrl: string };
  if (args.out.trim() === "") throw new UsageError("--out must name a folder.");
  if (!/^(https?:\/\/[^\s]+|[A-Za-z0-9._~/-]*)$/.test(args.mockUrl))
    throw new UsageError("--mock-url must be an http(s) URL or a relative path such as mock/.");
  await checkSiteOut(args.out);
  const built = await buildSite({ mockUrl: args.mockUrl });
  await writeSite(args.out, built.files);
  const rel = path.relative(process.cwd(), path.resolve(args.out)) || ".";
  const methods = built.site.apis.reduce((n, a) => n + a.methods.length, 0);
  console.log(
    `Wrote the site (${built.site.apis.length} APIs, ${methods} methods) to ${rel}/: open ${rel}/index.html, or serve the folder with any static file server.`,
  );
  console.log(
    `app.js: ${(built.bundle.bytes / 1024).toFixed(1)} KB minified, ${(built.bundle.gzipBytes / 1024).toFixed(1)} KB gzipped; largest parts: ${largestInputs(built.bundle.metafile, ROOT, 5).join(", ")}.`,
  );
  return 0;
}

runCli(COMMAND, main, (error) => failureMessage(error, "The site", argv.includes("--debug")));
