/**
 * Naming rules, decided once: identifiers from spec names (their words kept), reserved names,
 * and predictable collision suffixes. Every name the emitters write comes from here, through
 * the model; no emitter derives a name again.
 */
import { BINDING_RESERVED_WORDS, isIdentifier, RESERVED_WORDS } from "../print/escape.js";

export { isIdentifier };

/**
 * Names the generated modules use themselves (runtime imports, local bindings, the globals
 * their code refers to): a spec name equal to one of them is renamed, with a warning.
 */
export const RESERVED_TYPE_NAMES: readonly string[] = [
  // runtime imports and local bindings of the generated modules
  ...[
    "createRpcClient",
    "CallFn",
    "CallOptions",
    "ClientOptions",
    "PaginateOptions",
    "Paginator",
    "ApiSpec",
    "Validator",
    // the per-method functions' module (plugins/client/methods.ts)
    "MethodSpec",
    "RpcClient",
    "coreSpec",
  ],
  ...[
    "SubscribeFn",
    "SubscribeOptions",
    "Subscription",
    "api",
    "calls",
    "subscriptions",
    "v",
    "validators",
    "resultValidators",
    "itemValidators",
    "GeneratedRoot__",
  ],
  // globals that generated code refers to
  ...[
    "Promise",
    "PromiseSettledResult",
    "Awaited",
    "Record",
    "Readonly",
    "ReadonlyArray",
    "Array",
    "Omit",
    "NonNullable",
  ],
  ...["Partial", "Required", "Pick", "Exclude", "Extract", "Object", "String", "Number", "Boolean", "BigInt", "Symbol"],
  ...["Error", "RegExp", "Date", "JSON", "Math", "Function", "Map", "Set", "Uint8Array", "ArrayBuffer", "globalThis"],
  ...["NaN", "Infinity"],
];

/** Client members the runtime provides: a method with one of these names gets a suffix. */
export const RESERVED_MEMBERS: readonly string[] = ["request", "paginate", "batch", "close", "subscribe", "__proto__"];

/** Module-level names of the per-method functions' module (plugins/client/methods.ts): no function takes one. */
export const RESERVED_FUNCTIONS: readonly string[] = ["createRpcClient", "coreSpec"];

/**
 * Argument names the generated method bodies and per-method functions use: a positional param with
 * one of these names is renamed. A param called `options` keeps its name: the trailing per-call
 * argument is renamed instead (`MethodModel.optionsArg`, client-names.ts). `params` is free: only
 * params-object signatures use it, and those have no positional arguments.
 */
export const RESERVED_ARGS: readonly string[] = ["call", "callOptions", "core"];

/**
 * Words of a name. Splits on anything that is not a letter (of any script: `größe`, `Ракета`,
 * `שם` keep theirs, nothing is transliterated), a digit or a combining mark, and on lower→upper
 * steps (`getNFTsByOwner` → get, NFTs, By, Owner). A SCREAMING_SNAKE_CASE name keeps its words
 * but not its shouting (`BROADCASTED_DECLARE_TXN_V3` → Broadcasted, Declare, Txn, V3), and so
 * does one shouted word of four letters or more among others (`EXPERIMENTAL_changes` →
 * Experimental, changes). Characters beyond the Basic Multilingual Plane are left out (prettier
 * would quote them as keys).
 */
function words(name: string): string[] {
  const screaming = /^[\p{Lu}\p{Nd}]+(?:_[\p{Lu}\p{Nd}]+)+$/u.test(name);
  const mixed = /\p{Ll}/u.test(name);
  return name
    .replace(/\p{Cs}|[\u{10000}-\u{10FFFF}]/gu, " ")
    .replace(/([\p{Ll}\p{Nd}])(\p{Lu})/gu, "$1 $2")
    .split(/[^\p{L}\p{Nd}\p{Nl}\p{Mn}\p{Mc}]+/u)
    .filter((w) => w.length > 0 && /^[\p{L}\p{Nd}\p{Nl}]/u.test(w))
    .map((w) => (screaming || (mixed && /^\p{Lu}{4,}$/u.test(w)) ? w.charAt(0) + w.slice(1).toLowerCase() : w));
}

/**
 * A type name: `getLogs` → `GetLogs`, `eth_getBlockByNumber` → `EthGetBlockByNumber`,
 * `NUM_AS_HEX` → `NumAsHex`, `p2p_unblock` → `P2PUnblock`. A letter after a digit is upper case
 * and a leading digit gets `_` (the names the generated types have always had, so that
 * upgrading the generator renames nothing).
 */
export function pascalCase(name: string): string {
  const joined = words(name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")
    .replace(/(\p{Nd})(\p{Ll})/gu, (_m, digit: string, letter: string) => digit + letter.toUpperCase());
  if (joined === "") return "Unnamed";
  return /^\p{Nd}/u.test(joined) ? `_${joined}` : joined;
}

/** `foo.bar` → `fooBar`, `eth-call` → `ethCall`; names that are already identifiers stay as they are. */
export function memberName(name: string): string {
  if (isIdentifier(name)) return name;
  const p = pascalCase(name);
  return p === "Unnamed" ? "unnamed" : p[0] === "_" ? p : p[0]!.toLowerCase() + p.slice(1);
}

/** A variable name: identifiers stay, reserved words get a trailing underscore. */
export function variableName(name: string): string {
  const base = memberName(name);
  return RESERVED_WORDS.has(base) ? `${base}_` : base;
}

/**
 * A parameter name: like `variableName`, but a word strict TypeScript accepts as a parameter
 * stays as it is (`number`, `string`, `type`); only words that cannot name a binding (`class`,
 * `default`, `this`) get a trailing underscore.
 */
export function argumentName(name: string): string {
  const base = memberName(name);
  return BINDING_RESERVED_WORDS.has(base) ? `${base}_` : base;
}

/**
 * Hands out unique names: the first taker of a name keeps it, later ones get `2`, `3`, …
 * and a note saying what was renamed. Reserved names are never given out.
 */
export class NameRegistry {
  private readonly taken = new Map<string, string>();
  private readonly reserved = new Set<string>();
  readonly renamed: { wanted: string; given: string; owner: string; firstOwner: string }[] = [];

  /**
   * `reservedSuffix`: a spec name equal to a reserved one gets this suffix rather than a number
   * (`String` → `StringType`): the document named it once, and a number would read as a twin.
   */
  constructor(
    reserved: Iterable<string> = [],
    private readonly reservedSuffix?: string,
  ) {
    for (const name of reserved) {
      this.taken.set(name, "a name the generated code uses itself");
      this.reserved.add(name);
    }
  }

  claim(wanted: string, owner: string): string {
    if (!this.taken.has(wanted)) {
      this.taken.set(wanted, owner);
      return wanted;
    }
    const suffixed = this.reservedSuffix && this.reserved.has(wanted) ? `${wanted}${this.reservedSuffix}` : undefined;
    if (suffixed !== undefined && !this.taken.has(suffixed)) {
      this.taken.set(suffixed, owner);
      this.renamed.push({ wanted, given: suffixed, owner, firstOwner: this.taken.get(wanted) ?? "" });
      return suffixed;
    }
    let n = 2;
    while (this.taken.has(`${wanted}${n}`)) n++;
    const given = `${wanted}${n}`;
    this.taken.set(given, owner);
    this.renamed.push({ wanted, given, owner, firstOwner: this.taken.get(wanted) ?? "" });
    return given;
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }
}
