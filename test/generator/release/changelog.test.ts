/** The changelog entry a release writes, from the review of the fixture's v1 → v2, and the records it keeps. */
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { loadSpec, type LoadedSpec } from "../../../generator/load/load.js";
import {
  changelogEntry,
  exportsChanged,
  releaseRecord,
  releaseRecords,
  withEntry,
  type SpecChanges,
} from "../../../generator/release/changelog.js";
import { reviewSpec } from "../../../generator/spec-diff/review.js";
import { side } from "../spec-diff/build.js";

const F = "test/fixtures/spec-diff";
const v1 = await loadSpec(`${F}/v1/pets.openrpc.json`, ROOT);
const v2 = await loadSpec(`${F}/v2/pets.openrpc.json`, ROOT);

async function changes(before: LoadedSpec | undefined, after: LoadedSpec): Promise<SpecChanges> {
  const [old, now] = [before ? await side(before) : undefined, await side(after)];
  return { report: reviewSpec(old, now), before: old?.document, after: now.document };
}

const COMMIT = "0123456789abcdef0123456789abcdef01234567";

describe("exportsChanged", () => {
  it("methods and types added, changed and removed, the breaking findings and what was documented", async () => {
    const found = exportsChanged(await changes(v1, v2));
    expect(found.added).toEqual({ methods: [], types: [] });
    expect(found.changed).toEqual({ methods: ["pets_list", "pets_get"], types: ["Kind"] });
    expect(found.removed).toEqual({ methods: ["pets_legacy"], types: [] });
    expect(found.breaking.map((f) => f.rule)).toEqual([
      "method-removed",
      "page-size-max-lowered",
      "response-enum-value-added",
      "error-removed",
    ]);
    expect(found.documented).toEqual(["info"]);
  });

  it("the other way round: the method comes back as added", async () => {
    const found = exportsChanged(await changes(v2, v1));
    expect(found.added.methods).toEqual(["pets_legacy"]);
    expect(found.removed.methods).toEqual([]);
  });
});

describe("changelogEntry", () => {
  it("a heading, what was compared, the breaking changes, then added/changed/removed and documentation, and the record", async () => {
    const entry = changelogEntry({
      version: "1.0.0",
      date: "2025-01-31",
      since: "the tag clients-v0.1.0",
      bump: "major",
      specs: [await changes(v1, v2)],
      commit: COMMIT,
    });
    expect(entry.split("\n")).toEqual([
      "## 1.0.0 — 2025-01-31",
      "",
      "Compared with the tag clients-v0.1.0: a major release: it breaks or may break callers.",
      "",
      "### Breaking changes",
      "",
      "- **ERR** Method pets\\_legacy was removed; existing callers get a method-not-found error and the generated client loses the method.",
      "- **ERR** The maximum of param pageSize of pets\\_list was lowered from 100 to 50; callers asking for larger pages are rejected before any request is sent.",
      '- **ERR** The value "bird" was added to the allowed values of type Kind; callers that switch over the values may not handle the new one. (`pets_list`, `pets_get`)',
      "- **WARN** Error -32005 \\(Not found\\) is no longer listed for pets\\_get; callers that match on this code may never see it again.",
      "",
      "### Changed",
      "",
      "- Methods: `pets_list`, `pets_get`",
      "- Types: `Kind`",
      "",
      "### Removed",
      "",
      "- Methods: `pets_legacy`",
      "",
      "### Documentation",
      "",
      "- 1 place: `info`",
      "",
      releaseRecord("1.0.0", COMMIT),
      "",
    ]);
  });

  it("the first release lists every method and type as added, and names the API when there are several", async () => {
    const entry = changelogEntry({
      version: "0.1.0",
      date: "2025-01-31",
      since: undefined,
      bump: "minor",
      specs: [await changes(undefined, v1), await changes(undefined, v2)],
      commit: undefined,
    });
    expect(entry).toContain(
      "The first release.\n\n### Added\n\n- Methods (Pets API): `pets_list`, `pets_get`, `pets_legacy`\n",
    );
    expect(entry).not.toContain("openrpc-ts-release");
  });

  it("spec text stays inert: a hostile method name cannot add HTML, links or mentions", async () => {
    const hostile = structuredClone(v1.files) as Map<string, { methods: { name: string }[] }>;
    hostile
      .get(v1.entry)!
      .methods.push({ ...hostile.get(v1.entry)!.methods[2]!, name: "x_`<img src=x onerror=alert(1)>`@team" });
    const entry = changelogEntry({
      version: "0.2.0",
      date: "2025-01-31",
      since: "x",
      bump: "minor",
      specs: [await changes(v1, { entry: v1.entry, files: hostile as Map<string, unknown> })],
      commit: undefined,
    });
    // Inside a code span, whose fence is longer than any backtick run in it: shown, never rendered.
    expect(entry).toContain("\n- Methods: ``x_`<img src=x onerror=alert(1)>`@team``\n");
  });
});

describe("the changelog file", () => {
  it("is started with a header, and each new entry goes on top", async () => {
    const first = withEntry(undefined, "## 0.1.0 — 2025-01-01\n\nFirst.\n", "@scope/pkg");
    expect(first).toMatch(/^# Changelog\n\nReleases of `@scope\/pkg`, newest first\./);
    const second = withEntry(first, "## 0.2.0 — 2025-02-01\n\nSecond.\n", "@scope/pkg");
    expect(second.indexOf("## 0.2.0")).toBeLessThan(second.indexOf("## 0.1.0"));
    expect(second).toContain("Second.\n\n## 0.1.0");
    expect(withEntry("# Notes\n", "## 1.0.0\n", "p")).toBe("# Notes\n\n## 1.0.0\n");
  });

  it("records are read back newest first; anything that is not a well-formed record is ignored", async () => {
    const text = [
      releaseRecord("0.2.0", COMMIT),
      releaseRecord("0.1.0", "f".repeat(40)),
      '<!-- openrpc-ts-release {"version":"x","commit":"' + "a".repeat(40) + '"} -->',
      '<!-- openrpc-ts-release {"version":"1.0.0","commit":"--output=x"} -->',
      "<!-- openrpc-ts-release {not json} -->",
    ].join("\n");
    expect(releaseRecords(text)).toEqual([
      { version: "0.2.0", commit: COMMIT },
      { version: "0.1.0", commit: "f".repeat(40) },
    ]);
  });
});
