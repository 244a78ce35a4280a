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
/**
 * What the reading policy fills in for a member the OpenRPC meta-schema requires and an object lacks
 * (rule `meta-schema-required`, generator/policy/rules.ts), by the meta-schema's name of the object
 * (`root` for the document) and the member. `file` and `pointer` say where the object is (its last
 * token is its place in a list, or its name among components). A member not listed has no default:
 * its object is left out (a method without a name, an error without a code).
 */
export const MISSING_MEMBERS: Readonly<
  Record<string, Readonly<Record<string, (at: { file: string; pointer: string }) => unknown>>>
> = {
  root: {
    openrpc: () => "1.3.2",
    info: ({ file }) => ({ title: titleOfFile(file), version: "0.0.0" }),
  },
  infoObject: { title: ({ file }) => titleOfFile(file), version: () => "0.0.0" },
  methodObject: { params: () => [] },
  contentDescriptorObject: {
    name: ({ pointer }) => (pointer.endsWith("/result") ? "result" : placeName(pointer, "param")),
    schema: () => ({}),
  },
  examplePairingObject: { name: ({ pointer }) => placeName(pointer, "example"), params: () => [] },
  exampleObject: { name: ({ pointer }) => placeName(pointer, "example") },
};

/** `spec/petstore.openrpc.json` → `petstore`: a document's title when it has none. */
function titleOfFile(file: string): string {
  return (file.split("/").pop() ?? file).replace(/\..*$/, "") || "API";
}

/** `…/params/2` → `param3`; `…/contentDescriptors/Block` → `Block`. */
function placeName(pointer: string, word: string): string {
  const last = (pointer.split("/").pop() ?? "").replace(/~1/g, "/").replace(/~0/g, "~");
  return /^\d+$/.test(last) ? `${word}${Number(last) + 1}` : last || word;
}
