/**
 * The site model: what the playground page knows about each API, made once from the generator's
 * normalized model (generator/site/model.ts) and read by both the HTML templates and the browser
 * code (generator/site/browser/). It holds plain JSON only, because it travels inside the page as
 * `<script type="application/json">`. Every text here is raw spec text: the HTML side escapes it
 * with generator/print/escape.ts, the browser side only ever sets it as `textContent` or attribute values.
 */

/** The whole site: every API of the package, in spec order. */
export interface SiteData {
  /** npm package the snippets import from: `@blockchain-rpc/clients`. */
  packageName: string;
  /**
   * Base URL of the mock server, resolved against the page's own URL (`mock/` when the
   * playground serves the page; an absolute `http://127.0.0.1:…` for a static copy).
   */
  mockUrl: string;
  apis: SiteApi[];
}

export interface SiteApi {
  /** Package subpath, also the key of the client factory in the bundle: `advanced`. */
  subpath: string;
  title: string;
  version: string;
  description: string;
  /** `createAdvancedClient`. */
  factory: string;
  /** `advanced`. */
  clientVar: string;
  /** Whether the API has a keyless proxy form (the client's `proxyUrl`). */
  hasProxy: boolean;
  /** Endpoints from the spec's servers, HTTP(S) only (subscriptions use the same URL with ws: or wss:). */
  endpoints: SiteEndpoint[];
  methods: SiteMethod[];
}

export interface SiteEndpoint {
  /** Stable id within the API: the server's name. */
  id: string;
  /** The server's summary, or its name. */
  label: string;
  /** `proxy`: keyless, no key ever; `keyed`: needs an API key (explicit opt-in in a browser). */
  kind: "proxy" | "keyed";
  /** The URL with its variables' defaults filled in, without the `{apiKey}` segment. */
  url: string;
}

export interface SiteMethod {
  rpcName: string;
  clientName: string;
  summary: string;
  description: string;
  deprecated: boolean;
  /** How the generated client takes the params: one object, or positional arguments. */
  signature: "object" | "positional";
  params: SiteParam[];
  examples: SiteExample[];
  errors: { code: number; message: string }[];
  /** The `x-limits` rules, as their descriptions. */
  limits: string[];
  /** Fields of the result, one level deep; empty when the result is not an object. */
  resultFields: SiteResultField[];
  /** A one-line description of the result's type: `object`, `integer`, `Block or null`. */
  resultType: string;
  /** Paginated methods: the token param, the next-token field and the items field. */
  pagination?: { token: string; next: string; items: string };
  /** Result variants the params select, most specific first. */
  variants: SiteVariant[];
  /** A subscribe method (`x-subscription`): tried over WebSocket, its notifications listed as they arrive. */
  subscription?: { notification: string; unsubscribe: string };
}

export interface SiteParam {
  name: string;
  required: boolean;
  deprecated: boolean;
  description: string;
  /** The description parsed for the form's hint; set in the page's data only (render.ts `pageData`). */
  descriptionRuns?: InlineRun[];
  field: Field;
}

export interface SiteExample {
  name: string;
  description: string;
  params: Record<string, unknown>;
  /** The example's result, when it has one. */
  result?: unknown;
}

export interface SiteResultField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface SiteVariant {
  /** `WithTransactions`. */
  name: string;
  /** The condition in words: `fullTransactions is true`. */
  condition: string;
  when: { param: string; property?: string; equals?: unknown; in?: unknown[]; absent?: boolean };
}

/**
 * A one-line Markdown description as the page's script shows it (a form hint), parsed at build
 * time by generator/site/markdown.ts `inlineRuns` (the parser that renders the page's summaries
 * and limits): text, a code span, strong or emphasised runs, a link (http or https only). The
 * script builds elements from these; it never parses Markdown or HTML itself.
 */
export type InlineRun =
  string | { code: string } | { strong: InlineRun[] } | { em: InlineRun[] } | { href: string; text: InlineRun[] };

/**
 * How a value is entered in the form, derived from its schema (generator/site/fields.ts). In the
 * page's data only (render.ts `pageData`), a field with a description also has it parsed as
 * `descriptionRuns`.
 */
export type Field = (
  | { kind: "enum"; options: unknown[]; default?: unknown; description?: string }
  | { kind: "boolean"; default?: boolean; description?: string }
  | {
      kind: "integer" | "number";
      minimum?: number;
      maximum?: number;
      default?: number;
      uint64?: boolean;
      description?: string;
    }
  | {
      kind: "string";
      pattern?: string;
      format?: string;
      minLength?: number;
      maxLength?: number;
      default?: string;
      description?: string;
    }
  | {
      /** A union of constants and free values (`"latest"` or a hex string or an integer): a text box with a list. */
      kind: "combo";
      /** The constants offered in the list: `latest`, `earliest`. */
      options: string[];
      /** Patterns of the string branches. */
      patterns: string[];
      /** A string branch without a pattern: any text is a string. */
      anyString?: boolean;
      /** An integer branch: digits are sent as a number, within these bounds. */
      integer?: { minimum?: number; maximum?: number };
      default?: string;
      description?: string;
    }
  | { kind: "array"; items: Field; minItems?: number; maxItems?: number; description?: string }
  | { kind: "object"; properties: SiteProperty[]; description?: string }
  | { kind: "json"; hint: string; description?: string }
) & { descriptionRuns?: InlineRun[] };

export interface SiteProperty {
  name: string;
  required: boolean;
  description: string;
  /** The description parsed for the form's hint; set in the page's data only (render.ts `pageData`). */
  descriptionRuns?: InlineRun[];
  field: Field;
}
