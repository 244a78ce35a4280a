/**
 * The generated package's CHANGELOG.md, as pure functions: an entry made from the review of each
 * spec against the last release (which methods and types were added, changed or removed, what
 * breaks, what was only documentation), the file with a new entry on top, and the record each
 * entry carries of the commit its spec came from (the "recorded baseline" of the next release).
 * Spec text is inert Markdown here, as in spec:diff's Markdown.
 */
import type { DocumentModel } from "../model/document.js";
import { markdownCodeSpan, markdownComment } from "../print/escape.js";
import { versionProblem } from "../package-name.js";
import type { Finding } from "../spec-diff/findings.js";
import type { SpecReport } from "../spec-diff/review.js";
import type { Bump } from "../spec-diff/semver.js";

/** One spec's review with both sides' models (`undefined` on a side where the spec does not exist). */
export interface SpecChanges {
  report: SpecReport;
  before: DocumentModel | undefined;
  after: DocumentModel | undefined;
}

export interface EntryInput {
  version: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** What the spec was compared with, in words (`the tag clients-v0.1.0`); `undefined` for the first release. */
  since: string | undefined;
  bump: Bump;
  specs: SpecChanges[];
  /** The commit whose spec this release is made from, recorded for the next release. */
  commit: string | undefined;
}

interface Lists {
  methods: string[];
  types: string[];
}

/** What one spec's review means for the package's exports. */
export function exportsChanged(spec: SpecChanges): {
  added: Lists;
  changed: Lists;
  removed: Lists;
  breaking: Finding[];
  documented: string[];
} {
  const { report, before, after } = spec;
  const findings = report.findings;
  const byRule = (rule: string) => findings.filter((f) => f.rule === rule).map((f) => f.methods[0]?.method ?? "");
  const added = byRule("method-added");
  const removed = byRule("method-removed");
  const changed = unique(
    findings.flatMap((f) => f.methods.map((m) => m.method)).filter((m) => !added.includes(m) && !removed.includes(m)),
  );
  const types = (doc: DocumentModel | undefined) =>
    (doc?.schemas ?? []).filter((s) => s.role === "component").map((s) => ({ name: s.name, pointer: s.pointer }));
  const [old, now] = [types(before), types(after)];
  const inside = (pointer: string, s: { pointer: string }) =>
    pointer === s.pointer || pointer.startsWith(`${s.pointer}/`);
  const changedTypes = unique(
    findings.flatMap((f) =>
      (f.side === "old" ? old : now)
        .filter((s) => inside(f.pointer, s) && old.some((o) => o.name === s.name) && now.some((n) => n.name === s.name))
        .map((s) => s.name),
    ),
  );
  const documented = unique(
    report.notes
      .filter((n) => n.kind === "documentation")
      .map((n) => {
        const doc = n.side === "old" ? before : after;
        if (/^#\/info(?:\/|$)/.test(n.pointer)) return "info";
        const method = /^#\/methods\/(\d+)(?:\/|$)/.exec(n.pointer);
        if (method) return doc?.methods[Number(method[1])]?.rpcName;
        return (n.side === "old" ? old : now).find((s) => inside(n.pointer, s))?.name;
      })
      .filter((x): x is string => x !== undefined),
  );
  return {
    added: { methods: added, types: now.filter((s) => !old.some((o) => o.name === s.name)).map((s) => s.name) },
    changed: { methods: changed, types: changedTypes },
    removed: { methods: removed, types: old.filter((s) => !now.some((n) => n.name === s.name)).map((s) => s.name) },
    breaking: findings.filter((f) => f.level !== "INFO"),
    documented,
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

const BUMP_WORDS: Record<Bump, string> = {
  major: "a major release: it breaks or may break callers",
  minor: "a minor release: compatible changes",
  patch: "a patch release: documentation only",
  none: "no change",
};

/** The entry for one release: a heading, what it was compared with, then the sections that have content. */
export function changelogEntry(input: EntryInput): string {
  const out = [`## ${input.version} — ${input.date}`, ""];
  const several = input.specs.length > 1;
  const api = (spec: SpecChanges) =>
    several ? ` (${markdownComment((spec.after ?? spec.before)?.title || spec.report.spec)})` : "";
  const names = (list: string[]) => list.map(markdownCodeSpan).join(", ");
  if (input.since === undefined) {
    out.push("The first release.", "");
    const lines = input.specs.flatMap((spec) => {
      const doc = spec.after;
      if (!doc) return [];
      const types = doc.schemas.filter((s) => s.role === "component").map((s) => s.name);
      return [
        `- Methods${api(spec)}: ${names(doc.methods.map((m) => m.rpcName))}`,
        ...(types.length > 0 ? [`- Types${api(spec)}: ${names(types)}`] : []),
      ];
    });
    out.push("### Added", "", ...lines, "");
  } else {
    out.push(`Compared with ${input.since}: ${BUMP_WORDS[input.bump]}.`, "");
    const changes = input.specs.map((spec) => ({ spec, ...exportsChanged(spec) }));
    const section = (title: string, lines: string[]) => {
      if (lines.length > 0) out.push(`### ${title}`, "", ...lines, "");
    };
    section(
      "Breaking changes",
      changes.flatMap((c) =>
        c.breaking.map((f) => `- **${f.level}** ${markdownComment(f.message)}${methodsOf(f)}${api(c.spec)}`),
      ),
    );
    for (const [title, pick] of [
      ["Added", (c: (typeof changes)[number]) => c.added],
      ["Changed", (c: (typeof changes)[number]) => c.changed],
      ["Removed", (c: (typeof changes)[number]) => c.removed],
    ] as const) {
      section(
        title,
        changes.flatMap((c) => {
          const { methods, types } = pick(c);
          return [
            ...(methods.length > 0 ? [`- Methods${api(c.spec)}: ${names(methods)}`] : []),
            ...(types.length > 0 ? [`- Types${api(c.spec)}: ${names(types)}`] : []),
          ];
        }),
      );
    }
    section(
      "Documentation",
      changes.flatMap((c) => {
        const notes = c.spec.report.notes.length;
        if (notes === 0) return [];
        const where = c.documented.length > 0 ? `: ${names(c.documented)}` : "";
        return [`- ${notes} ${notes === 1 ? "place" : "places"}${api(c.spec)}${where}`];
      }),
    );
  }
  if (input.commit) out.push(releaseRecord(input.version, input.commit), "");
  return out.join("\n");
}

function methodsOf(f: Finding): string {
  const methods = unique(f.methods.map((m) => m.method));
  return methods.length > 1 ? ` (${methods.map(markdownCodeSpan).join(", ")})` : "";
}

const RECORD = /<!-- openrpc-ts-release (\{[^\n]*?\}) -->/g;

/** The hidden line that records the commit a release's spec came from. */
export function releaseRecord(version: string, commit: string): string {
  return `<!-- openrpc-ts-release ${JSON.stringify({ version, commit })} -->`;
}

/** Every release recorded in a changelog, newest first: version and the commit of its spec. */
export function releaseRecords(changelog: string): { version: string; commit: string }[] {
  const found: { version: string; commit: string }[] = [];
  for (const match of changelog.matchAll(RECORD)) {
    try {
      const value = JSON.parse(match[1]!) as { version?: unknown; commit?: unknown };
      const { version, commit } = value;
      if (
        typeof version === "string" &&
        !versionProblem(version) &&
        typeof commit === "string" &&
        /^[0-9a-f]{40}$/.test(commit)
      )
        found.push({ version, commit });
    } catch {
      // Not a record: ignored, as any other comment.
    }
  }
  return found;
}

/** The changelog with `entry` as its newest release (the file is started when there is none). */
export function withEntry(existing: string | undefined, entry: string, packageName: string): string {
  if (existing === undefined || existing.trim() === "") {
    return [
      "# Changelog",
      "",
      `Releases of ${markdownCodeSpan(packageName)}, newest first. \`npm run release\` writes each entry from the`,
      "review of the spec against the last release's. Edit the wording freely, but keep the `openrpc-ts-release`",
      "comments: they record the commit each release's spec came from.",
      "",
      entry,
    ].join("\n");
  }
  const first = existing.search(/^## /m);
  if (first === -1) return `${existing.trimEnd()}\n\n${entry}`;
  return `${existing.slice(0, first)}${entry}\n${existing.slice(first)}`;
}
