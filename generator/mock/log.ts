/**
 * The mock's request log: one line per JSON-RPC call it answers, with the method, a short summary
 * of the params, the outcome and the time it took. The URL is never logged, so an API key in
 * the path (the segment after the API's path) cannot reach the log; params are cut short, and
 * the command prints the line through `terminalText` (no control characters from a request).
 */
import { stringifyJson } from "./json.js";

export interface CallRecord {
  method: string;
  params: unknown;
  /** `ok`, or the error's code. */
  outcome: { ok: true } | { code: number };
  ms: number;
  /** `http` or `ws`. */
  transport: string;
}

export type CallLog = (record: CallRecord) => void;

/** Longest params summary in a log line, in characters. */
export const MAX_PARAMS_CHARS = 80;

/** `http eth_getBlockByNumber ["latest",false] → ok in 2 ms`, `ws adv_getLogs {"pageSize":0} → error -32602 in 1 ms`. */
export function callLine(record: CallRecord): string {
  const outcome = "ok" in record.outcome ? "ok" : `error ${record.outcome.code}`;
  const ms = record.ms < 1 ? "<1" : String(Math.round(record.ms));
  return `${record.transport} ${shortText(record.method, 60)} ${paramsSummary(record.params)} → ${outcome} in ${ms} ms`;
}

/** The params as compact JSON, cut at MAX_PARAMS_CHARS (`…` marks the cut); `-` for none. */
export function paramsSummary(params: unknown): string {
  if (params === undefined) return "-";
  let text: string;
  try {
    text = stringifyJson(params) ?? "-";
  } catch {
    text = "(params that are not JSON)";
  }
  return shortText(text, MAX_PARAMS_CHARS);
}

function shortText(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
