/**
 * The shape of each `x-` extension the generator reads (spec/README.md), as JSON Schemas.
 * Data only: meta-schema-build.ts compiles them (with the OpenRPC meta-schemas) into
 * meta-schema.compiled.ts, and extensions.ts checks documents with the compiled functions.
 */
const name = { type: "string", minLength: 1, maxLength: 200 };
const identifier = { type: "string", pattern: "^[A-Za-z_$][A-Za-z0-9_$]{0,99}$" };
const primitive = { type: ["string", "number", "boolean", "null"] };
const condition = {
  type: "object",
  additionalProperties: false,
  required: ["param"],
  properties: {
    param: name,
    property: name,
    equals: primitive,
    in: { type: "array", items: primitive, maxItems: 100 },
    absent: { const: true },
  },
};
const methodName = { type: "string", minLength: 1, maxLength: 200 };

export const EXTENSION_SCHEMAS: Record<string, object> = {
  "x-client": {
    type: "object",
    additionalProperties: false,
    properties: {
      subpath: { type: "string", maxLength: 64 },
      factory: identifier,
      methodPrefix: { type: "string", maxLength: 64 },
    },
  },
  "x-endpoint": {
    type: "object",
    additionalProperties: false,
    properties: {
      kind: { enum: ["keyed", "proxy", "plain"] },
      paramStructure: { enum: ["by-name", "by-position"] },
      envelope: { enum: ["jsonrpc", "params-only"] },
      methodIn: { enum: ["body", "query"] },
      network: name,
      transport: { enum: ["https", "wss", "http", "ws"] },
    },
  },
  "x-idempotent": { type: "boolean" },
  "x-limits": {
    type: "array",
    maxItems: 50,
    items: {
      oneOf: [
        {
          type: "object",
          additionalProperties: false,
          required: ["rule", "from", "to", "max"],
          properties: {
            rule: { const: "maxBlockSpan" },
            from: name,
            to: name,
            max: { type: "integer", minimum: 0 },
            description: { type: "string" },
          },
        },
        {
          type: "object",
          additionalProperties: false,
          required: ["rule", "if", "then"],
          properties: { rule: { const: "requires" }, if: name, then: name, description: { type: "string" } },
        },
      ],
    },
  },
  "x-result-variants": {
    type: "array",
    maxItems: 50,
    items: {
      type: "object",
      additionalProperties: false,
      required: ["name", "when", "schema"],
      properties: {
        name: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]{0,63}$" },
        when: condition,
        schema: { type: ["object", "boolean"] },
      },
    },
  },
  "x-subscription": {
    type: "object",
    additionalProperties: false,
    required: ["notification", "unsubscribe", "item"],
    properties: {
      notification: methodName,
      unsubscribe: methodName,
      item: { type: ["object", "boolean"] },
      notificationParams: { type: "array", items: [name, name], minItems: 2, maxItems: 2, uniqueItems: true },
      variants: {
        type: "array",
        maxItems: 50,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["name", "when", "item"],
          properties: {
            name: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]{0,63}$" },
            when: condition,
            params: { type: "array", items: name, maxItems: 100, uniqueItems: true },
            item: { type: ["object", "boolean"] },
            backfill: { enum: ["blocks", "logs"] },
          },
        },
      },
    },
  },
  "x-response-deviations": {
    type: "object",
    additionalProperties: false,
    properties: {
      omitted: { type: "array", items: name },
      nullable: { type: "array", items: name },
      evidence: { type: "array", items: { type: "string" } },
    },
  },
};
