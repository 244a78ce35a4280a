/**
 * Section 3, big pages: decoding what the client decodes, with the function it really runs on an
 * answer (`takeResult` of runtime/answer.ts, the success path; the exact-integer parser only for a
 * method whose result has u64 fields, as client.ts decides), the method table of the generated
 * client and the generated result validators for "strict", against `JSON.parse` of the same text.
 * - an `adv_getLogs` page of 10,000 logs: validation off and strict; and, as information, the
 *   exact-integer parser forced on it (what a page of a method with u64 fields pays);
 * - Solana `getAccountInfo` answers with u64 values beyond 2^53 and without, through the lossless parser.
 */
import { api as advancedApi } from "../generated/src/advanced/api.js";
import { resultValidators as advancedResults } from "../generated/src/advanced/result-validators.js";
import { api as solanaApi } from "../generated/src/solana/api.js";
import { REFUSED, takeResult } from "../runtime/answer.js";
import type { MethodSpec } from "../runtime/codec.js";
import { decodeReply, parseReply } from "../runtime/wire.js";
import type { Issue } from "../runtime/validate.js";
import { explain } from "../runtime/validate-explain.js";
import type { Row, SectionResult } from "./report.js";
import { logsPageText } from "./server.js";
import { now, ratio } from "./stats.js";

const SECTION = "3. Decode";
const CONTEXT = { method: "bench", host: "127.0.0.1" };

interface Subject {
  readonly name: string;
  readonly baseline?: boolean;
  readonly run: () => unknown;
  readonly target?: { text: string; max: number };
}

/** Times `iterations` runs of each subject per sample, subjects interleaved, `samples` samples each. */
function measure(subjects: readonly Subject[], samples: number, iterations: number): Map<string, number[]> {
  const out = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
  for (const s of subjects) for (let i = 0; i < Math.max(1, Math.ceil(iterations / 4)); i++) s.run(); // warm-up
  for (let round = 0; round < samples; round++) {
    const order = round % 2 === 0 ? subjects : [...subjects].reverse();
    for (const s of order) {
      const start = now();
      for (let i = 0; i < iterations; i++) s.run();
      out.get(s.name)!.push(((now() - start) / iterations) * 1000); // µs per decode
    }
  }
  return out;
}

function rows(caseLabel: string, subjects: readonly Subject[], results: Map<string, number[]>): Row[] {
  const base = subjects.find((s) => s.baseline)!;
  return subjects.map((s) => {
    const samples = results.get(s.name)!;
    const r = ratio(samples, results.get(base.name)!);
    return {
      section: SECTION,
      case: caseLabel,
      subject: s.name,
      unit: "µs",
      samples,
      baseline: s.baseline,
      ratio: s.baseline ? undefined : r,
      ratioOf: "JSON.parse",
      target: s.target?.text,
      met: s.target ? r <= s.target.max : undefined,
    };
  });
}

/** A Solana `getAccountInfo` answer: a token account (165 bytes of base64 data), u64 fields beyond 2^53 or small. */
export function accountInfoText(big: boolean): string {
  const data = Buffer.alloc(165, 7).toString("base64");
  const value = big
    ? `{"data":["${data}","base64"],"executable":false,"lamports":18446744073709551000,"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","rentEpoch":18446744073709551615,"space":165}`
    : `{"data":["${data}","base64"],"executable":false,"lamports":2039280,"owner":"TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA","rentEpoch":361,"space":165}`;
  return `{"jsonrpc":"2.0","id":1,"result":{"context":{"apiVersion":"2.2.3","slot":374431575},"value":${value}}}`;
}

/**
 * What the client runs on an answer of `spec`'s method (answer.ts: the exact-integer parser only when
 * the method table names one, i.e. the method has u64 fields), and throws if it is not a result.
 */
function decode(text: string, spec: MethodSpec | undefined): unknown {
  const result = takeResult(text, 1, spec);
  if (result === REFUSED) throw new Error("the client's success path refused the answer");
  return result;
}

export interface DecodeOptions {
  quick: boolean;
  log: (line: string) => void;
}

export async function runDecode(options: DecodeOptions): Promise<SectionResult> {
  const samples = options.quick ? 5 : 15;
  const out: Row[] = [];

  const pageText = `{"jsonrpc":"2.0","id":1,"result":${logsPageText(10_000)}}`;
  const logsSpec = advancedApi.methods.adv_getLogs;
  const validate = advancedResults.adv_getLogs!;
  const decodeLogs = (): unknown => decode(pageText, logsSpec);
  // Make sure the strict subject really validates, and passes, before timing it.
  const check: Issue[] = [];
  if (!explain(validate, decodeLogs(), "result", check))
    throw new Error(`the 10,000-log page fails strict validation: ${JSON.stringify(check.slice(0, 2))}`);
  const logSubjects: Subject[] = [
    { name: "JSON.parse", baseline: true, run: () => JSON.parse(pageText) },
    {
      name: "ours, response validation off (default)",
      run: decodeLogs,
      target: { text: "≤ 1.5× JSON.parse", max: 1.5 },
    },
    {
      name: 'ours, validateResponses: "strict"',
      run: () => {
        const issues: Issue[] = [];
        return explain(validate, decodeLogs(), "result", issues);
      },
    },
    {
      name: "ours, the exact-integer parser forced (as a method with u64 fields; wire.ts parseReply + decodeReply) (information)",
      run: () => decodeReply(parseReply(pageText, CONTEXT, [], true), 1, logsSpec, CONTEXT, []),
    },
  ];
  out.push(
    ...rows(
      `adv_getLogs page of 10,000 logs (${(pageText.length / 1024 / 1024).toFixed(1)} MB)`,
      logSubjects,
      measure(logSubjects, samples, 1),
    ),
  );
  options.log("decode: logs page done");

  const accountSpec = solanaApi.methods.getAccountInfo;
  for (const big of [true, false]) {
    const text = accountInfoText(big);
    const decoded = decode(text, accountSpec) as { value: { rentEpoch: unknown } };
    if (big && decoded.value.rentEpoch !== 18446744073709551615n) throw new Error("the lossless parser lost rentEpoch");
    const subjects: Subject[] = [
      { name: "JSON.parse (lossy)", baseline: true, run: () => JSON.parse(text) },
      {
        name: "ours, lossless (u64 → bigint)",
        run: () => decode(text, accountSpec),
      },
    ];
    const label = big
      ? "Solana getAccountInfo, u64 values beyond 2^53"
      : "Solana getAccountInfo, u64 values below 2^53";
    out.push(
      ...rows(`${label} (${text.length} B)`, subjects, measure(subjects, samples, options.quick ? 5_000 : 20_000)),
    );
  }
  options.log("decode: solana done");
  return {
    rows: out,
    details: [
      "**Decode**: in-process, no I/O; each sample decodes the same text (the full JSON-RPC envelope) once (the 10,000-log page) or 20,000 times (Solana); subjects alternate. Ours = `takeResult` (runtime/answer.ts; + the generated result validator when strict), exactly what the client runs on a response body: `JSON.parse`, the depth guard (a walk of the parsed value, for a text long enough to nest too deep), the envelope checks, and for a method with u64 fields the exact-integer parser (a scan of the text for long integers first). adv_getLogs has no u64 field; its row with the exact-integer parser forced shows what such a page costs.",
    ],
  };
}
