/**
 * The rule catalogue of the breaking-change review: every change the differ reports has one of
 * these stable ids, a fixed level and a reason. Levels follow oasdiff: ERR breaks existing callers
 * or the generated client, WARN may break (the spec cannot tell), INFO breaks nothing. Judgements
 * are against the documented contract, because generated code stops compiling even when a server
 * is lenient.
 */

export type Level = "ERR" | "WARN" | "INFO";

/** Most severe first: the order of the report and of `--fail-on`. */
export const LEVELS: readonly Level[] = ["ERR", "WARN", "INFO"];

interface Rule {
  level: Level;
  /** Why the change matters to callers: the second half of every message of the rule. */
  why: string;
}

const unaffected = "existing callers are unaffected";

/** One rule per line, read as a table. */
// prettier-ignore
export const RULES = {
  // Methods and their calling convention.
  "method-removed": { level: "ERR", why: "existing callers get a method-not-found error and the generated client loses the method" },
  "method-added": { level: "INFO", why: unaffected },
  "method-deprecated": { level: "INFO", why: "callers keep working but should plan to move off it" },
  "param-structure-changed": { level: "ERR", why: "callers that send params in the form no longer accepted are rejected" },
  "param-structure-relaxed": { level: "INFO", why: "both forms are accepted, so existing callers keep working" },
  "result-removed": { level: "ERR", why: "callers waiting for a result never get one and the generated return type changes" },
  "result-added": { level: "INFO", why: unaffected },
  "result-variant-removed": { level: "ERR", why: "its generated overload and result type disappear, so callers using them stop compiling" },
  "result-variant-added": { level: "INFO", why: "existing overloads keep their types" },
  "result-variant-condition-changed": { level: "ERR", why: "the generated overloads now pick this result type for other param values" },
  "error-removed": { level: "WARN", why: "callers that match on this code may never see it again" },
  "error-added": { level: "INFO", why: "callers may want to handle the new code" },
  "limit-added": { level: "ERR", why: "requests that break the new rule are rejected before they are sent" },
  "limit-tightened": { level: "ERR", why: "requests within the old limit but outside the new one are rejected" },
  "limit-relaxed": { level: "INFO", why: unaffected },
  "limit-removed": { level: "INFO", why: unaffected },

  // The params list.
  "param-added-required": { level: "ERR", why: "existing callers do not send it and are rejected, and the generated signature changes" },
  "param-added-optional": { level: "INFO", why: "existing callers may leave it out" },
  "param-inserted-optional": { level: "WARN", why: "it shifts the params after it, so callers sending params by position may fill the wrong ones" },
  "param-removed": { level: "ERR", why: "callers that send it are rejected, or by position fill the wrong params" },
  "param-renamed": { level: "ERR", why: "callers sending params by name still use the old name and are rejected" },
  "param-renamed-positional": { level: "INFO", why: "params go by position, so only the generated argument name changes" },
  "param-reordered": { level: "ERR", why: "callers sending params by position now fill the wrong params" },
  "param-reordered-by-name": { level: "INFO", why: "params go by name, so their order does not matter on the wire" },
  "param-became-required": { level: "ERR", why: "callers that leave it out are rejected" },
  "param-became-optional": { level: "INFO", why: unaffected },
  "param-deprecated": { level: "INFO", why: "callers keep working but should stop sending it" },
  "page-size-max-lowered": { level: "ERR", why: "callers asking for larger pages are rejected before any request is sent" },

  // Schemas reached from params: narrowing breaks callers, widening does not.
  "request-type-removed": { level: "ERR", why: "callers sending values of that type are rejected and their code stops compiling" },
  "request-type-added": { level: "INFO", why: "the request accepts more than before" },
  "request-enum-value-removed": { level: "ERR", why: "callers sending that value are rejected" },
  "request-enum-value-added": { level: "INFO", why: "the request accepts more than before" },
  "request-enum-added": { level: "ERR", why: "callers sending any other value are rejected" },
  "request-enum-removed": { level: "INFO", why: "the request accepts more than before" },
  "request-pattern-added": { level: "ERR", why: "callers sending values that do not match it are rejected" },
  "request-pattern-changed": { level: "WARN", why: "whether the values callers send still match cannot be decided from the spec" },
  "request-pattern-removed": { level: "INFO", why: "the request accepts more than before" },
  "request-format-added": { level: "ERR", why: "callers sending values in another form are rejected" },
  "request-format-changed": { level: "WARN", why: "whether the values callers send still fit cannot be decided from the spec" },
  "request-format-removed": { level: "INFO", why: "the request accepts more than before" },
  "request-bound-tightened": { level: "ERR", why: "callers sending values outside the new bound are rejected" },
  "request-bound-relaxed": { level: "INFO", why: "the request accepts more than before" },
  "request-additional-properties-closed": { level: "ERR", why: "callers sending fields that are not listed are rejected" },
  "request-additional-properties-opened": { level: "INFO", why: "the request accepts more than before" },
  "request-property-added-required": { level: "ERR", why: "existing callers do not send it and are rejected" },
  "request-property-added": { level: "INFO", why: "existing callers may leave it out" },
  "request-property-removed": { level: "ERR", why: "callers that send it no longer compile and a closed object rejects it" },
  "request-property-became-required": { level: "ERR", why: "callers that leave it out are rejected" },
  "request-property-became-optional": { level: "INFO", why: unaffected },
  "request-branch-removed": { level: "ERR", why: "callers sending values of that shape are rejected" },
  "request-branch-added": { level: "INFO", why: "the request accepts more than before" },
  "request-default-changed": { level: "WARN", why: "callers that leave it out may get different behaviour" },

  // Schemas reached from results: widening breaks callers and generated types, narrowing does not.
  "response-type-added": { level: "ERR", why: "the generated result type widens and callers may not handle values of the new type" },
  "response-type-removed": { level: "INFO", why: "results hold fewer kinds of values than before" },
  "response-nullable-added": { level: "ERR", why: "callers that do not check for null may fail, and the generated result type changes" },
  "response-enum-value-added": { level: "ERR", why: "callers that switch over the values may not handle the new one" },
  "response-enum-value-removed": { level: "INFO", why: "results hold fewer values than before" },
  "response-enum-added": { level: "INFO", why: "results hold fewer values than before" },
  "response-enum-removed": { level: "ERR", why: "results may now hold any value and callers switching over the old ones may not handle it" },
  "response-pattern-changed": { level: "WARN", why: "generated hex types and callers that parse the value may depend on the pattern" },
  "response-format-changed": { level: "WARN", why: "generated result types follow some formats (uint64 becomes bigint) and callers may parse the value" },
  "response-bound-tightened": { level: "INFO", why: "results stay within the old range" },
  "response-bound-relaxed": { level: "WARN", why: "callers relying on the documented range may not handle the new values" },
  "response-additional-properties-changed": { level: "INFO", why: "result objects are open by convention, so callers already skip fields they do not know" },
  "response-property-removed": { level: "ERR", why: "callers reading it get nothing and the generated result type loses it" },
  "response-property-became-optional": { level: "ERR", why: "callers reading it may get nothing and the generated field becomes optional" },
  "response-property-added": { level: "INFO", why: unaffected },
  "response-property-became-required": { level: "INFO", why: "results always carry it now" },
  "response-branch-added": { level: "ERR", why: "callers may not handle results of the new shape" },
  "response-branch-removed": { level: "INFO", why: "results take fewer shapes than before" },

  // Either direction.
  "schema-changed": { level: "WARN", why: "this keyword is not graded automatically, so review the change by hand" },

  // Exported types of the generated package (named schemas).
  "type-removed": { level: "WARN", why: "code that imports the type stops compiling" },

  // Servers.
  "server-removed": { level: "ERR", why: "clients configured for it lose their endpoint" },
  "server-added": { level: "INFO", why: unaffected },
  "server-url-changed": { level: "WARN", why: "clients using the default address now reach another host, which may or may not serve the same API" },
  "server-endpoint-changed": { level: "ERR", why: "the generated transport builds requests to it differently, so deployed clients no longer match it" },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

export function levelOf(rule: RuleId): Level {
  return RULES[rule].level;
}

/** True when `level` is `threshold` or more severe. */
export function atLeast(level: Level, threshold: Level): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf(threshold);
}
