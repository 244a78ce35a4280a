/**
 * The generated client call that reproduces exactly what the playground sent: the import, the
 * client with the same endpoint options (an API key only as `process.env.API_KEY`), and the
 * method call with the same arguments. Values are written by generator/print/escape.ts.
 */
import { identifier, objectKey, stringLiteral, valueLiteral } from "../../print/escape.js";
import type { SiteApi, SiteMethod } from "../types.js";

export function snippet(
  packageName: string,
  api: SiteApi,
  method: SiteMethod,
  endpointOptions: string,
  args: unknown[],
  /** For a subscription: the WebSocket URL the call went to. */
  socketUrl?: string,
): string {
  const member = /^[A-Za-z_$][\w$]*$/.test(method.clientName)
    ? `.${method.clientName}`
    : `[${stringLiteral(method.clientName)}]`;
  if (socketUrl !== undefined)
    return [
      `import { ${identifier(api.factory)} } from ${stringLiteral(`${packageName}/${api.subpath}`)};`,
      `import { webSocket } from ${stringLiteral(`${packageName}/ws`)};`,
      "",
      `const ${identifier(api.clientVar)} = ${api.factory}({ transport: webSocket(${stringLiteral(socketUrl)}) });`,
      `const subscription = await ${api.clientVar}${member}(${args.map(argument).join(", ")});`,
      "for await (const item of subscription) console.log(item); // subscription.unsubscribe() ends the loop",
    ].join("\n");
  return [
    `import { ${identifier(api.factory)} } from ${stringLiteral(`${packageName}/${api.subpath}`)};`,
    "",
    `const ${identifier(api.clientVar)} = ${api.factory}(${endpointOptions});`,
    `const result = await ${api.clientVar}${member}(${args.map(argument).join(", ")});`,
  ].join("\n");
}

function argument(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${objectKey(k)}: ${valueLiteral(v)}`,
    );
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return valueLiteral(value);
}

/**
 * The arguments of the client call for params read from the form: one object (object
 * signature; left out when nothing is set and nothing is required), or the values in
 * positional order, trailing unset ones dropped, unset ones in between `undefined`.
 */
export function callArguments(method: SiteMethod, named: Record<string, unknown>): unknown[] {
  if (method.signature === "object") {
    if (Object.keys(named).length === 0 && !method.params.some((p) => p.required)) return [];
    return [named];
  }
  const values = method.params.map((p) =>
    Object.prototype.hasOwnProperty.call(named, p.name) ? named[p.name] : undefined,
  );
  while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
  return values;
}
