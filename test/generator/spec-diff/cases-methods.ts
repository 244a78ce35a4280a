/** Cases for the rules on methods, params, results, errors, limits and servers (on `petstore()`). */
import { edit, petstore, type Case, type Doc } from "./build.js";

const base = petstore();
const notification = edit(base, (d) => delete d.methods[3].result);
const c = (
  rule: Case["rule"],
  name: string,
  change: (d: Doc) => void,
  want: Case["want"],
  messages?: Case["messages"],
): Case => ({
  rule,
  name,
  before: base,
  after: edit(base, change),
  want,
  ...(messages ? { messages } : {}),
});

// prettier-ignore
export const methodCases: Case[] = [
  c("method-removed", "a method is removed", (d) => d.methods.splice(2, 1), [["ERR", "method-removed", "pets_find", "#/methods/2"]]),
  c("method-added", "a method is added", (d) => d.methods.push({ name: "pets_count", params: [], result: { name: "n", schema: { type: "integer" } } }), [
    ["INFO", "method-added", "pets_count", "#/methods/4"],
  ]),
  c(
    "method-removed",
    "a rename is a removal and an addition, each naming the other",
    (d) => (d.methods[2].name = "pets_search"),
    [
      ["ERR", "method-removed", "pets_find", "#/methods/2"],
      ["INFO", "method-added", "pets_search", "#/methods/2"],
    ],
    ["possibly renamed to pets_search", "possibly renamed from pets_find"],
  ),
  c("method-deprecated", "a method is deprecated", (d) => (d.methods[2].deprecated = true), [["INFO", "method-deprecated", "pets_find", "#/methods/2/deprecated"]]),
  c("param-structure-changed", "either → by-name", (d) => (d.methods[0].paramStructure = "by-name"), [["ERR", "param-structure-changed", "pets_list", "#/methods/0/paramStructure"]]),
  c("param-structure-changed", "by-name → by-position", (d) => (d.methods[2].paramStructure = "by-position"), [["ERR", "param-structure-changed", "pets_find", "#/methods/2/paramStructure"]]),
  c("param-structure-relaxed", "by-position → either", (d) => (d.methods[1].paramStructure = "either"), [["INFO", "param-structure-relaxed", "pets_get", "#/methods/1/paramStructure"]]),
  c("result-removed", "a method becomes a notification", (d) => delete d.methods[3].result, [["ERR", "result-removed", "pets_range", "#/methods/3/result"]]),
  { rule: "result-added", name: "a notification gets a result", before: notification, after: base, want: [["INFO", "result-added", "pets_range", "#/methods/3/result"]] },
  c("result-variant-removed", "a result variant is removed", (d) => d.methods[1]["x-result-variants"].splice(0, 1), [
    ["ERR", "result-variant-removed", "pets_get", "#/methods/1/x-result-variants/0"],
  ]),
  c("result-variant-added", "a result variant is added", (d) => d.methods[1]["x-result-variants"].push({ name: "Missing", when: { param: "verbose", absent: true }, schema: { type: "string" } }), [
    ["INFO", "result-variant-added", "pets_get", "#/methods/1/x-result-variants/2"],
  ]),
  c("result-variant-condition-changed", "a variant's condition changes", (d) => (d.methods[1]["x-result-variants"][1].when = { param: "verbose", absent: true }), [
    ["ERR", "result-variant-condition-changed", "pets_get", "#/methods/1/x-result-variants/1/when"],
  ]),
  c("error-removed", "an error code is removed", (d) => (d.methods[0].errors = []), [["WARN", "error-removed", "pets_list", "#/methods/0/errors/0"]]),
  c("error-added", "an error code is added", (d) => d.methods[0].errors.push({ code: -32602, message: "Invalid params" }), [["INFO", "error-added", "pets_list", "#/methods/0/errors/1"]]),
  c("limit-added", "a new x-limits rule", (d) => d.methods[3]["x-limits"].push({ rule: "requires", if: "withNames", then: "withTags", description: "Names need tags." }), [
    ["ERR", "limit-added", "pets_range", "#/methods/3/x-limits/1"],
  ]),
  c("limit-tightened", "maxBlockSpan max lowered", (d) => (d.methods[3]["x-limits"][0].max = 10), [["ERR", "limit-tightened", "pets_range", "#/methods/3/x-limits/0/max"]]),
  c("limit-relaxed", "maxBlockSpan max raised", (d) => (d.methods[3]["x-limits"][0].max = 100), [["INFO", "limit-relaxed", "pets_range", "#/methods/3/x-limits/0/max"]]),
  c("limit-removed", "an x-limits rule removed", (d) => (d.methods[3]["x-limits"] = []), [["INFO", "limit-removed", "pets_range", "#/methods/3/x-limits/0"]]),

  c("param-added-required", "a required param at the end", (d) => d.methods[2].params.push({ name: "sort", required: true, schema: { type: "string" } }), [
    ["ERR", "param-added-required", "pets_find", "#/methods/2/params/2"],
  ]),
  c("param-added-optional", "an optional param at the end", (d) => d.methods[0].params.push({ name: "tag", schema: { type: "string" } }), [
    ["INFO", "param-added-optional", "pets_list", "#/methods/0/params/3"],
  ]),
  c("param-added-optional", "an optional param in the middle of a by-name method", (d) => d.methods[2].params.splice(1, 0, { name: "tag", schema: { type: "string" } }), [
    ["INFO", "param-added-optional", "pets_find", "#/methods/2/params/1"],
  ]),
  c("param-inserted-optional", "an optional param in the middle of an either method", (d) => d.methods[0].params.splice(1, 0, { name: "tag", schema: { type: "string" } }), [
    ["WARN", "param-inserted-optional", "pets_list", "#/methods/0/params/1"],
  ]),
  c("param-removed", "a param is removed", (d) => d.methods[0].params.splice(1, 1), [["ERR", "param-removed", "pets_list", "#/methods/0/params/1"]]),
  c("param-renamed", "a by-name param is renamed in place", (d) => (d.methods[2].params[0].name = "q"), [["ERR", "param-renamed", "pets_find", "#/methods/2/params/0"]]),
  c("param-renamed", "an either param is renamed in place", (d) => (d.methods[0].params[2].name = "species"), [["ERR", "param-renamed", "pets_list", "#/methods/0/params/2"]]),
  c("param-renamed-positional", "a by-position param is renamed in place", (d) => (d.methods[1].params[0].name = "petId"), [
    ["INFO", "param-renamed-positional", "pets_get", "#/methods/1/params/0"],
  ]),
  c("param-reordered", "two params of an either method swap", (d) => d.methods[0].params.splice(1, 2, d.methods[0].params[2], d.methods[0].params[1]), [
    ["ERR", "param-reordered", "pets_list", "#/methods/0/params/1"],
  ]),
  c("param-reordered-by-name", "two params of a by-name method swap", (d) => d.methods[3].params.splice(2, 2, d.methods[3].params[3], d.methods[3].params[2]), [
    ["INFO", "param-reordered-by-name", "pets_range", "#/methods/3/params/2"],
  ]),
  c("param-became-required", "optional → required", (d) => (d.methods[2].params[1].required = true), [["ERR", "param-became-required", "pets_find", "#/methods/2/params/1"]]),
  c("param-became-optional", "required → optional", (d) => (d.methods[2].params[0].required = false), [["INFO", "param-became-optional", "pets_find", "#/methods/2/params/0"]]),
  c("param-deprecated", "a param is deprecated", (d) => (d.methods[2].params[1].deprecated = true), [["INFO", "param-deprecated", "pets_find", "#/methods/2/params/1"]]),
  c("page-size-max-lowered", "pageSize maximum lowered", (d) => (d.methods[0].params[1].schema.maximum = 50), [
    ["ERR", "page-size-max-lowered", "pets_list", "#/methods/0/params/1/schema/maximum"],
  ]),

  c(
    "type-removed",
    "a component renamed (its refs too) is the same contract, but its exported type disappears",
    (d) => {
      d.components.schemas = { OwnerAddress: d.components.schemas.Owner, Kind: d.components.schemas.Kind, Pet: d.components.schemas.Pet, PetPage: d.components.schemas.PetPage };
      d.methods[0].params[0].schema.$ref = "#/components/schemas/OwnerAddress";
    },
    [["WARN", "type-removed", null, "#/components/schemas/Owner"]],
    ["possibly renamed to OwnerAddress"],
  ),
  c("server-removed", "a server is removed", (d) => d.servers.splice(1, 1), [["ERR", "server-removed", null, "#/servers/1"]]),
  c("server-added", "a server is added", (d) => d.servers.push({ name: "eu", url: "https://eu.pets.example/" }), [["INFO", "server-added", null, "#/servers/2"]]),
  c("server-url-changed", "a server URL changes", (d) => (d.servers[1].url = "https://proxy2.pets.example/"), [["WARN", "server-url-changed", null, "#/servers/1/url"]]),
  c("server-url-changed", "a server variable's default changes", (d) => (d.servers[0].variables.host.default = "pets2.example"), [
    ["WARN", "server-url-changed", null, "#/servers/0/variables/host/default"],
  ]),
  c("server-endpoint-changed", "x-endpoint envelope changes", (d) => (d.servers[1]["x-endpoint"].envelope = "jsonrpc"), [
    ["ERR", "server-endpoint-changed", null, "#/servers/1/x-endpoint/envelope"],
  ]),
];
