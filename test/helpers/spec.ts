/** Builders of small OpenRPC documents for the generator's unit tests. */
import type { LoadedSpec } from "../../generator/load/load.js";
import type { DocumentModel } from "../../generator/model/document.js";
import { normalizeDocument } from "../../generator/normalize/document.js";

export interface MiniMethod {
  name: string;
  params?: { name: string; required?: boolean; schema?: unknown; description?: string }[];
  result?: { name: string; schema: unknown } | undefined;
  paramStructure?: "by-name" | "by-position" | "either";
  [extra: string]: unknown;
}

/** A valid OpenRPC 1.3 document with the given methods and component schemas. */
export function doc(
  methods: MiniMethod[],
  schemas: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    openrpc: "1.3.2",
    info: { title: "Test API", version: "1.0.0" },
    methods: methods.map((m) => ({ params: [], result: { name: "result", schema: { type: "string" } }, ...m })),
    components: { schemas },
    ...extra,
  };
}

/** The document as the load stage would hand it on, with optional extra files for external `$ref`s. */
export function loaded(
  document: unknown,
  files: Record<string, unknown> = {},
  entry = "spec/test.openrpc.json",
): LoadedSpec {
  return { entry, files: new Map<string, unknown>([[entry, document], ...Object.entries(files)]) };
}

/**
 * These methods as one normalized document: each by-position, with no params and no result unless
 * given (a method without a result is what the notification conventions look for).
 */
export function normalizedMethods(methods: Record<string, unknown>[]): DocumentModel {
  const document = {
    openrpc: "1.3.2",
    info: { title: "T", version: "1.0.0" },
    methods: methods.map((m) => ({ paramStructure: "by-position", params: [], ...m })),
  };
  return normalizeDocument({ entry: "doc.json", files: new Map([["doc.json", document]]) });
}
