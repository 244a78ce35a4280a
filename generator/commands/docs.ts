/**
 * `npm run docs -- --out <dir> [--mock-url <url>] [--spec <file> ...]`: writes the API reference
 * and playground as a static site (index.html, style.css, app.js) for any static host or a local
 * folder, of spec/ or of the documents `--spec` names, read with the reading options gen takes.
 * Prints the bundle's size. Failures are one clear message, exit 1.
 */
import path from "node:path";
import { writeLine } from "./context.js";
import { terminalText } from "../print/escape.js";
import { DEFAULT_MOCK_URL } from "../defaults.js";
import { ROOT } from "../root.js";
import { UsageError, type Command } from "./usage.js";
import { checkReading, checkSpecs, READING_OPTIONS, readingOptions, SPEC_OPTION, type ReadingArgs } from "./reading.js";

export const docs: Command<{ out: string; mockUrl: string; spec?: string[] } & ReadingArgs> = {
  command: "docs",
  npm: "npm run docs --",
  synopsis: "--out <dir> [--mock-url <url>] [--spec <file> ...] [--lenient]",
  describe: "Writes the API reference and playground of spec/ (or of the documents --spec names) as a static site.",
  tool: "The site",
  options: {
    out: {
      type: "string",
      requiresArg: true,
      describe: "Folder for the site (created when missing; refused when it holds files the generator did not write)",
    },
    "mock-url": {
      type: "string",
      requiresArg: true,
      default: DEFAULT_MOCK_URL,
      describe:
        "URL of the mock server the page calls by default (relative to the page, or absolute such as http://127.0.0.1:8545/)",
    },
    ...SPEC_OPTION,
    ...READING_OPTIONS,
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  required: { out: "Pass the folder to write the site to with --out <dir>." },
  examples: [
    ["--out site", "a static site in ./site that calls the mock at ./mock/ (as `npm run playground` serves it)"],
    ["--out site --mock-url http://127.0.0.1:8545/", "for a mock started with `npm run mock -- --port 8545 --spec …`"],
    ["--out site --spec their.openrpc.json --lenient", "the site of a document you do not own"],
  ],
  check: (args) => {
    checkSpecs(args.spec);
    checkReading(args);
    if (args.out.trim() === "") throw new UsageError("--out must name a folder.");
    if (!/^(https?:\/\/[^\s]+|[A-Za-z0-9._~/-]*)$/.test(args.mockUrl))
      throw new UsageError("--mock-url must be an http(s) URL or a relative path such as mock/.");
  },
  run: async (args, context) => {
    const { cwd, stdout } = context;
    const { checkSiteOut, writeSite } = await import("../site/out.js");
    const { buildSite } = await import("../site/site.js");
    const { largestInputs } = await import("../site/bundle.js");
    await checkSiteOut(args.out, cwd);
    const { processCaches } = await import("./caches.js");
    const built = await buildSite({
      mockUrl: args.mockUrl,
      ...(args.spec ? { specs: args.spec, cwd } : {}),
      ...readingOptions(args),
    });
    await writeSite(args.out, built.files, cwd);
    processCaches().format.flush();
    await processCaches().format.saved();
    const rel = path.relative(cwd, path.resolve(cwd, args.out)) || ".";
    const methods = built.site.apis.reduce((n, a) => n + a.methods.length, 0);
    const fromDisk = /^https?:/i.test(built.site.mockUrl)
      ? `calls go to the mock at ${built.site.mockUrl}, also from disk (to subscribe from disk, start that mock with --allow-file-pages)`
      : `opened from disk it reads but calls nothing until you pass --mock-url (a mock started with npm run mock) or pick a custom URL; served, it calls ${built.site.mockUrl} next to itself`;
    writeLine(
      stdout,
      terminalText(
        `Wrote the site (${built.site.apis.length} APIs, ${methods} methods) to ${rel}/: open ${rel}/index.html, or serve the folder with any static file server; ${fromDisk}.`,
      ),
    );
    writeLine(
      stdout,
      `app.js: ${(built.bundle.bytes / 1024).toFixed(1)} KB minified, ${(built.bundle.gzipBytes / 1024).toFixed(1)} KB gzipped; largest parts: ${largestInputs(built.bundle.metafile, ROOT, 5).join(", ")}.`,
    );
    return 0;
  },
};
