/**
 * A large synthetic OpenRPC document for the generation benchmark: 240 methods (about 1.2 MB of
 * JSON), made from a seeded generator so it is the same on every run and never fetched. Each
 * method has by-name params, a result with nested objects, arrays, enums, patterns, `oneOf`
 * unions and `$ref`s to shared component schemas, a description and an example pairing that
 * fits its schemas — the shapes real blockchain APIs use, without recursion (which
 * @open-rpc/generator cannot handle). `npx tsx bench/synthetic-doc.ts [file]` writes it.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SYNTHETIC_METHODS = 240;

/** mulberry32: a small seeded PRNG, so the document is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ["get", "list", "find", "estimate", "submit", "simulate", "trace", "watch", "count", "describe"];
const NOUNS = [
  "Block",
  "Transaction",
  "Receipt",
  "Account",
  "Balance",
  "Token",
  "Contract",
  "Validator",
  "Stake",
  "Proposal",
  "Pool",
  "Order",
  "Position",
  "Bridge",
  "Message",
  "Epoch",
  "Slot",
  "Fee",
  "Vote",
  "Reward",
  "Asset",
  "Collection",
  "Event",
  "Log",
];
const WORDS =
  "the of a an to returns value block chain account address token amount hash height index page cursor filter range latest pending finalized safe earliest number count total fee gas price limit nonce signature public key data topic event log receipt status".split(
    " ",
  );

type Schema = Record<string, unknown>;

/** Shared component schemas, referred to from the methods. */
function components(): Record<string, Schema> {
  return {
    Hash: { title: "Hash", type: "string", pattern: "^0x[0-9a-f]{64}$", description: "A 32-byte hash, hex encoded." },
    Address: {
      title: "Address",
      type: "string",
      pattern: "^0x[0-9a-fA-F]{40}$",
      description: "A 20-byte address, hex encoded.",
    },
    Quantity: {
      title: "Quantity",
      type: "string",
      pattern: "^0x(0|[1-9a-f][0-9a-f]*)$",
      description: "An unsigned integer, hex encoded.",
    },
    BlockTag: { title: "BlockTag", type: "string", enum: ["latest", "pending", "finalized", "safe", "earliest"] },
    BlockRef: {
      title: "BlockRef",
      oneOf: [{ $ref: "#/components/schemas/Quantity" }, { $ref: "#/components/schemas/BlockTag" }],
    },
    Page: {
      title: "Page",
      type: "object",
      required: ["pageSize"],
      properties: { pageSize: { type: "integer", minimum: 1, maximum: 1000 }, pageToken: { type: "string" } },
      additionalProperties: false,
    },
  };
}

const EXAMPLES: Record<string, unknown> = {
  Hash: `0x${"ab".repeat(32)}`,
  Address: `0x${"12".repeat(20)}`,
  Quantity: "0x1b4",
  BlockTag: "latest",
  BlockRef: "latest",
  Page: { pageSize: 100 },
};

export function syntheticDocument(methods = SYNTHETIC_METHODS, seed = 240): Record<string, unknown> {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const sentence = (n: number): string => {
    const words = Array.from({ length: n }, () => pick(WORDS));
    return `${words[0]![0]!.toUpperCase()}${words.join(" ").slice(1)}.`;
  };
  const refs = ["Hash", "Address", "Quantity", "BlockTag", "BlockRef"];

  /** A leaf property schema and an example value that fits it. */
  const leaf = (): [Schema, unknown] => {
    const kind = Math.floor(rnd() * 7);
    if (kind === 0) {
      const ref = pick(refs);
      return [{ $ref: `#/components/schemas/${ref}` }, EXAMPLES[ref]];
    }
    if (kind === 1) return [{ type: "integer", minimum: 0, description: sentence(6) }, 7];
    if (kind === 2) return [{ type: "boolean", description: sentence(5) }, true];
    if (kind === 3) {
      const values = ["alpha", "beta", "gamma", "delta"].slice(0, 2 + Math.floor(rnd() * 3));
      return [{ type: "string", enum: values, description: sentence(4) }, values[0]];
    }
    if (kind === 4)
      return [{ type: "array", items: { $ref: "#/components/schemas/Hash" }, maxItems: 100 }, [EXAMPLES.Hash]];
    if (kind === 5) return [{ type: "string", minLength: 1, maxLength: 64, description: sentence(8) }, "memo"];
    return [{ type: "number", description: sentence(4) }, 1.5];
  };

  /** An object schema with `depth` levels of nesting, and a fitting example. */
  const object = (depth: number, size: number): [Schema, Record<string, unknown>] => {
    const properties: Record<string, Schema> = {};
    const example: Record<string, unknown> = {};
    const required: string[] = [];
    for (let i = 0; i < size; i++) {
      const name = `${pick(WORDS)}${pick(NOUNS)}${i}`;
      const [schema, value] = depth > 0 && rnd() < 0.2 ? object(depth - 1, 3 + Math.floor(rnd() * 4)) : leaf();
      properties[name] = { ...schema, ...(schema.$ref ? {} : { title: undefined }) };
      delete properties[name]!.title;
      example[name] = value;
      if (rnd() < 0.6) required.push(name);
    }
    return [{ type: "object", properties, required, additionalProperties: false, description: sentence(6) }, example];
  };

  const methodList: unknown[] = [];
  const names = new Set<string>();
  for (let i = 0; names.size < methods; i++) {
    const name = `syn_${pick(VERBS)}${pick(NOUNS)}${pick(NOUNS)}`;
    if (names.has(name)) continue;
    names.add(name);
    const params: Schema[] = [];
    const paramExample: { name: string; value: unknown }[] = [];
    const count = 1 + Math.floor(rnd() * 3);
    for (let p = 0; p < count; p++) {
      const [schema, value] = p === 0 && rnd() < 0.5 ? object(0, 4 + Math.floor(rnd() * 5)) : leaf();
      const paramName = `${pick(WORDS)}${pick(NOUNS)}${p}`;
      params.push({ name: paramName, required: p === 0, description: sentence(8), schema });
      paramExample.push({ name: paramName, value });
    }
    const [resultSchema, resultValue] = object(1, 4 + Math.floor(rnd() * 4));
    methodList.push({
      name,
      summary: sentence(7),
      description: sentence(25),
      paramStructure: "by-name",
      params,
      result: { name: `${name.slice(4)}Result`, description: sentence(8), schema: resultSchema },
      errors: [{ code: -32000 - (i % 50), message: sentence(4) }],
      examples: [{ name: `${name} example`, params: paramExample, result: { name: "result", value: resultValue } }],
    });
  }
  return {
    openrpc: "1.2.6",
    info: {
      title: "Synthetic Chain API",
      version: "1.0.0",
      description: `A synthetic document of ${methods} methods for the generation benchmark.`,
    },
    servers: [{ name: "local", url: "http://127.0.0.1:8545" }],
    methods: methodList,
    components: { schemas: components() },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? "synthetic-240.openrpc.json";
  const text = JSON.stringify(syntheticDocument(), null, 2);
  await writeFile(file, text);
  console.log(`Wrote ${file}: ${SYNTHETIC_METHODS} methods, ${(text.length / 1024).toFixed(0)} KB.`);
}
