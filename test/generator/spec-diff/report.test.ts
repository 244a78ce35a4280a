/** The renderings of a review, from fixed findings: text, Markdown, JSON, GitHub annotations and JUnit XML. */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { change } from "../../../generator/spec-diff/change.js";
import { groupChanges } from "../../../generator/spec-diff/findings.js";
import { render, type ReportInput } from "../../../generator/spec-diff/report.js";
import type { SpecReport } from "../../../generator/spec-diff/review.js";

const info = change("method-added", {
  method: "pets_count",
  pointer: "#/methods/3",
  new: "pets_count",
  what: "method pets_count was added",
});
const err = change("method-removed", {
  method: "adv_getLogs",
  pointer: "#/methods/1",
  side: "old",
  old: "adv_getLogs",
  what: "method adv_getLogs was removed",
});
const warn = change("request-pattern-changed", {
  method: "probe",
  pointer: "#/components/schemas/Id/pattern",
  via: "param id",
  old: "^a|b$",
  new: "^c$",
  what: "the pattern of type Id changed",
});
const server = change("server-removed", {
  method: null,
  pointer: "#/servers/0",
  side: "old",
  old: "https://x.example/",
  what: "server x was removed",
});
/** One enum value removed from a type that two methods take and one returns. */
const shared = ["a_list", "a_get"]
  .map((method) =>
    change("request-enum-value-removed", {
      method,
      pointer: "#/components/schemas/Kind/enum",
      via: "param kind",
      old: "dog",
      what: 'the value "dog" was removed from the allowed values of type Kind',
    }),
  )
  .concat(
    change("response-enum-value-removed", {
      method: "a_list",
      pointer: "#/components/schemas/Kind/enum",
      via: "the result at pets[].kind",
      old: "dog",
      what: 'the value "dog" was removed from the allowed values of type Kind',
    }),
  );

const spec = (name: string, changes = [info, err, warn], notes: SpecReport["notes"] = []): SpecReport => ({
  spec: name,
  findings: groupChanges(changes).map((f, i) => ({ ...f, file: name, line: 10 + i })),
  notes,
});

const one: ReportInput = { reports: [spec("spec/a.openrpc.json")], compared: "HEAD → working tree" };
const two: ReportInput = {
  reports: [spec("spec/a.openrpc.json", [info]), spec("spec/b.openrpc.json", [server])],
  compared: "HEAD → working tree",
};
const grouped: ReportInput = { reports: [spec("spec/a.openrpc.json", shared)], compared: "HEAD → working tree" };
const docs: ReportInput = {
  reports: [
    spec(
      "spec/a.openrpc.json",
      [],
      [{ pointer: "#/methods/0/description", side: "new", kind: "documentation", change: "changed", line: 7 }],
    ),
  ],
  compared: "a.json → b.json",
};
const none: ReportInput = { reports: [spec("spec/a.openrpc.json", [])], compared: "a.json → b.json" };

describe("text", () => {
  it("one aligned line per finding, ERR then WARN then INFO, and a summary line with the suggested bump", () => {
    expect(render("text", one).split("\n")).toEqual([
      'ERR   method-removed           adv_getLogs  #/methods/1                      — Method adv_getLogs was removed; existing callers get a method-not-found error and the generated client loses the method. ("adv_getLogs" → none)',
      'WARN  request-pattern-changed  probe        #/components/schemas/Id/pattern  — The pattern of type Id changed; whether the values callers send still match cannot be decided from the spec. ("^a|b$" → "^c$")',
      "      WARN  probe (param id)",
      'INFO  method-added             pets_count   #/methods/3                      — Method pets_count was added; existing callers are unaffected. (none → "pets_count")',
      "1 ERR, 1 WARN, 1 INFO: 3 changes in 1 spec (HEAD → working tree). Suggested version bump: major (changes that break or may break callers).",
      "",
    ]);
  });

  it("one finding for a change several methods see, graded per method", () => {
    const lines = render("text", grouped).split("\n");
    expect(lines[0]).toMatch(
      /^ERR {3}request-enum-value-removed {2}2 methods {2}#\/components\/schemas\/Kind\/enum {2}— The value "dog" was removed from the allowed values of type Kind; callers sending that value are rejected\. \("dog" → none\)$/,
    );
    expect(lines.slice(1, 3)).toEqual([
      "      ERR   a_list (param kind), a_get (param kind)",
      "      INFO  a_list (the result at pets[].kind)",
    ]);
    expect(lines[3]).toMatch(/^1 ERR, 0 WARN, 0 INFO: 1 change in 1 spec/);
  });

  it("names the spec in each place when several specs are reviewed, and - for document-level changes", () => {
    const lines = render("text", two).split("\n");
    expect(lines[0]).toMatch(
      /^ERR {3}server-removed {2}- {11}spec\/b\.openrpc\.json#\/servers\/0 {2}— Server x was removed;/,
    );
    expect(lines[1]).toContain("spec/a.openrpc.json#/methods/3");
    expect(lines[2]).toMatch(/^1 ERR, 0 WARN, 1 INFO: 2 changes in 2 specs \(HEAD → working tree\)\./);
  });

  it("a documentation-only change is reported as such, with a patch", () => {
    expect(render("text", docs).split("\n")).toEqual([
      "NOTE  documentation  -  #/methods/0/description  — Documentation changed; existing callers are unaffected.",
      "0 ERR, 0 WARN, 0 INFO: no contract changes and 1 note in 1 spec (a.json → b.json). Suggested version bump: patch (documentation only).",
      "",
    ]);
  });

  it("says so when nothing changed", () => {
    expect(render("text", none)).toBe(
      "0 ERR, 0 WARN, 0 INFO: no changes in 1 spec (a.json → b.json). Suggested version bump: none (no changes).\n",
    );
  });
});

describe("markdown", () => {
  it("--allow-breaking: the review passes, and says its breaking changes are allowed", () => {
    expect(render("markdown", { ...one, allowBreaking: true })).toContain(
      "The review passes: 1 at ERR or worse, allowed by --allow-breaking (the break is intended).",
    );
  });

  it("a heading, the counts, the bump and a table with the methods, pipes escaped", () => {
    const lines = render("markdown", one).split("\n");
    expect(lines.slice(0, 10)).toEqual([
      "### OpenRPC breaking-change review",
      "",
      "**1 ERR** · **1 WARN** · 1 INFO — `spec/a.openrpc.json` (HEAD → working tree)",
      "",
      "Suggested version bump for the generated package: **major** (changes that break or may break callers).",
      "",
      "The review fails: 1 at ERR or worse.",
      "",
      "| Level | Rule | Where | Change | Methods |",
      "|---|---|---|---|---|",
    ]);
    expect(lines[10]).toMatch(
      /^\| \*\*ERR\*\* \| `method-removed` \| `#\/methods\/1` \(line 10\) \| Method adv\\_getLogs was removed; .*\(`"adv_getLogs"` → `none`\) \| `adv_getLogs` \|$/,
    );
    expect(lines[11]).toContain('(`"^a\\|b$"` → `"^c$"`) | **WARN**: `probe` (param id) |');
    expect(lines[12]).toMatch(/^\| INFO \| `method-added` \| `#\/methods\/3` \(line 12\) \|/);
    expect(lines).toHaveLength(14);
  });

  it("lists the methods of a shared finding by level", () => {
    expect(render("markdown", grouped)).toContain(
      "| **ERR**: `a_list` (param kind), `a_get` (param kind); INFO: `a_list` (the result at pets\\[\\].kind) |",
    );
  });

  it("documentation only: no contract change, a patch, and the notes", () => {
    expect(render("markdown", docs)).toBe(
      [
        "### OpenRPC breaking-change review",
        "",
        "0 ERR · 0 WARN · 0 INFO — `spec/a.openrpc.json` (a.json → b.json)",
        "",
        "Suggested version bump for the generated package: **patch** (documentation only).",
        "",
        "No changes to the API contract.",
        "",
        "**Notes** (1):",
        "",
        "- `#/methods/0/description` (line 7): Documentation changed; existing callers are unaffected.",
        "",
      ].join("\n"),
    );
  });

  it("says so when nothing changed", () => {
    expect(render("markdown", none)).toBe(
      "### OpenRPC breaking-change review\n\n0 ERR · 0 WARN · 0 INFO — `spec/a.openrpc.json` (a.json → b.json)\n\nSuggested version bump for the generated package: **none** (no changes).\n\nNo changes to the API contract.\n",
    );
  });
});

describe("json", () => {
  it("the bump, the counts, the findings (with their methods and lines) and the notes", () => {
    const value = JSON.parse(render("json", two)) as Record<string, unknown>;
    expect(value).toEqual({
      compared: "HEAD → working tree",
      bump: "major",
      review: "fails",
      counts: { ERR: 1, WARN: 0, INFO: 1 },
      findings: [
        {
          spec: "spec/b.openrpc.json",
          level: "ERR",
          rule: "server-removed",
          pointer: "#/servers/0",
          file: "spec/b.openrpc.json",
          line: 10,
          old: "https://x.example/",
          new: null,
          message: server.message,
          allowed: false,
          methods: [],
        },
        {
          spec: "spec/a.openrpc.json",
          level: "INFO",
          rule: "method-added",
          pointer: "#/methods/3",
          file: "spec/a.openrpc.json",
          line: 10,
          old: null,
          new: "pets_count",
          message: info.message,
          allowed: false,
          methods: [{ method: "pets_count", level: "INFO", rule: "method-added", via: null, message: info.message }],
        },
      ],
      notes: [],
      problems: [],
    });
  });

  it("--allow-breaking: the review is `allowed`, and so is each finding that would fail it", () => {
    const value = JSON.parse(render("json", { ...two, allowBreaking: true })) as {
      review: string;
      findings: { rule: string; allowed: boolean }[];
    };
    expect(value.review).toBe("allowed");
    expect(value.findings.map((f) => [f.rule, f.allowed])).toEqual([
      ["server-removed", true],
      ["method-added", false],
    ]);
    expect((JSON.parse(render("json", { ...none, allowBreaking: true })) as { review: string }).review).toBe("passes");
  });

  it("documentation only: bump patch and the notes", () => {
    expect(JSON.parse(render("json", docs))).toMatchObject({
      bump: "patch",
      findings: [],
      notes: [{ kind: "documentation", change: "changed", pointer: "#/methods/0/description", line: 7 }],
    });
  });

  it("nothing changed: bump none, empty lists", () => {
    expect(JSON.parse(render("json", none))).toMatchObject({ bump: "none", findings: [], notes: [] });
  });
});

describe("github", () => {
  it("::error for breaking and ::warning for risky findings at their file and line; INFO only in the summary", () => {
    const lines = render("github", one).trimEnd().split("\n");
    expect(lines).toEqual([
      `::error file=spec/a.openrpc.json,line=10,title=Breaking change%3A method-removed (line in the base)::${err.message} ("adv_getLogs" → none)`,
      `::warning file=spec/a.openrpc.json,line=11,title=Risky change%3A request-pattern-changed::${warn.message} ("^a|b$" → "^c$") Methods — WARN: probe (param id).`,
      "OpenRPC review (HEAD → working tree): 1 ERR, 1 WARN, 1 INFO, 0 notes. Suggested version bump: major (changes that break or may break callers).",
    ]);
  });

  it("--allow-breaking: the annotations keep their level and their titles say the break is allowed", () => {
    const lines = render("github", { ...one, allowBreaking: true }).split("\n");
    expect(lines[0]).toMatch(
      /^::error file=spec\/a\.openrpc\.json,line=10,title=Breaking change%3A method-removed \(line in the base\) \(allowed by --allow-breaking\)::/,
    );
    // WARN is below the default --fail-on ERR: it would not fail the review, so nothing allows it.
    expect(lines[1]).toMatch(
      /^::warning file=spec\/a\.openrpc\.json,line=11,title=Risky change%3A request-pattern-changed::/,
    );
  });

  it("paths are given from the repository's top, and spec text cannot end the command or start another", () => {
    const hostile = change("method-removed", {
      method: "x",
      pointer: "#/methods/0",
      side: "old",
      old: "x",
      what: "method x\n::error file=evil::owned 100%\r\u001b[31m",
    });
    const text = render("github", {
      reports: [{ spec: "a,b:c.json", findings: groupChanges([hostile]), notes: [] }],
      compared: "x",
      pathPrefix: "pkg/",
    });
    const [first] = text.split("\n");
    expect(first).toMatch(/^::error file=pkg\/a%2Cb%3Ac\.json,title=/);
    expect(first).toContain("Method x%0A::error file=evil::owned 100%25\\u{d}\\u{1b}[31m;");
    expect(text.split("\n").filter((l) => l.startsWith("::"))).toHaveLength(1);
  });
});

describe("junit", () => {
  const parse = (xml: string) =>
    new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (n) => n === "testcase" }).parse(
      xml,
    ) as {
      testsuites: {
        tests: string;
        failures: string;
        skipped: string;
        testsuite: {
          name: string;
          testcase: { name: string; failure?: unknown; skipped?: { message: string }; line?: string }[];
        };
      };
    };

  it("well-formed XML: one test case per finding, failing at --fail-on (ERR by default)", () => {
    const xml = render("junit", one);
    expect(XMLValidator.validate(xml)).toBe(true);
    const { testsuites } = parse(xml);
    expect([testsuites.tests, testsuites.failures]).toEqual(["3", "1"]);
    expect(testsuites.testsuite.testcase.map((t) => [t.name, t.failure !== undefined, t.line])).toEqual([
      ["ERR method-removed #/methods/1", true, "10"],
      ["WARN request-pattern-changed #/components/schemas/Id/pattern", false, "11"],
      ["INFO method-added #/methods/3", false, "12"],
    ]);
    expect(parse(render("junit", { ...one, failOn: "WARN" })).testsuites.failures).toBe("2");
  });

  it("--allow-breaking: the findings that would fail are skipped test cases saying so, not failures", () => {
    const xml = render("junit", { ...one, failOn: "WARN", allowBreaking: true });
    expect(XMLValidator.validate(xml)).toBe(true);
    const { testsuites } = parse(xml);
    expect([testsuites.tests, testsuites.failures, testsuites.skipped]).toEqual(["3", "0", "2"]);
    expect(testsuites.testsuite.testcase.map((t) => [t.failure !== undefined, t.skipped?.message ?? null])).toEqual([
      [false, "ERR, allowed by --allow-breaking: Method adv_getLogs was removed; " + err.message.split("; ")[1]],
      [false, expect.stringMatching(/^WARN, allowed by --allow-breaking: The pattern of type Id changed; /)],
      [false, null],
    ]);
  });

  it("a spec without changes is one passing test case", () => {
    const { testsuites } = parse(render("junit", none));
    expect([testsuites.tests, testsuites.failures]).toEqual(["1", "0"]);
  });

  it("stays well-formed whatever the spec text holds", () => {
    const hostile = change("method-removed", {
      method: "x",
      pointer: "#/methods/0",
      side: "old",
      what: 'method <x a="1"> & ]]> \u0000\u001b\ud800 removed',
    });
    const xml = render("junit", {
      reports: [{ spec: "<spec>&.json", findings: groupChanges([hostile]), notes: [] }],
      compared: "x",
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("Method &lt;x a=&quot;1&quot;&gt; &amp; ]]&gt; \\u{0}\\u{1b}\\u{d800} removed");
  });
});
