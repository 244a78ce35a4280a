/** Builders of small OpenRPC documents for the generator's unit tests. */
import type { LoadedSpec } from "../../generator/load/load.js";

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
