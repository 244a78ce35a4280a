/**
 * Ethereum back-fill after a reconnect (`{ backfill: true }`): the blocks (`eth_getBlockByNumber`)
 * or logs (`eth_getLogs`) the subscription missed while the socket was down, from the last item
 * seen, and the order key that keeps live items already back-filled from being yielded twice.
 */
import type { CallFn } from "./options.js";

export type BackfillKind = "blocks" | "logs";

/** Position of an item in the chain: `[block]` for heads, `[block, logIndex]` for logs; undefined if not readable. */
export function orderKey(kind: BackfillKind, item: unknown): bigint[] | undefined {
  const record = item !== null && typeof item === "object" ? (item as Record<string, unknown>) : {};
  const quantity = (v: unknown): bigint | undefined =>
    typeof v === "string" && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : undefined;
  if (kind === "blocks") {
    const n = quantity(record.number);
    return n === undefined ? undefined : [n];
  }
  const block = quantity(record.blockNumber);
  const index = quantity(record.logIndex);
  return block === undefined || index === undefined ? undefined : [block, index];
}

/** Whether key `a` comes after key `b`. */
export function after(a: bigint[], b: bigint[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -1n;
    const y = b[i] ?? -1n;
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * The items after `last` up to the node's head. `limit` bounds how many blocks are fetched;
 * more missed blocks than that is an error (the caller ends the subscription with it).
 */
export async function fetchMissed(
  call: CallFn,
  kind: BackfillKind,
  last: bigint[],
  filter: unknown,
  limit: number,
): Promise<unknown[]> {
  const hex = (n: bigint): string => `0x${n.toString(16)}`;
  if (kind === "blocks") {
    const head = BigInt(String(await call("eth_blockNumber", [])));
    const from = last[0]! + 1n;
    if (head - from + 1n > BigInt(limit))
      throw new RangeError(
        `${head - from + 1n} blocks were missed, more than the subscription's bufferSize of ${limit}`,
      );
    const blocks: unknown[] = [];
    for (let n = from; n <= head; n++) {
      const block = await call("eth_getBlockByNumber", [hex(n), false]);
      // Only the block asked for: one numbered far ahead would make every later live head look back-filled.
      if (orderKey("blocks", block)?.[0] === n) blocks.push(block);
    }
    return blocks;
  }
  const base = filter !== null && typeof filter === "object" ? filter : {};
  const logs = await call("eth_getLogs", [{ ...base, fromBlock: hex(last[0]!), toBlock: "latest" }]);
  if (!Array.isArray(logs)) return [];
  const missed = logs.filter((log) => {
    const key = orderKey("logs", log);
    return key !== undefined && after(key, last);
  });
  if (missed.length > limit)
    throw new RangeError(`${missed.length} logs were missed, more than the subscription's bufferSize of ${limit}`);
  return missed;
}
