/**
 * Findings: one change of the document is one finding, whatever the number of methods it
 * affects. The comparers report a change once per method and direction (a value removed from a
 * shared enum is a request change for the methods that take it and a response change for those
 * that return it); here those reports are grouped by the node that changed and what happened to
 * it, and the finding lists each method with its own grade. The finding's grade is its most
 * severe method's.
 */
import { canonical, type Change, type Side } from "./change.js";
import { LEVELS, type Level, type RuleId } from "./rules.js";
import { bumpOfLevel, largestBump, type Bump } from "./semver.js";

/** How one method is affected by a finding. */
export interface Effect {
  method: string;
  level: Level;
  rule: RuleId;
  /** Where the method meets the changed node, for nodes in a named schema: `param blockchain`. */
  via?: string;
  /** The method's own message. */
  message: string;
}

export interface Finding {
  /** The most severe level among its effects (its own level for document-level changes). */
  level: Level;
  rule: RuleId;
  /** Where: see `Change.pointer`. */
  pointer: string;
  side: Side;
  old?: unknown;
  new?: unknown;
  /** One sentence: what changed and why it matters (the most severe effect's). */
  message: string;
  /** The methods affected, in the order found; empty for servers and exported type names. */
  methods: Effect[];
  /** The file `pointer` points into (the spec or a file it references) and the line there, once located. */
  file?: string;
  line?: number;
}

/**
 * Rules that describe the same edit seen from a request and from a response, or with a different
 * severity, share a kind: a change with the same kind, place and values is one finding.
 */
export function kindOf(change: Change): string {
  const rule = change.rule.replace(/^(request|response)-/, "");
  if (rule === "property-added-required") return "property-added";
  if (rule.startsWith("additional-properties-")) return "additional-properties-changed";
  if (/^(pattern|format)-(added|removed)$/.test(rule)) return rule.replace(/-(added|removed)$/, "-changed");
  // `null` added: through the type list it pairs with a type added, as a union branch with a branch added.
  if (rule === "nullable-added") return change.pointer.endsWith("/type") ? "type-added" : "branch-added";
  return rule;
}

/** Groups per-method changes into findings, most severe first, in the order found within a level. */
export function groupChanges(changes: readonly Change[]): Finding[] {
  const groups = new Map<string, Change[]>();
  for (const c of changes) {
    const key = [c.pointer, c.side, kindOf(c), canonical(c.old), canonical(c.new)].join("\u0000");
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const findings = [...groups.values()].map(findingOf);
  return findings
    .map((f, i) => ({ f, i }))
    .sort((x, y) => LEVELS.indexOf(x.f.level) - LEVELS.indexOf(y.f.level) || x.i - y.i)
    .map(({ f }) => f);
}

function findingOf(group: Change[]): Finding {
  const top = group.reduce((a, b) => (LEVELS.indexOf(b.level) < LEVELS.indexOf(a.level) ? b : a));
  const methods = group
    .filter((c) => c.method !== null)
    .map((c) => ({
      method: c.method!,
      level: c.level,
      rule: c.rule,
      ...(c.via !== undefined ? { via: c.via } : {}),
      message: c.message,
    }));
  return {
    level: top.level,
    rule: top.rule,
    pointer: top.pointer,
    side: top.side,
    ...(top.old !== undefined ? { old: top.old } : {}),
    ...(top.new !== undefined ? { new: top.new } : {}),
    message: top.message,
    methods,
  };
}

/** Whether the message leaves the methods unnamed: a node in a named schema, or several methods. */
export function isShared(finding: Finding): boolean {
  return finding.methods.length > 1 || finding.methods.some((m) => m.via !== undefined);
}

export function bumpOfFindings(findings: readonly Finding[]): Bump {
  return largestBump(findings.map((f) => bumpOfLevel(f.level)));
}
