/**
 * Servers, matched by name: removed or added, their address (URL template and variable
 * defaults) and their `x-endpoint` (how the generated transport talks to them).
 */
import type { ServerModel } from "../model/document.js";
import { pointerToken } from "../problems.js";
import { change, show, type Change } from "./change.js";

/** The `x-endpoint` fields, as the generator reads them (spec/README.md). */
const ENDPOINT_FIELDS = ["kind", "paramStructure", "envelope", "methodIn", "network", "transport"] as const;

export function compareServers(before: ServerModel[], after: ServerModel[]): Change[] {
  const out: Change[] = [];
  before.forEach((s, i) => {
    const j = after.findIndex((t) => t.name === s.name);
    if (j === -1) {
      out.push(
        change("server-removed", {
          method: null,
          pointer: `#/servers/${i}`,
          side: "old",
          old: s.url,
          what: `server ${s.name} (${s.url}) was removed`,
        }),
      );
      return;
    }
    compareServer(s, after[j]!, `#/servers/${j}`, out);
  });
  after.forEach((t, j) => {
    if (!before.some((s) => s.name === t.name))
      out.push(
        change("server-added", {
          method: null,
          pointer: `#/servers/${j}`,
          new: t.url,
          what: `server ${t.name} (${t.url}) was added`,
        }),
      );
  });
  return out;
}

function compareServer(s: ServerModel, t: ServerModel, at: string, out: Change[]): void {
  if (s.url !== t.url) {
    out.push(
      change("server-url-changed", {
        method: null,
        pointer: `${at}/url`,
        old: s.url,
        new: t.url,
        what: `the URL of server ${t.name} changed from ${show(s.url)} to ${show(t.url)}`,
      }),
    );
  }
  for (const name of Object.keys(t.variables)) {
    const before = s.variables[name]?.default;
    const after = t.variables[name]!.default;
    if (before === undefined || before === after) continue;
    const what = `the default of variable ${name} of server ${t.name} changed from ${show(before)} to ${show(after)}`;
    out.push(
      change("server-url-changed", {
        method: null,
        pointer: `${at}/variables/${pointerToken(name)}/default`,
        old: before,
        new: after,
        what,
      }),
    );
  }
  for (const field of ENDPOINT_FIELDS) {
    if (s[field] === t[field]) continue;
    const what = `the x-endpoint ${field} of server ${t.name} changed from ${show(s[field])} to ${show(t[field])}`;
    out.push(
      change("server-endpoint-changed", {
        method: null,
        pointer: `${at}/x-endpoint/${field}`,
        old: s[field],
        new: t[field],
        what,
      }),
    );
  }
}
