import { defineConfig } from "vitest/config";
import { SOURCE_CONDITION as SOURCE } from "./generator/defaults.js";
import { runtimeOnce } from "./test/setup/runtime-once.js";

// The generated package's `#…` imports map to its TypeScript sources under SOURCE: tests run
// generated/src before any build. Beside Vite's own default conditions, which naming any replaces.

export default defineConfig({
  // Generated packages imported from temp folders share the project's runtime/ modules where their
  // copies are exact (test/setup/runtime-once.ts): transformed once per run, not once per package.
  plugins: [runtimeOnce()],
  resolve: { conditions: [SOURCE, "module", "browser", "development|production"] },
  ssr: { resolve: { conditions: [SOURCE, "module", "node", "development|production"] } },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/setup/pack-dir.ts"],
    // `npm run test:times` (bench/test-times.ts) meters each file's CPU; off otherwise.
    setupFiles: process.env.TEST_TIMES ? ["test/setup/cpu-meter.ts"] : [],
    // OpenTelemetry's `module` builds (picked by the `module` condition above) import files without their
    // extension, which Node cannot load: Vite bundles these two for the tests (test/helpers/otel.ts).
    deps: { optimizer: { ssr: { enabled: true, include: ["@opentelemetry/api", "@opentelemetry/sdk-trace-base"] } } },
    // Two test files at a time: vitest's default on a 2-core machine is one (cores - 1), which left a
    // core idle whenever a test waited on a server or a child process. Most files spend their time
    // in child processes (tsc, npm, esbuild, node) or waiting on loopback servers.
    maxWorkers: 2,
    // V8's efficiency mode in the workers ("for situations with no latency requirements", fewer
    // threads): less background compiling and collecting beside the tests, which were a fifth of the
    // run's CPU. On Node 24, alternating runs: 248 and 269 s with it, 294 and 289 s without; two runs at
    // once: 545 against 568 s of CPU (docs/DECISIONS.md, "Tenth round"). Node 20's V8 lacks the flag.
    execArgv: Number(process.versions.node.split(".")[0]) >= 22 ? ["--efficiency-mode"] : [],
    // One module graph per worker, shared by the files it runs one after another: a file no longer
    // pays for importing and transforming the generator, prettier and the runtime again (about 40% of
    // the CPU of the unit-test files). Files keep no state across that border: each starts its own
    // servers and temp folders and restores what it changes (process.env, globals) in its hooks.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `tsc -p tsconfig.json` over the whole project (vitest 4 passes the tsconfig itself): the
    // *.test-d.ts files are its tests, and a type error in any other file fails the run as an
    // "Unhandled Source Error" (typecheck.ignoreSourceErrors is off). So `npm test` is `vitest run`
    // alone; it used to run the same tsc once more before it.
    //
    // The checker is TypeScript 7 (tsgo, the native port): the same diagnostics at a quarter of the
    // CPU (49 s → 12 s for this project). TypeScript 5.9, which the project pins, checks the same
    // tsconfig in CI's own step (`npm run typecheck`, .ci/run) and in every editor. It runs with Go's
    // collector off below a memory limit, as the tests run it (test/setup/tsgo-checker.sh).
    typecheck: {
      enabled: true,
      checker: "test/setup/tsgo-checker.sh",
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
