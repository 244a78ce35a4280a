// ESLint for our own code (generator/, runtime/, test/, bench/): the recommended rules of ESLint
// and typescript-eslint, and the type-aware rules that catch real bugs in async code.
// The generated package is checked by its own tests (tsc --strict, prettier --check), not here.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "generated/",
      "scratch/",
      "test-output/",
      "bench/.build/",
      "test/fixtures/",
      "**/*.compiled.*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["generator/site/browser/**", "runtime/**"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
