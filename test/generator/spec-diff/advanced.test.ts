/** The review on the service's own specs: unchanged specs report nothing, real edits report exactly themselves. */
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { loadSpec, type LoadedSpec } from "../../../generator/load/load.js";
import { bumpOfReport, reviewSpec } from "../../../generator/spec-diff/review.js";
import { diffSpecs, reverseKeys, side, summary, type Doc } from "./build.js";

const advanced = await loadSpec("spec/advanced.openrpc.json", ROOT);
const eth = await loadSpec("spec/eth.openrpc.json", ROOT);
const solana = await loadSpec("spec/solana.openrpc.json", ROOT);

/** A copy of a loaded spec with its files changed by `change(files)`. */
function edited(spec: LoadedSpec, change: (files: Map<string, Doc>) => void): LoadedSpec {
  const files = structuredClone(spec.files) as Map<string, Doc>;
  change(files);
  return { entry: spec.entry, files };
}

const main = (files: Map<string, Doc>, spec: LoadedSpec) => files.get(spec.entry)!;

/** Where "eth" is in the Blockchain enum: a removed value is pointed at in the old document, on its own line. */
const ETH = (main(advanced.files as Map<string, Doc>, advanced).components.schemas.Blockchain.enum as string[]).indexOf(
  "eth",
);

describe("the service's specs", () => {
  it.each([
    ["advanced", advanced],
    ["eth", eth],
    ["solana", solana],
  ] as const)(
    "%s against itself, and against a copy with every key order reversed, reports nothing",
    async (_, spec) => {
      expect(await diffSpecs(spec, spec)).toEqual([]);
      const reversed = edited(spec, (files) => {
        for (const [name, doc] of files) files.set(name, reverseKeys(doc) as Doc);
      });
      expect(await diffSpecs(spec, reversed)).toEqual([]);
    },
  );

  it("advanced: a lower pageSize maximum and a removed param are exactly two ERR changes", async () => {
    const after = edited(advanced, (files) => {
      const doc = main(files, advanced);
      const holders = doc.methods.findIndex((m: Doc) => m.name === "adv_getNFTHolders");
      const pageSize = doc.methods[holders].params.find((p: Doc) => p.name === "pageSize");
      pageSize.schema.maximum = 1000;
      doc.methods[1].params = doc.methods[1].params.filter((p: Doc) => p.name !== "descOrder");
    });
    const changes = await diffSpecs(advanced, after);
    expect(summary(changes)).toEqual([
      ["ERR", "param-removed", "adv_getLogs", "#/methods/1/params/3"],
      ["ERR", "page-size-max-lowered", "adv_getNFTHolders", "#/methods/7/params/2/schema/maximum"],
    ]);
    expect(changes[0]!.message).toBe(
      "Param descOrder was removed from adv_getLogs; callers that send it are rejected, or by position fill the wrong params.",
    );
    expect([changes[1]!.old, changes[1]!.new]).toEqual([10000, 1000]);
  });

  it("advanced: a chain dropped from the shared Blockchain enum breaks every method that takes it and informs every result that returns it", async () => {
    const after = edited(advanced, (files) => {
      const blockchain = main(files, advanced).components.schemas.Blockchain;
      blockchain.enum = blockchain.enum.filter((v: string) => v !== "eth");
    });
    // The spec's examples use "eth": they no longer fit, as with `spec:diff --examples warn`.
    const changes = await diffSpecs(advanced, after, "warn");
    const at = (rule: string) => [
      ...new Set(
        changes
          .filter((c) => c.rule === rule && c.pointer === `#/components/schemas/Blockchain/enum/${ETH}`)
          .map((c) => c.method),
      ),
    ];
    expect(at("request-enum-value-removed")).toEqual([
      "adv_getCurrencies",
      "adv_getLogs",
      "adv_getBlocks",
      "adv_getTransactionsByHash",
      "adv_getNFTsByOwner",
      "adv_getNFTMetadata",
      "adv_getNFTHolders",
    ]);
    expect(at("response-enum-value-removed").length).toBeGreaterThan(0);
    expect(
      changes.every((c) => c.rule === "request-enum-value-removed" || c.rule === "response-enum-value-removed"),
    ).toBe(true);
  });

  it("advanced: the same removed chain is one finding listing every method, graded per method", async () => {
    const after = edited(advanced, (files) => {
      const blockchain = main(files, advanced).components.schemas.Blockchain;
      blockchain.enum = blockchain.enum.filter((v: string) => v !== "eth");
    });
    const report = reviewSpec(await side(advanced), await side(after, "warn"));
    expect(report.findings).toHaveLength(1);
    const [finding] = report.findings;
    expect(finding).toMatchObject({
      level: "ERR",
      rule: "request-enum-value-removed",
      pointer: `#/components/schemas/Blockchain/enum/${ETH}`,
      old: "eth",
      message:
        'The value "eth" was removed from the allowed values of type Blockchain; callers sending that value are rejected.',
    });
    const by = (level: string) => finding!.methods.filter((m) => m.level === level);
    expect(by("ERR").map((m) => [m.method, m.via])).toEqual(
      [
        "adv_getCurrencies",
        "adv_getLogs",
        "adv_getBlocks",
        "adv_getTransactionsByHash",
        "adv_getNFTsByOwner",
        "adv_getNFTMetadata",
        "adv_getNFTHolders",
      ].map((m) => [m, "param blockchain"]),
    );
    expect(by("INFO").length).toBeGreaterThan(0);
    expect(by("INFO").every((m) => m.rule === "response-enum-value-removed" && /^the result at /.test(m.via!))).toBe(
      true,
    );
    expect(bumpOfReport(report)).toBe("major");
  });

  it("advanced: edited descriptions and examples are a documentation-only change, a patch", async () => {
    const after = edited(advanced, (files) => {
      const doc = main(files, advanced);
      doc.methods[0].description = "Now with more words.";
      doc.methods[1].examples[0].name = "renamed example";
      doc.components.schemas.Blockchain.description = "A chain.";
    });
    const report = reviewSpec(await side(advanced), await side(after));
    expect(report.findings).toEqual([]);
    expect(report.notes.map((n) => [n.kind, n.change, n.pointer])).toEqual([
      ["documentation", "changed", "#/methods/0/description"],
      ["documentation", "changed", "#/methods/1/examples"],
      ["documentation", "changed", "#/components/schemas/Blockchain/description"],
    ]);
    expect(bumpOfReport(report)).toBe("patch");
  });

  it("advanced: an x- annotation no rule grades is still reported, as a note, with a patch", async () => {
    const after = edited(advanced, (files) => {
      const doc = main(files, advanced);
      doc.components.schemas.Blockchain["x-note"] = "not graded";
    });
    const report = reviewSpec(await side(advanced), await side(after));
    expect(report.findings).toEqual([]);
    expect(report.notes).toEqual([
      {
        pointer: "#/components/schemas/Blockchain/x-note",
        side: "new",
        kind: "other",
        change: "added",
        file: "spec/advanced.openrpc.json",
      },
    ]);
    expect(bumpOfReport(report)).toBe("patch");
  });

  it("eth: a pattern changed in spec/schemas/values.json is reported there, for requests and results", async () => {
    const values = "spec/schemas/values.json";
    const after = edited(eth, (files) => (files.get(values)!.Address.pattern = "^0x[0-9a-fA-F]{40,42}$"));
    const changes = await diffSpecs(eth, after);
    expect(new Set(changes.map((c) => c.pointer))).toEqual(new Set([`${values}#/Address/pattern`]));
    expect(changes.some((c) => c.rule === "request-pattern-changed" && c.method === "eth_getTransactionCount")).toBe(
      true,
    );
    expect(changes.some((c) => c.rule === "response-pattern-changed")).toBe(true);
    expect(changes.every((c) => c.level === "WARN")).toBe(true);
  });

  it("eth: a removed result variant of eth_getBlockByNumber", async () => {
    const after = edited(eth, (files) => {
      const doc = main(files, eth);
      const block = doc.methods.findIndex((m: Doc) => m.name === "eth_getBlockByNumber");
      doc.methods[block]["x-result-variants"].splice(1, 1);
    });
    expect(summary(await diffSpecs(eth, after))).toEqual([
      ["ERR", "result-variant-removed", "eth_getBlockByNumber", "#/methods/1/x-result-variants/1"],
    ]);
  });
});
