/** Servers → `ServerModel`, reading the `x-endpoint` extension (see spec/README.md). */
import type { ServerModel } from "../model/document.js";
import type { ServerObject } from "./openrpc.js";

export function normalizeServers(
  servers: ServerObject[] | undefined,
  defaultStructure: "by-name" | "by-position",
): ServerModel[] {
  return (servers ?? []).map((server, i) => {
    const url = server.url;
    const endpoint = server["x-endpoint"] ?? {};
    const keyed = /\{apiKey\}/.test(url);
    const scheme = /^(\w+):/.exec(url)?.[1];
    const variables: ServerModel["variables"] = {};
    for (const [name, v] of Object.entries(server.variables ?? {})) {
      variables[name] = {
        default: v.default,
        description: v.description ?? "",
        ...(v.enum ? { enum: v.enum } : {}),
      };
    }
    const first = Object.values(variables)[0]?.default ?? "";
    const transport =
      endpoint.transport ?? (/^wss?:/.test(first) || scheme === "wss" || scheme === "ws" ? "wss" : "https");
    return {
      name: server.name ?? `server${i + 1}`,
      url,
      summary: server.summary ?? server.description ?? "",
      variables,
      kind: endpoint.kind ?? (keyed ? "keyed" : "plain"),
      paramStructure: endpoint.paramStructure ?? defaultStructure,
      envelope: endpoint.envelope ?? "jsonrpc",
      methodIn: endpoint.methodIn ?? "body",
      ...(endpoint.network ? { network: endpoint.network } : {}),
      transport,
    };
  });
}
