/**
 * Shared by the mock server's integration tests: the three real specs, their models, an ajv
 * check of results against the documented schemas, and a raw POST for what clients never send.
 */
import { Ajv } from "ajv";
import path from "node:path";
import { ROOT } from "../../../generator/root.js";
import { loadSpec } from "../../../generator/load/load.js";
import type { DocumentModel } from "../../../generator/model/document.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";

export const SPECS = ["spec/advanced.openrpc.json", "spec/eth.openrpc.json", "spec/solana.openrpc.json"].map((s) =>
  path.join(ROOT, s),
);

/** The models of the three specs, by subpath (`advanced`, `eth`, `solana`). */
export async function loadModels(): Promise<Record<string, DocumentModel>> {
  const models = await Promise.all(
    SPECS.map(async (file) => normalizeDocument(await loadSpec(path.relative(ROOT, file), ROOT))),
  );
  return Object.fromEntries(models.map((m) => [m.subpath, m]));
}

/** Checks a value against a named schema of a document, as documented (strict); returns ajv's errors, or [] when it fits. */
export function schemaChecker(model: DocumentModel): (typeName: string, value: unknown) => string[] {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: "doc", definitions: Object.fromEntries(model.schemas.map((s) => [s.name, s.schema])) });
  return (typeName, value) => {
    const validate = ajv.getSchema(`doc#/definitions/${typeName}`);
    if (!validate) return [`no schema ${typeName}`];
    return validate(toNumbers(value))
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message}`);
  };
}

/** `bigint`s (u64 values the clients return) as numbers, which is what ajv checks `integer` on. */
export function toNumbers(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)));
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** POSTs `body` (text as given) to `url`; bounded in time. */
export async function post(
  url: string,
  body: string,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<RawAnswer> {
  const response = await fetch(url, { method: "POST", body, headers, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A JSON-RPC 2.0 request body. */
export function envelope(method: string, params?: unknown, id: unknown = 1): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, ...(params !== undefined ? { params } : {}) });
}
