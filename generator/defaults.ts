/** Defaults shared by the CLI and the tests. */
export const DEFAULT_PACKAGE = "@blockchain-rpc/clients";
