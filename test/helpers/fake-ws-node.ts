/**
 * A scripted Ethereum/Solana-like node over WebSocket on 127.0.0.1, for the subscription tests:
 * it answers `*_subscribe`/`*Subscribe` with a new id, `*nsubscribe` with true, `eth_blockNumber`,
 * `eth_getBlockByNumber` and `eth_getLogs` from its chain of heads, records every request, and
 * lets a test push notifications, flood, drop every socket, or stop accepting connections.
 */
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export interface FakeWsNode {
  /** `ws://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received, in order (parsed). */
  readonly requests: { method: string; params: unknown; id: unknown }[];
  /** Block heads the node knows, by number (back-fill reads them). */
  head: number;
  /** Logs `eth_getLogs` answers (already filtered by the test). */
  logs: Record<string, unknown>[];
  /** Sends a notification raw text to every open socket. */
  pushText(text: string): void;
  /** Sends `{ subscription: <latest id>, result }` with the given notification method. */
  push(result: unknown, method?: string): void;
  /** The newest subscription id given. */
  readonly lastId: string | undefined;
  /** Ends every open socket abruptly (code 1006 for the client). */
  drop(): void;
  /** Stops accepting connections (reconnects fail), and drops the open ones. */
  refuse(): Promise<void>;
  connections(): number;
  close(): Promise<void>;
}

export async function startFakeWsNode(): Promise<FakeWsNode> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const port = (wss.address() as AddressInfo).port;
  const sockets = new Set<WebSocket>();
  let nextId = 1;
  let connectionCount = 0;
  const node: FakeWsNode & { lastId: string | undefined } = {
    url: `ws://127.0.0.1:${port}`,
    requests: [],
    head: 0,
    logs: [],
    lastId: undefined,
    pushText(text) {
      for (const s of sockets) s.send(text);
    },
    push(result, method = "eth_subscription") {
      node.pushText(JSON.stringify({ jsonrpc: "2.0", method, params: { subscription: node.lastId, result } }));
    },
    drop() {
      for (const s of sockets) s.terminate();
    },
    async refuse() {
      node.drop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    connections: () => connectionCount,
    close: () => node.refuse(),
  };
  const hex = (n: number): string => `0x${n.toString(16)}`;
  wss.on("connection", (socket) => {
    connectionCount++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("message", (data) => {
      const request = JSON.parse(data.toString()) as { id: unknown; method: string; params: unknown[] };
      node.requests.push({ method: request.method, params: request.params, id: request.id });
      const answer = (result: unknown): void => socket.send(JSON.stringify({ jsonrpc: "2.0", id: request.id, result }));
      const m = request.method;
      if (m === "eth_subscribe") {
        node.lastId = hex(0x1000 + nextId++);
        return answer(node.lastId);
      }
      if (/Subscribe$/.test(m)) {
        node.lastId = String(nextId++);
        return answer(Number(node.lastId));
      }
      if (/[uU]nsubscribe$/.test(m)) return answer(true);
      if (m === "eth_blockNumber") return answer(hex(node.head));
      if (m === "eth_getBlockByNumber") return answer(head(Number(request.params[0])));
      if (m === "eth_getLogs") return answer(node.logs);
      socket.send(
        JSON.stringify({ jsonrpc: "2.0", id: request.id, error: { code: -32601, message: `Method not found: ${m}` } }),
      );
    });
  });
  return node;
}

/** A head with the fields the spec requires (a block header, as a node pushes it for newHeads). */
export function head(n: number): Record<string, string> {
  const word = (tag: number): string => `0x${tag.toString(16).padStart(64, "0")}`;
  return {
    number: `0x${n.toString(16)}`,
    hash: word(n + 1),
    parentHash: word(n),
    nonce: "0x0000000000000000",
    sha3Uncles: word(0),
    logsBloom: `0x${"0".repeat(512)}`,
    transactionsRoot: word(0),
    stateRoot: word(0),
    receiptsRoot: word(0),
    miner: `0x${"0".repeat(40)}`,
    difficulty: "0x0",
    extraData: "0x",
    gasLimit: "0x1c9c380",
    gasUsed: "0x0",
    timestamp: `0x${(1_700_000_000 + n).toString(16)}`,
  };
}
