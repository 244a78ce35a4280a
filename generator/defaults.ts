/** Defaults shared by the CLI and the tests. */
export const DEFAULT_PACKAGE = "@blockchain-rpc/clients";
/** The version of a package before its first release (`npm run release` raises it; `npm run gen` keeps it). */
export const DEFAULT_VERSION = "0.1.0";
/** Git tags of releases of the generated package: `clients-v1.2.0` (`npm run release` looks for the last one). */
export const RELEASE_TAG_PREFIX = "clients-v";
/**
 * The condition under which the generated package's `#…` imports map to its TypeScript sources
 * (generator/plugins/package/package.ts): for tools that run or bundle src/ before any build (the
 * site bundle, this project's tests and bench). Never for a process that loads the built package.
 */
export const SOURCE_CONDITION = "openrpc-ts-source";
/** Where the playground page finds the mock server unless `npm run docs -- --mock-url` says otherwise: `mock/` next to the page, as `npm run playground` serves it. */
export const DEFAULT_MOCK_URL = "mock/";
/**
 * Most methods one document may have. Generation is linear in the method count (about 0.5 ms a
 * method; `npm run bench -- --only scaling`), so this bounds a run to a minute or two and the
 * output to what an editor and tsc still open; the largest public API documents have a few hundred.
 */
export const MAX_METHODS = 50_000;
