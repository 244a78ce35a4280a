/**
 * A real OpenTelemetry tracer whose spans stay in memory (sdk-trace-base's InMemorySpanExporter behind
 * a SimpleSpanProcessor), for the tests of the `tracer` option. (vitest.config.ts inlines the
 * OpenTelemetry packages: their `module` builds import files without their extension.)
 */
import type { Tracer } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

/** A tracer of `name` and the exporter that keeps its finished spans. */
export function inMemoryTracer(name: string): { tracer: Tracer; exporter: InMemorySpanExporter } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { tracer: provider.getTracer(name), exporter };
}
