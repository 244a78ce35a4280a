/**
 * The mock's chain head: block (or slot) numbers that only go up, one per notification, shared by
 * every subscription of one server, so `newHeads` and `slotSubscribe` items follow each other as a
 * real node's would (a generated value alone jumps and goes backwards).
 */
import { isRecord } from "./json.js";

/** Where the head starts: a block number of the size real chains have now. */
export const CHAIN_START = 19_000_000;

export interface ChainHead {
  /** The next block: one more than the last. */
  next(): number;
}

export function chainHead(start = CHAIN_START): ChainHead {
  let head = start;
  return { next: () => ++head };
}

/** Fields that hold the block an item is about, and how far behind the head each one is. */
const BEHIND: Record<string, number> = { number: 0, blockNumber: 0, slot: 0, parent: 1, root: 32 };

/**
 * A generated notification item placed at `head`: its `number`/`blockNumber`/`slot` (and Solana's
 * `parent`, `root`, `context.slot`) become the head, in the form the value had (hex string or integer).
 */
export function atHead(value: unknown, head: number): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, behind] of Object.entries(BEHIND)) {
    if (!Object.hasOwn(out, key)) continue;
    const n = Math.max(0, head - behind);
    const current = out[key];
    if (typeof current === "string" && /^0x[0-9a-fA-F]+$/.test(current)) out[key] = `0x${n.toString(16)}`;
    else if (typeof current === "number") out[key] = n;
  }
  if (isRecord(out.context)) out.context = atHead(out.context, head);
  return out;
}
