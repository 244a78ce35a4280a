/**
 * Deep links: the URL fragment holds the method, and after a call its params and the endpoint
 * choice (`#adv_getLogs?params=<JSON>&endpoint=mock`), so a link reproduces the call. Never a
 * key and never a custom URL: only the id of a listed endpoint.
 */
import { stringifyJson } from "../../../generated/src/runtime/json.js";

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
      const value = JSON.parse(params) as unknown;
      if (value !== null && typeof value === "object" && !Array.isArray(value)) link.params = value as Record<string, unknown>;
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

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
