/**
 * The names of a client module (factory, client interface, method map, …) and of each method
 * (client member, type names, argument names), claimed in the registries of the document so
 * that they can never collide with a spec name or with each other.
 */
import type { ClientNames, MethodModel, ParamModel, Problem, SubscriptionModel } from "../model/document.js";
import { clientMemberName, plainRef, type BaseMethod } from "./methods.js";
import { argumentName, NameRegistry, pascalCase, RESERVED_ARGS, variableName } from "./names.js";

export function clientNames(
  title: string,
  client: { factory?: string },
  types: NameRegistry,
  file: string,
  subpath: string,
): { factory: string; clientType: string; names: ClientNames } {
  // `Api`, not `Rpc`, when neither says anything: `createRpcClient` and `RpcClient` are the runtime's own names.
  const titleBase = nameBase(title) ?? nameBase(subpath) ?? "Api";
  const base = (client.factory ?? "").replace(/^create/, "").replace(/Client$/, "") || titleBase;
  const claim = (wanted: string, what: string): string => types.claim(wanted, `${file}#/x-client (${what})`);
  const factory = claim(client.factory ?? `create${base}Client`, "factory");
  const clientType = claim(`${base}Client`, "client interface");
  const names: ClientNames = {
    optionsType: claim(`${base}ClientOptions`, "client options type"),
    methodsType: claim(`${base}Methods`, "method map"),
    callsType: claim(`${base}Calls`, "method members"),
    paginatorsType: claim(`${base}Paginators`, "paginators"),
    subscriptionsType: claim(`${base}Subscriptions`, "subscription members"),
    errorsConst: claim(`${base}Errors`, "error codes"),
    clientVar: clientVariable(subpath),
    coreFactory: claim(`create${base}Core`, "core factory"),
    coreType: claim(`${base}Core`, "core type"),
  };
  return { factory, clientType, names };
}

/** Words that name no service: a title made of them alone ("JSON-RPC API") names the client after its file. */
const GENERIC_WORDS =
  /(?<![\p{L}\p{Nd}])(api|openrpc|json-?rpc|rpc|spec|specification|schema|service)(?![\p{L}\p{Nd}])/giu;

/** The base of the client's names from a title or a file name, generic words left out; undefined when nothing is left. */
function nameBase(text: string): string | undefined {
  const hasOwnWord = text.replace(GENERIC_WORDS, " ");
  if (pascalCase(hasOwnWord) === "Unnamed") return undefined;
  // The generic words stay out only of titles made of other words too ("Advanced API" → Advanced).
  return pascalCase(text.replace(/(?<![\p{L}\p{Nd}])(api|openrpc|json-?rpc)(?![\p{L}\p{Nd}])/giu, " "));
}

/** The README and doc examples' variable: the folder's name in camelCase (`casper-rpc-schema-hashing` → `casperRpcSchemaHashing`). */
function clientVariable(subpath: string): string {
  const name = variableName(subpath);
  return name === "unnamed" ? "client" : name;
}

interface MethodNaming {
  file: string;
  methodPrefix: string;
  members: NameRegistry;
  /** Names of the per-method functions (one module-level namespace with their module's own names). */
  functions: NameRegistry;
  typeNames: NameRegistry;
  warnings: Problem[];
  /** Whether the document's own schema of this name is the method's params object itself (./document.ts). */
  isParamsObject(name: string, method: BaseMethod): boolean;
}

/** The client member, type and argument names of one method; warns where a spec name had to change. */
export function methodNames(
  base: BaseMethod,
  signature: MethodModel["signature"],
  n: MethodNaming,
): Pick<
  MethodModel,
  | "clientName"
  | "functionName"
  | "typeBase"
  | "paramsType"
  | "resultType"
  | "variants"
  | "params"
  | "optionsArg"
  | "subscription"
> {
  const at = base.pointer;
  const clientName = n.members.claim(clientMemberName(base.rpcName, n.methodPrefix), `${n.file}#${at}/name`);
  const stripped =
    n.methodPrefix && base.rpcName.startsWith(n.methodPrefix)
      ? base.rpcName.slice(n.methodPrefix.length)
      : base.rpcName;
  if (clientName !== stripped && !n.members.renamed.some((r) => r.given === clientName)) {
    const spaced = base.rpcName.trim() !== base.rpcName;
    n.warnings.push({
      file: base.file ?? n.file,
      pointer: `${at}/name`,
      message: spaced
        ? `method name "${base.rpcName}" begins or ends with white space; it is sent as written, and its client method is "${clientName}".`
        : `method name "${base.rpcName}" is not a JavaScript identifier; its client method is "${clientName}".`,
      hint: "The JSON-RPC name on the wire is unchanged; rename the method to choose the client name yourself.",
      rule: "method-name",
    });
  }
  const typeBase = pascalCase(clientName);
  const claim = (suffix: string, where: string): string =>
    n.typeNames.claim(`${typeBase}${suffix}`, `${n.file}#${at}/${where}`);
  // The params object is the document's own schema of the name it would have (soulseek's DownloadStartParams):
  // that schema, one name. Another schema of that name (miningos: the one param `req: GetRackParams`) leaves
  // the params a name of their own, `GetRackCallParams`, not a number.
  const paramsType = n.typeNames.has(`${typeBase}Params`)
    ? n.isParamsObject(`${typeBase}Params`, base)
      ? `${typeBase}Params`
      : claim("CallParams", "params")
    : claim("Params", "params");
  // A result that is the component of the very name its type would have (`auth` → `$ref: AuthResult`)
  // is that component: one schema, one name, not `AuthResult2 = AuthResult`; another schema of that name
  // leaves the result `AuthCallResult`.
  const sameComponent = base.result && plainRef(base.result.schema) === `${typeBase}Result`;
  const resultType = sameComponent
    ? `${typeBase}Result`
    : n.typeNames.has(`${typeBase}Result`)
      ? claim("CallResult", "result")
      : claim("Result", "result");
  const variants = base.variants.map((v) => ({
    ...v,
    typeName: n.typeNames.claim(`${resultType}${v.name}`, `${n.file}#${at}/x-result-variants`),
  }));
  const subscription =
    base.subscription &&
    subscriptionNames(base.subscription, typeBase, (wanted, where) =>
      n.typeNames.claim(wanted, `${n.file}#${at}/x-subscription${where}`),
    );
  const params = argNames(base, signature, n);
  return {
    clientName,
    functionName: n.functions.claim(variableName(clientName), `${n.file}#${at}/name`),
    typeBase,
    paramsType,
    resultType,
    variants,
    params,
    optionsArg: optionsArgName(params, signature),
    ...(subscription ? { subscription } : {}),
  };
}

/** Item types: the component a plain `$ref` names, else a new `<TypeBase>Item` / `<TypeBase><Variant>Item`. */
function subscriptionNames(
  sub: SubscriptionModel,
  typeBase: string,
  claim: (wanted: string, where: string) => string,
): SubscriptionModel {
  return {
    ...sub,
    itemType: plainRef(sub.item) ?? claim(`${typeBase}Item`, "/item"),
    variants: sub.variants.map((v, i) => ({
      ...v,
      itemType: plainRef(v.item) ?? claim(`${typeBase}${v.name}Item`, `/variants/${i}/item`),
    })),
  };
}

/** Unique argument names for the positional signature (`a-b` and `aB` cannot both be `aB`). */
function argNames(base: BaseMethod, signature: MethodModel["signature"], n: MethodNaming): ParamModel[] {
  const args = new NameRegistry(RESERVED_ARGS);
  const lastRequired = base.params.reduce((last, p, i) => (p.required ? i : last), -1);
  return base.params.map((p, i) => {
    const argName = args.claim(argumentName(p.name), p.name);
    if (argName !== p.name && signature === "positional") {
      n.warnings.push({
        file: base.file ?? n.file,
        pointer: `${base.pointer}/params`,
        message: `param name "${p.name}" of "${base.rpcName}" is not usable as an argument name; it is "${argName}" in positional signatures.`,
        hint: "Only the TypeScript argument name changes; the wire is unchanged.",
        rule: "param-name",
      });
    }
    return { ...p, argName, argOptional: !p.required && i > lastRequired };
  });
}

/**
 * The trailing per-call argument of the client method: `options`, or `callOptions` when a
 * positional param is called `options` (the param keeps its name; the generated body's own
 * `callOptions` is never a param's argument name, RESERVED_ARGS).
 */
function optionsArgName(params: readonly ParamModel[], signature: MethodModel["signature"]): string {
  return signature === "positional" && params.some((p) => p.argName === "options") ? "callOptions" : "options";
}
