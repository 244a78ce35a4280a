/**
 * Raw HTTP and WebSocket for the mock's hostile probes: bytes written as given (bodies over the
 * limit, chunked without an end, trickled heads, invalid frames), everything read until the
 * server closes the connection. Every call is bounded in time and talks to 127.0.0.1 only.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: unknown;
}

export interface Exchange {
  /** The parsed response, if one arrived. */
  response?: RawResponse;
  /** Whether the server closed the connection before `timeoutMs`. */
  closed: boolean;
  /** Milliseconds until the server closed the connection (or the timeout). */
  ms: number;
  /** Every byte received, with `onRaw`. */
  raw?: Buffer;
}

/**
 * Writes `parts` one after the other (`gapMs` apart), then reads until the server closes the
 * connection or `timeoutMs` passes. Write errors (the server hung up mid-body) end the writing.
 * `endless` keeps writing the last part again and again until the server hangs up (or the timeout).
 */
export function exchange(
  port: number,
  parts: (string | Buffer)[],
  options: { gapMs?: number; timeoutMs?: number; endless?: boolean; onFirstByte?: () => void; onRaw?: boolean } = {},
): Promise<Exchange> {
  const { gapMs = 0, timeoutMs = 10_000, endless = false, onFirstByte } = options;
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let closed = false;
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(received);
      resolve({ response: parseResponse(raw), closed, ms: Date.now() - started, ...(options.onRaw ? { raw } : {}) });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("data", (chunk) => {
      if (received.length === 0) onFirstByte?.();
      received.push(chunk);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      closed = true;
      finish();
    });
    socket.on("connect", () => void writeParts());
    const writeParts = async (): Promise<void> => {
      let i = 0;
      while (!done && !socket.destroyed && socket.writable && (i < parts.length || endless)) {
        const part = parts[Math.min(i, parts.length - 1)]!;
        i++;
        const flushed = socket.write(part);
        if (gapMs > 0) await sleep(gapMs);
        else if (!flushed) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
    };
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A POST with a Connection: close, so the server ends the exchange after its answer. */
export function postRaw(
  port: number,
  body: string | Buffer,
  headers: Record<string, string> = { "content-type": "application/json" },
  path = "/",
  onFirstByte?: () => void,
  timeoutMs = 10_000,
): Promise<Exchange> {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const head = Object.entries({
    host: "127.0.0.1",
    connection: "close",
    "content-length": String(bytes.length),
    ...headers,
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  return exchange(port, [Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\n${head}\r\n`), bytes])], {
    onFirstByte,
    timeoutMs,
  });
}

/** Status, headers and (de-chunked) body of the first response in `raw`. */
export function parseResponse(raw: Buffer): RawResponse | undefined {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [statusLine, ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1] ?? 0);
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  let body = raw.subarray(end + 4);
  if (headers["transfer-encoding"] === "chunked") body = dechunk(body);
  else if (headers["content-length"] !== undefined) body = body.subarray(0, Number(headers["content-length"]));
  const text = body.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, headers, body: text, json };
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!(size > 0)) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** A socket after a WebSocket handshake, for frames written by hand; `frames` collects what the server sends. */
export async function rawWebSocket(
  port: number,
  path = "/",
): Promise<{ socket: net.Socket; received: () => Buffer; closed: Promise<void> }> {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  const chunks: Buffer[] = [];
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("data", (c) => chunks.push(c));
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-key: ${randomBytes(16).toString("base64")}\r\nsec-websocket-version: 13\r\n\r\n`,
  );
  for (let i = 0; i < 100 && !Buffer.concat(chunks).includes("\r\n\r\n"); i++) await sleep(20);
  const head = Buffer.concat(chunks);
  const end = head.indexOf("\r\n\r\n");
  if (!head.toString("latin1").startsWith("HTTP/1.1 101"))
    throw new Error(`No WebSocket handshake: ${head.toString("latin1").slice(0, 200)}`);
  chunks.splice(0, chunks.length, head.subarray(end + 4));
  return { socket, received: () => Buffer.concat(chunks), closed };
}

/** A client frame: FIN, the opcode, masked with `mask` (a client must mask; `masked: false` breaks that rule). */
export function frame(opcode: number, payload: Buffer, options: { masked?: boolean; rsv?: number } = {}): Buffer {
  const { masked = true, rsv = 0 } = options;
  const first = 0x80 | (rsv << 4) | opcode;
  const length =
    payload.length < 126
      ? Buffer.from([payload.length])
      : Buffer.from([126, payload.length >> 8, payload.length & 255]);
  length[0] = length[0]! | (masked ? 0x80 : 0);
  const mask = masked ? Buffer.from([1, 2, 3, 4]) : Buffer.alloc(0);
  const body = masked ? Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!)) : payload;
  return Buffer.concat([Buffer.from([first]), length, mask, body]);
}

/** The status code of the first close frame (opcode 8) the server sent, if any. */
export function closeCode(data: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= data.length) {
    const opcode = data[at]! & 0x0f;
    let length = data[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = data.readUInt16BE(at + 2);
      start = at + 4;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(at + 2));
      start = at + 10;
    }
    if (opcode === 8) return length >= 2 ? data.readUInt16BE(start) : 1005;
    at = start + length;
  }
  return undefined;
}
