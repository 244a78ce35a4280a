/** The three renderings of a review, from a fixed list of changes. */
import { describe, expect, it } from "vitest";
import { change } from "../../../generator/spec-diff/change.js";
import { render, type ReportInput } from "../../../generator/spec-diff/report.js";

const info = change("method-added", {
  method: "pets_count",
  pointer: "#/methods/3",
  new: "pets_count",
  what: "method pets_count was added",
});
const err = change("method-removed", {
  method: "adv_getLogs",
  pointer: "#/methods/1",
  old: "adv_getLogs",
  what: "method adv_getLogs was removed",
});
const warn = change("request-pattern-changed", {
  method: "probe",
  pointer: "#/components/schemas/Id/pattern",
  old: "^a|b$",
  new: "^c$",
  what: "the pattern of param id of probe changed",
});
const server = change("server-removed", {
  method: null,
  pointer: "#/servers/0",
  old: "https://x.example/",
  what: "server x was removed",
});

const one: ReportInput = {
  reports: [{ spec: "spec/a.openrpc.json", changes: [info, err, warn] }],
  compared: "HEAD → working tree",
};
const two: ReportInput = {
  reports: [
    { spec: "spec/a.openrpc.json", changes: [info] },
    { spec: "spec/b.openrpc.json", changes: [server] },
  ],
  compared: "HEAD → working tree",
};
const none: ReportInput = { reports: [{ spec: "spec/a.openrpc.json", changes: [] }], compared: "a.json → b.json" };

describe("text", () => {
  it("one aligned line per change, ERR then WARN then INFO, and a summary line", () => {
    expect(render("text", one).split("\n")).toEqual([
      'ERR   method-removed           adv_getLogs  #/methods/1                      — Method adv_getLogs was removed; existing callers get a method-not-found error and the generated client loses the method. ("adv_getLogs" → none)',
      'WARN  request-pattern-changed  probe        #/components/schemas/Id/pattern  — The pattern of param id of probe changed; whether the values callers send still match cannot be decided from the spec. ("^a|b$" → "^c$")',
      'INFO  method-added             pets_count   #/methods/3                      — Method pets_count was added; existing callers are unaffected. (none → "pets_count")',
      "1 ERR, 1 WARN, 1 INFO: 3 changes in 1 spec (HEAD → working tree).",
      "",
    ]);
  });

  it("names the spec in each place when several specs are reviewed, and - for document-level changes", () => {
    const lines = render("text", two).split("\n");
    expect(lines[0]).toMatch(
      /^ERR {3}server-removed {2}- {11}spec\/b\.openrpc\.json#\/servers\/0 {2}— Server x was removed;/,
    );
    expect(lines[1]).toContain("spec/a.openrpc.json#/methods/3");
    expect(lines[2]).toBe("1 ERR, 0 WARN, 1 INFO: 2 changes in 2 specs (HEAD → working tree).");
  });

  it("says so when nothing changed", () => {
    expect(render("text", none)).toBe("0 ERR, 0 WARN, 0 INFO: no changes in 1 spec (a.json → b.json).\n");
  });
});

describe("markdown", () => {
  it("a heading, the counts and a table, with pipes escaped", () => {
    const lines = render("markdown", one).split("\n");
    expect(lines.slice(0, 6)).toEqual([
      "### OpenRPC breaking-change review",
      "",
      "**1 ERR** · **1 WARN** · 1 INFO — `spec/a.openrpc.json` (HEAD → working tree)",
      "",
      "| Level | Rule | Method | Where | Change |",
      "|---|---|---|---|---|",
    ]);
    expect(lines[6]).toMatch(
      /^\| \*\*ERR\*\* \| `method-removed` \| `adv_getLogs` \| `#\/methods\/1` \| Method adv\\_getLogs was removed; .*\(`"adv_getLogs"` → `none`\) \|$/,
    );
    expect(lines[7]).toContain('(`"^a\\|b$"` → `"^c$"`)');
    expect(lines[8]).toMatch(/^\| INFO \| `method-added` \| `pets_count` \|/);
    expect(lines).toHaveLength(10);
  });

  it("says so when nothing changed", () => {
    expect(render("markdown", none)).toBe(
      "### OpenRPC breaking-change review\n\n0 ERR · 0 WARN · 0 INFO — `spec/a.openrpc.json` (a.json → b.json)\n\nNo changes to the API contract.\n",
    );
  });
});

describe("json", () => {
  it("an array of {spec, level, rule, method, pointer, old, new, message}, most severe first, null for absent values", () => {
    const entries = JSON.parse(render("json", two)) as Record<string, unknown>[];
    expect(entries).toEqual([
      {
        spec: "spec/b.openrpc.json",
        level: "ERR",
        rule: "server-removed",
        method: null,
        pointer: "#/servers/0",
        old: "https://x.example/",
        new: null,
        message: server.message,
      },
      {
        spec: "spec/a.openrpc.json",
        level: "INFO",
        rule: "method-added",
        method: "pets_count",
        pointer: "#/methods/3",
        old: null,
        new: "pets_count",
        message: info.message,
      },
    ]);
  });

  it("an empty array when nothing changed", () => {
    expect(JSON.parse(render("json", none))).toEqual([]);
  });
});
