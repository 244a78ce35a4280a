import { defineConfig } from "vitest/config";
import { SOURCE_CONDITION as SOURCE } from "./generator/defaults.js";

// The generated package's `#…` imports map to its TypeScript sources under SOURCE: tests run
// generated/src before any build. Beside Vite's own default conditions, which naming any replaces.

export default defineConfig({
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
