/**
 * Strings for string schemas: one matching `pattern` (see mock-pattern.ts) within `minLength` and
 * `maxLength`, else one of the `format` (date-time, date, time, email, hostname, ipv4, ipv6, uri,
 * uri-reference, uuid, byte), else one that reads like what its property holds (an address for
 * `contractAddress` or `holders`, a hash for `txHash`, a decimal for `usdPrice`, a URL for
 * `imageUrl`), else a readable `<key>-3f2a`, padded or cut to the length bounds.
 */
import type { MockStringNode } from "./mock-schema.js";
import { stringForPattern } from "./mock-pattern.js";
import type { Random } from "./mock-random.js";

export function stringValue(node: MockStringNode, random: Random, key: string): string {
  const minLength = node.minLength ?? 0;
  const maxLength = node.maxLength ?? Infinity;
  if (node.pattern !== undefined) {
    const matching = stringForPattern(node.pattern, random, { minLength, maxLength });
    if (matching !== undefined) return matching;
  }
  const tag = random.int(0, 0xffff).toString(16).padStart(4, "0");
  const formatted =
    node.format !== undefined ? formatValue(node.format, random, key, tag) : valueForKey(key, random, tag);
  let text = formatted ?? `${key}-${tag}`;
  if (formatted !== undefined && [...text].length >= minLength && [...text].length <= maxLength) return text;
  if ([...text].length < minLength) text = text.padEnd(minLength + text.length - [...text].length, "x");
  return [...text].length > maxLength ? [...text].slice(0, maxLength).join("") : text;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const hexDigits = (random: Random, n: number): string =>
  Array.from({ length: n }, () => "0123456789abcdef"[random.int(0, 15)]).join("");

/** A string that reads like what a property of that name holds; `undefined` when the name says nothing. */
export function valueForKey(key: string, random: Random, tag: string): string | undefined {
  if (/(?:address|owner|holders?|wallet|miner|contract)$/i.test(key) || key === "from" || key === "to")
    return `0x${hexDigits(random, 40)}`;
  if (/hash$/i.test(key)) return `0x${hexDigits(random, 64)}`;
  if (/(?:price|usd|amount|balance)$/i.test(key) || /^usd/i.test(key))
    return `${random.int(1, 9999)}.${String(random.int(0, 9999)).padStart(4, "0")}`;
  if (/(?:quantity|tokenId|decimals)$/i.test(key)) return String(random.int(1, 9999));
  if (/(?:url|uri|image)$/i.test(key)) return `https://example.com/${encodeURIComponent(key)}/${tag}`;
  if (/symbol$/i.test(key)) return `TK${tag.toUpperCase().slice(0, 2)}`;
  if (/name$/i.test(key)) return `${key.replace(/Name$/, "").replace(/^./, (c) => c.toUpperCase()) || "Name"} ${tag}`;
  return undefined;
}

function formatValue(format: string, random: Random, key: string, tag: string): string | undefined {
  const hex = (n: number): string => Array.from({ length: n }, () => "0123456789abcdef"[random.int(0, 15)]).join("");
  switch (format) {
    case "date-time":
      return `2024-01-${String(random.int(1, 28)).padStart(2, "0")}T00:00:00Z`;
    case "date":
      return `2024-01-${String(random.int(1, 28)).padStart(2, "0")}`;
    case "time":
      return "12:00:00Z";
    case "email":
    case "idn-email":
      return `user-${tag}@example.com`;
    case "hostname":
    case "idn-hostname":
      return `host-${tag}.example.com`;
    case "ipv4":
      return `192.0.2.${random.int(1, 254)}`;
    case "ipv6":
      return `2001:db8::${tag}`;
    case "uri":
    case "iri":
    case "uri-reference":
    case "iri-reference":
    case "url":
      return `https://example.com/${encodeURIComponent(key)}/${tag}`;
    case "uuid":
      return `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
    case "byte":
    case "base64":
      // Base64 of 6 bytes: 8 characters, no padding.
      return Array.from({ length: 8 }, () => BASE64[random.int(0, 63)]).join("");
    default:
      return undefined;
  }
}
