/**
 * The reading policy's one table: every rule a document can break while it is read (load,
 * validate, normalize, examples), what it means, and what is generated instead. Each problem the
 * reading road reports names its rule (`Problem.rule`); a rule is one of three kinds:
 *
 * - `fatal`: the document cannot be read at all (not JSON or YAML, not an OpenRPC document, no
 *   methods). Every command stops, whatever the policy.
 * - `fallback`: something is wrong, and the generator knows what to generate instead (`fallback`,
 *   one sentence). Under the strict policy (the project's own spec/, the default) it stops the
 *   command and says that `--lenient` would generate it; under `--lenient` (documents you do not
 *   own) it is a warning and the fallback is what you get.
 * - `warning`: worth knowing, never stops anything.
 *
 * docs/READING.md is printed from this table (generator/policy/table.ts); a test fails when it is
 * not current, so the documentation cannot drift from what the generator does.
 */

export type RuleKind = "fatal" | "fallback" | "warning";

export interface Rule {
  readonly kind: RuleKind;
  /** When it applies, as the rest of a sentence about the document: "a file cannot be read". */
  readonly when: string;
  /** What is generated instead (fallback rules), as a sentence. */
  readonly fallback?: string;
}

const fatal = (when: string): Rule => ({ kind: "fatal", when });
const fallback = (when: string, instead: string): Rule => ({ kind: "fallback", when, fallback: instead });
const warning = (when: string, instead?: string): Rule => ({
  kind: "warning",
  when,
  ...(instead ? { fallback: instead } : {}),
});

/** Every rule, by id. The order is the order of docs/READING.md: as the reading road meets them. */
export const RULES = {
  // ── reading the files
  unreadable: fatal("the spec file itself cannot be read (missing, not a regular file, or larger than the size limit)"),
  syntax: fatal("the spec file is not valid JSON or YAML"),
  "not-openrpc": fatal("the document is not an object with a `methods` list or an `openrpc` version"),
  "too-deep": fallback(
    "a file nests objects and arrays more than 128 levels deep",
    "Each value deeper than that is read as `{}` (any value), so nothing recurses without bound.",
  ),
  "too-many-files": fallback(
    "the document reaches more than 256 files through `$ref`s",
    "`$ref`s to the files beyond the limit are read as unresolved (see ref-dangling).",
  ),
  "ref-unreadable": fallback(
    "a file named by a `$ref` cannot be read or is not valid JSON or YAML",
    "The `$ref` is read as unresolved (see ref-dangling).",
  ),
  "ref-outside": fallback(
    "a `$ref` names a file outside the folders the generator reads (the spec's folder and the working folder, or --ref-root), an absolute path, or a symbolic link leading outside",
    "The file is not read; the `$ref` is read as unresolved (see ref-dangling).",
  ),
  "ref-remote": fallback(
    "a `$ref` is a remote URL (the generator never fetches)",
    "The `$ref` is read as unresolved (see ref-dangling).",
  ),
  // ── the document's shape
  "openrpc-version": fallback(
    "the `openrpc` field is missing or not a 1.x version",
    'The document is read as OpenRPC 1.3 (`"openrpc": "1.3.2"`).',
  ),
  "openrpc-newer": warning(
    "the document declares an OpenRPC version newer than the newest meta-schema the generator has",
    "It is checked against the newest one (1.4).",
  ),
  "too-many-methods": fallback(
    "the document has more methods than the generator takes in one document (50,000)",
    "The first 50,000 methods are generated.",
  ),
  "meta-schema": fallback(
    "a value does not have the shape the OpenRPC meta-schema gives it (a wrong type, an unknown property, a value outside an enum)",
    "The value is left out, as if the document did not have it; when the meta-schema requires it, the required-member rule fills it in or leaves out the object.",
  ),
  "meta-schema-required": fallback(
    "an object lacks a member the OpenRPC meta-schema requires",
    "A default fills it in where one exists (info title and version, a method's params `[]`, a content descriptor's name and schema `{}`, an example pairing's name and params); otherwise the object is left out (a method without a name, an error without a code).",
  ),
  "no-methods": fatal("no method is left to generate (the list is empty, or every method had to be left out)"),
  "ref-dangling": fallback(
    "a `$ref` points at nothing (a missing file or a JSON pointer that does not resolve)",
    "In a schema the `$ref` is left out, so the schema accepts any value (`unknown`); a method, param or result that is such a `$ref` becomes a param or result of any value, and an error, example or tag is left out.",
  ),
  "ref-cycle": fallback(
    "a chain of `$ref`s comes back to itself without reaching a schema",
    "The `$ref` that closes the chain is read as unresolved (see ref-dangling).",
  ),
  "embedded-definitions": warning(
    "a `$ref` of the form `#/definitions/X` points at nothing in its file, but a schema around it carries `definitions` with `X` (what schemars and draft-04 tools emit)",
    "The `$ref` resolves against the nearest enclosing schema that defines `X`.",
  ),
  "method-duplicate": fallback(
    "two methods share one name",
    "The later method is left out (a JSON-RPC call names one method).",
  ),
  "param-duplicate": fallback(
    "two params of one method share one name",
    "The later one is renamed with a number (`name2`); its place in positional calls is unchanged. Also allowed alone by --allow-duplicate-params.",
  ),
  "param-order": fallback(
    "a required param comes after an optional one in a method that may take params by position",
    "The params keep the document's order: the signature takes `undefined` for a skipped optional param before a required one, and the call sends `null` in its place.",
  ),
  extension: fallback(
    "an `x-` extension the generator reads does not have its shape (spec/README.md)",
    "The extension is ignored, as if the document did not have it.",
  ),
  "extension-param": fallback(
    "an `x-limits` rule, an `x-result-variants` entry or an `x-subscription` variant names a param the method does not have",
    "That rule, entry or variant is ignored.",
  ),
  subscription: fallback(
    "an `x-subscription` does not fit its document (no result, an unsubscribe method that is missing or takes no id, a notification that is also a method)",
    "The `x-subscription` is ignored: the method is a plain call.",
  ),
  subpath: fallback(
    "`x-client.subpath` cannot name a folder and an export of the package",
    "The subpath comes from the file's name, as without `x-client.subpath`.",
  ),
  "subpath-taken": fallback(
    "two documents of one package have the same subpath",
    "The later document's subpath gets a number (`api2`).",
  ),
  // ── schemas
  "pattern-syntax": fallback(
    "a `pattern` or `patternProperties` key is not a regular expression (ECMA-262)",
    "The pattern is not checked anywhere (types, validators, mock); a `patternProperties` entry is left out.",
  ),
  "pattern-exponential": fallback(
    "a `pattern` can backtrack catastrophically (exponential time on a short text)",
    "The pattern is left out: nothing checks it (validators, mock, examples), so nothing can hang on it.",
  ),
  "pattern-polynomial": warning(
    "a `pattern` can take time that grows polynomially with the text's length",
    "It is checked as written.",
  ),
  "pattern-u-flag": warning(
    "a `pattern` is a valid regular expression only without the u flag that JSON Schema implies",
    "It is used without the u flag.",
  ),
  "code-keyword": warning(
    "a schema carries `tsType` or `tsEnumNames` (TypeScript code some generators copy)",
    "The keyword is ignored; types come from JSON Schema keywords only.",
  ),
  "schema-too-deep": fallback("schemas nest more than 100 levels deep", "The deeper schema is read as `unknown`."),
  "self-reference": fallback(
    "a schema is defined in terms of itself with no object property or array item in between (`A = allOf[A]`)",
    "The `$ref` that closes the cycle is left out: a union or `allOf` member that is only that `$ref` leaves its list (`anyOf: [Self, null]` reads as `null` and the other members), elsewhere the schema reads as `unknown`.",
  ),
  unsatisfiable: warning(
    "no value can satisfy a schema (a required property that `additionalProperties: false` forbids; a result schema `false`)",
    "The forbidden names are not required; a `false` result is read as `null`.",
  ),
  nullable: warning(
    "a schema says `nullable: true` (OpenAPI's keyword, not JSON Schema's)",
    "It is read as JSON Schema's `null` type added to the schema's (`T | null`).",
  ),
  // ── names
  "method-name": warning(
    "a method name is not a JavaScript identifier",
    "The client member is made from its words; the JSON-RPC name on the wire is unchanged.",
  ),
  "param-name": warning(
    "a param name is not usable as a TypeScript argument name",
    "The argument gets a usable name; the wire is unchanged.",
  ),
  rename: warning(
    "two things of the document would get the same TypeScript name",
    "The later one gets a number (`Name2`); a warning names both.",
  ),
  "mcp-tool-name": warning(
    "two methods of the package's documents would give one MCP tool name",
    "The later tool's name is prefixed with its document's subpath (`eth_getBlock`).",
  ),
  // ── subscriptions and notifications by convention
  "subscription-convention": warning(
    "a method follows a subscription convention with an id (`eth_subscribe` with `eth_unsubscribe`, Solana's `<x>Subscribe`/`<x>Unsubscribe`, Starknet's `<ns>_subscribe<X>` with its `<ns>_subscription<X>` notification method) or looks like one (tagged `PubSub`, a `<ns>.subscribe` beside a `<ns>.unsubscribe`)",
    "When all of the convention's halves are in the document it is a subscription member (subscribes, takes the notifications of its id, unsubscribes when closed; items the document does not describe are `unknown`); a look-alike stays a plain call, and the warning names what it lacks.",
  ),
  "event-convention": warning(
    "a method is an event without a subscription id (`x-notification: true`, an entry of a top-level `x-notifications` list, a `<ns>:notification/…` method without a result, a Firebolt event method: tagged `event` or named `on<Name>` or `<Module>.on<Name>`, with a boolean `listen` param and a result) or looks like one",
    "A pushed notification is a member that listens for it over WebSocket and yields its params, sending nothing; an event method is a member that calls it with `listen: true`, yields the notifications of its name or its notifier, and calls it with `listen: false` when closed. A look-alike (no `listen` param, a `listen` that is not boolean, no result, a notification name with a result) stays a plain call; an `x-notifications` map or a broken entry is not offered; the warning names what is missing.",
  ),
  // ── examples
  example: fallback(
    "an example does not fit its schema (params, result, or a schema's own examples)",
    "The example is kept in the docs but never served: the mock and the test kit answer a call it would match with a value made from the result schema. With --examples warn alone, only this rule is relaxed.",
  ),
  // ── what a client cannot check
  unchecked: warning(
    "a schema keyword has no run-time check in the generated validators (`if`/`then`, `propertyNames`, …)",
    "The server still enforces it; the client does not check it before sending.",
  ),
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

export function ruleOf(id: RuleId): Rule {
  return RULES[id];
}
