/** Naming rules: identifiers from spec names, escaping, and predictable collision suffixes. */

const RESERVED = new Set(
  ("break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval undefined").split(" "),
);

/** Words of a name: `adv_getNFTsByOwner` → [adv, get, NF, Ts, By, Owner] is avoided; splits on separators and lower→upper steps. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** `getLogs` → `GetLogs`, `eth_getBlockByNumber` → `EthGetBlockByNumber`, `foo.bar` → `FooBar`. */
export function pascalCase(name: string): string {
  const result = words(name)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
  return /^[0-9]/.test(result) ? `_${result}` : result || "Unnamed";
}

/** `foo.bar` → `fooBar`, `eth-call` → `ethCall`; names that are already identifiers stay as they are. */
export function memberName(name: string): string {
  if (isIdentifier(name)) return name;
  const p = pascalCase(name);
  return p[0] === "_" ? p : p[0]!.toLowerCase() + p.slice(1);
}

/** A variable name: identifiers stay, reserved words get a trailing underscore. */
export function variableName(name: string): string {
  const base = memberName(name);
  return RESERVED.has(base) ? `${base}_` : base;
}

export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** Property key as written in TypeScript: bare when an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : JSON.stringify(name);
}

/**
 * Hands out unique names: the first taker of a name keeps it, later ones get `2`, `3`, …
 * and a note saying what was renamed.
 */
export class NameRegistry {
  private readonly taken = new Map<string, string>();
  readonly renamed: { wanted: string; given: string; owner: string; firstOwner: string }[] = [];

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.set(name, "(reserved)");
  }

  claim(wanted: string, owner: string): string {
    if (!this.taken.has(wanted)) {
      this.taken.set(wanted, owner);
      return wanted;
    }
    let n = 2;
    while (this.taken.has(`${wanted}${n}`)) n++;
    const given = `${wanted}${n}`;
    this.taken.set(given, owner);
    this.renamed.push({ wanted, given, owner, firstOwner: this.taken.get(wanted)! });
    return given;
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }
}
