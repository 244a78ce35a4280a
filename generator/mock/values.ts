/**
 * The mock's values, made by the value maker the package's test kit ships (runtime/mock-values.ts):
 * one implementation for the mock server and for `mockTransport`, whose fallbacks must be the same
 * values. The generator's schema nodes are the runtime's nodes (runtime/mock-schema.ts) as they are.
 */
import type { SchemaDefinitions } from "../model/schema.js";

export { generateFitting, generateValue } from "../../runtime/mock-values.js";

export type Definitions = SchemaDefinitions;
