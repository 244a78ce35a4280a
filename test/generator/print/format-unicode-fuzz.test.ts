/**
 * A seeded property test: random documents whose every text — title, descriptions, summaries,
 * enum values, schema, property, param and method names, error messages, examples — is random
 * Unicode (emoji and ZWJ sequences, flags, keycaps, CJK, Hangul, fullwidth forms, combining
 * marks, right-to-left text and bidi controls, zero-width characters, very long words, Markdown
 * and comment syntax, two trailing spaces, line breaks). Every generated .ts, .json and .md file
 * must be what `prettier --check` accepts with the options the package ships.
 * `FUZZ_SEEDS=500` runs more seeds than the default sample (300 passed when this was written).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { createRandom, type Random } from "../../../runtime/mock-random.js";
import { uncleanFiles } from "../../helpers/prettier-clean.js";

type Json = Record<string, unknown>;
const dir = mkdtempSync(path.join(os.tmpdir(), "format-unicode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Pieces of text, each a hard case for counting columns or for escaping. */
const PIECES = [
  ..."abcdefghijklmnopqrstuvwxyzABCXYZ0123456789",
  ...["☕", "✅", "🚀", "🎉", "🦄", "📏", "❤️", "⭐", "✨"],
  ...["👨‍👩‍👧", "🏳️‍🌈", "👩🏽‍💻", "🧑‍🤝‍🧑", "1️⃣", "#️⃣", "🇺🇦", "🇯🇵", "👍🏿"],
  ...["中", "文", "日本語", "한국어", "ｶﾀｶﾅ", "ＡＢＣ", "〜", "䷀"],
  ...["e\u0301", "a\u0310", "\u0301", "ñ", "ß", "Ω", "ǅ"],
  ...["שלום", "مرحبا", "\u202e", "\u2066", "\u200f"],
  ...["\u200b", "\u200c", "\u200d", "\ufeff", "\u00ad"],
  ...["*/", "/*", "`", "``", "|", "@", "#", "*", "_", "__", "\\", "<b>", "&amp;", "[x](y)", '"', "'", "${x}"],
  ...[" ", " ", " ", "  ", "\n", "  \n", "\t", "\u2028", "\u0007"],
];

function text(r: Random, max: number): string {
  const n = r.int(0, max);
  let out = "";
  for (let i = 0; i < n; i++) out += r.int(0, 30) === 0 ? longWord(r) : r.pick(PIECES);
  return out;
}

function longWord(r: Random): string {
  return Array.from({ length: r.int(40, 160) }, () => r.pick(["a", "ö", "中", "☕", "w", "👨‍👩‍👧"])).join("");
}

/** A name: a unicode word, sometimes a valid identifier, never empty; unique by its index. */
function name(r: Random, i: number): string {
  const word = Array.from({ length: r.int(1, 12) }, () =>
    r.pick(["a", "b", "z", "_", "ö", "ß", "中", "名前", "ракета", "שם", "☕", "🚀", "👨‍👩‍👧", "e\u0301", "-", ".", " "]),
  ).join("");
  return `${word}${i}`;
}

function schema(r: Random, depth: number): Json {
  const described = (s: Json): Json => ({
    ...s,
    ...(r.int(0, 1) ? { description: text(r, 12) } : {}),
    ...(r.int(0, 3) === 0 ? { title: text(r, 5) } : {}),
  });
  switch (r.int(0, depth > 2 ? 3 : 6)) {
    case 0:
      return described({ type: "string" });
    case 1:
      return described({ type: "string", enum: [...new Set(Array.from({ length: r.int(1, 10) }, () => text(r, 8)))] });
    case 2:
      return described({ type: "integer", minimum: r.int(0, 10) });
    case 3:
      return described({ type: ["string", "null"] });
    case 4: {
      const keys = [...new Set(Array.from({ length: r.int(0, 6) }, (_, i) => name(r, i)))];
      return described({
        type: "object",
        properties: Object.fromEntries(keys.map((k) => [k, schema(r, depth + 1)])),
        ...(keys.length > 0 && r.int(0, 1) ? { required: [keys[0]] } : {}),
      });
    }
    case 5:
      return described({ type: "array", items: schema(r, depth + 1) });
    default:
      return described({ anyOf: [schema(r, depth + 1), schema(r, depth + 1)] });
  }
}

function randomDocument(r: Random): Json {
  const components = Object.fromEntries(Array.from({ length: r.int(0, 3) }, (_, i) => [name(r, i), schema(r, 0)]));
  const methods = Array.from({ length: r.int(1, 4) }, (_, i) => {
    const params = Array.from({ length: r.int(0, 4) }, (_, j) => ({
      name: name(r, j),
      required: j === 0,
      ...(r.int(0, 1) ? { description: text(r, 10) } : {}),
      schema: schema(r, 0),
    }));
    return {
      name: r.int(0, 2) === 0 ? `m_${name(r, i)}` : `method${i}`,
      summary: text(r, 10),
      description: text(r, 30),
      paramStructure: r.pick(["by-name", "by-position"]),
      params,
      result: { name: "r", schema: schema(r, 0) },
      ...(r.int(0, 1) ? { errors: [{ code: r.int(1, 5000), message: text(r, 10) }] } : {}),
      ...(params.length > 0 && r.int(0, 1)
        ? {
            examples: [
              {
                name: text(r, 6) || "example",
                params: params.map((p) => ({ name: p.name, value: text(r, 12) })),
                result: { name: "r", value: text(r, 6) },
              },
            ],
          }
        : {}),
    };
  });
  return {
    openrpc: "1.3.2",
    info: { title: text(r, 12) || "T", version: "1", description: text(r, 40) },
    methods,
    components: { schemas: components },
  };
}

const seeds = Number(process.env.FUZZ_SEEDS ?? 12);

describe("random Unicode text: every generated file is prettier's form", () => {
  it.each(Array.from({ length: seeds }, (_, i) => i * 37 + 5))(
    "seed %i",
    async (seed) => {
      const file = path.join(dir, `unicode-${seed}.openrpc.json`);
      writeFileSync(file, JSON.stringify(randomDocument(createRandom(`unicode-${seed}`))));
      const options = { specs: [path.basename(file)], packageName: "fuzz", cwd: dir, examples: "warn" as const };
      const { files } = await generatePackage(options);
      // The runtime copies are the same for every document (test/runtime/formatted.test.ts checks them).
      expect(await uncleanFiles(files, { skip: (f) => f.startsWith("src/runtime/") })).toEqual([]);
    },
    60_000,
  );
});
