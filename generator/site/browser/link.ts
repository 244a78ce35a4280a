/**
 * Deep links: the URL fragment holds the method, and after a call its params and the endpoint
 * choice (`#adv_getLogs?params=<JSON>&endpoint=mock`), so a link reproduces the call. Never a
 * key and never a custom URL: only the id of a listed endpoint.
 */
import { deeperThan } from "../../../generated/src/runtime/json-depth.js";
import { INTEGER_MARK, parseJson, stringifyJson } from "../../../generated/src/runtime/json.js";

/** A link deeper than this opens the method with an empty form (the form walks params recursively). */
const MAX_LINK_DEPTH = 64;

export interface Link {
  method: string;
  params?: Record<string, unknown>;
  endpoint?: string;
}

export function parseLink(hash: string): Link {
  const text = hash.replace(/^#/, "");
  const at = text.indexOf("?");
  const method = safeDecode(at < 0 ? text : text.slice(0, at));
  const query = new URLSearchParams(at < 0 ? "" : text.slice(at + 1));
  const link: Link = { method };
  const params = query.get("params");
  if (params !== null) {
    try {
      // Integers beyond 2^53 keep every digit (as bigint), as in the snippet that made the link.
      const { value, marked } = parseJson(params);
      const exact = marked ? exactIntegers(value) : value;
      if (exact !== null && typeof exact === "object" && !Array.isArray(exact) && !deeperThan(exact, MAX_LINK_DEPTH))
        link.params = exact as Record<string, unknown>;
    } catch {
      // A broken link opens the method with an empty form.
    }
  }
  const endpoint = query.get("endpoint");
  if (endpoint !== null && endpoint !== "custom") link.endpoint = endpoint;
  return link;
}

export function linkFor(link: Link): string {
  const query = new URLSearchParams();
  if (link.params && Object.keys(link.params).length > 0) query.set("params", stringifyJson(link.params));
  if (link.endpoint && link.endpoint !== "custom") query.set("endpoint", link.endpoint);
  const rest = query.toString();
  return `#${encodeURIComponent(link.method)}${rest ? `?${rest}` : ""}`;
}

/** Marked long integers (see runtime/json.ts) become `bigint`s, in place. */
function exactIntegers(value: unknown): unknown {
  if (typeof value === "string")
    return value.startsWith(INTEGER_MARK) ? BigInt(value.slice(INTEGER_MARK.length)) : value;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = exactIntegers(record[key]);
      if (item !== record[key])
        Object.defineProperty(record, key, { value: item, writable: true, enumerable: true, configurable: true });
    }
  }
  return value;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
