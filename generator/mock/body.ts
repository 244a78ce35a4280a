/**
 * Reading an HTTP request body as the mock's clients are untrusted: the content type must be
 * JSON, gzip and deflate bodies are decoded while they stream, `maxBodyBytes` is counted on the
 * decoded bytes as they arrive (a declared Content-Length over it is refused before reading;
 * chunked bodies are counted the same), and the text must be valid UTF-8.
 */
import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { createGunzip, createInflate } from "node:zlib";
import { bytes } from "./limits.js";

/** The client closed the connection before its body was complete: nothing to answer, nothing to report. */
export class ClientGone extends Error {
  constructor() {
    super("The client closed the connection before the body was complete.");
  }
}

/** The body text, or why it was refused: the HTTP status, a JSON-RPC code and a sentence. */
export type BodyRead = { text: string } | { status: number; code: number; message: string };

const JSON_TYPES = new Set(["application/json", "application/json-rpc", "application/jsonrequest"]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** What is wrong with the request's headers for a JSON-RPC body, before anything is read. */
export function headerProblem(
  request: IncomingMessage,
  maxBodyBytes: number,
): Exclude<BodyRead, { text: string }> | undefined {
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!JSON_TYPES.has(type)) {
    const given = type === "" ? "no Content-Type" : `Content-Type ${JSON.stringify(type.slice(0, 100))}`;
    return {
      status: 415,
      code: -32600,
      message: `Invalid Request: the mock takes JSON-RPC bodies sent with Content-Type application/json, not ${given}.`,
    };
  }
  const encoding = (request.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  if (!["identity", "gzip", "x-gzip", "deflate"].includes(encoding)) {
    return {
      status: 415,
      code: -32600,
      message: `Invalid Request: the mock takes bodies sent as they are, gzip or deflate, not Content-Encoding ${JSON.stringify(encoding.slice(0, 100))}.`,
    };
  }
  const declared = Number(request.headers["content-length"] ?? 0);
  if (encoding === "identity" && declared > maxBodyBytes) return overLimit(maxBodyBytes);
  return undefined;
}

function overLimit(maxBodyBytes: number): Exclude<BodyRead, { text: string }> {
  return {
    status: 413,
    code: -32600,
    message: `Invalid Request: the request body is larger than ${bytes(maxBodyBytes)}, the mock's limit (maxBodyBytes); send smaller batches.`,
  };
}

/**
 * The body, decoded and counted while it streams. Stops reading at the limit and leaves the
 * socket open (the caller answers 413 and closes the connection); a body that is not UTF-8 or
 * not valid gzip/deflate is refused. Rejects when the client goes away mid-body.
 */
export function readBody(request: IncomingMessage, maxBodyBytes: number): Promise<BodyRead> {
  const problem = headerProblem(request, maxBodyBytes);
  if (problem) return Promise.resolve(problem);
  const encoding = (request.headers["content-encoding"] ?? "identity").trim().toLowerCase();
  const decoder = encoding === "identity" ? undefined : encoding === "deflate" ? createInflate() : createGunzip();
  const source: Readable = decoder ? request.pipe(decoder) : request;
  const chunks: Buffer[] = [];
  let size = 0;
  let raw = 0;
  return new Promise<BodyRead>((resolve, reject) => {
    let done = false;
    const finish = (outcome: BodyRead | Error): void => {
      if (done) return;
      done = true;
      request.off("data", countRaw).off("close", closed);
      source.off("data", onData).off("end", onEnd).off("error", onError);
      if (decoder) {
        request.unpipe(decoder);
        decoder.destroy();
      }
      request.pause();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const countRaw = (chunk: Buffer): void => {
      raw += chunk.length;
      if (raw > maxBodyBytes) finish(overLimit(maxBodyBytes));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBodyBytes) return finish(overLimit(maxBodyBytes));
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(decodeText(Buffer.concat(chunks)));
    // Only the decoder's errors arrive here (the client going away is `closed`): the data is not gzip/deflate.
    const onError = (): void =>
      finish(
        decoder
          ? {
              status: 400,
              code: -32700,
              message: `Parse error: the body is not valid ${encoding === "deflate" ? "deflate" : "gzip"} data.`,
            }
          : new ClientGone(),
      );
    const closed = (): void => {
      if (!request.complete) finish(new ClientGone());
    };
    if (decoder) request.on("data", countRaw);
    request.on("close", closed);
    source.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

function decodeText(body: Buffer): BodyRead {
  try {
    return { text: utf8.decode(body) };
  } catch {
    return { status: 400, code: -32700, message: "Parse error: the body is not valid UTF-8 text." };
  }
}
