/** Defaults shared by the CLI and the tests. */
export const DEFAULT_PACKAGE = "@blockchain-rpc/clients";
/** The package version unless `--pkg-version` says otherwise. */
export const DEFAULT_VERSION = "0.1.0";
/** Where the playground page finds the mock server unless `npm run docs -- --mock-url` says otherwise: `mock/` next to the page, as `npm run playground` serves it. */
export const DEFAULT_MOCK_URL = "mock/";
