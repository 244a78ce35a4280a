/**
 * Secrets in other encodings (issue 24, class 3). Before the fix, a key with non-ASCII characters
 * echoed percent-encoded (the pattern builder took each %XX of a UTF-8 sequence as one character's
 * form), encoded twice (`%25C3%25A9`), or a secret header value echoed with `+` for spaces showed
 * in every error class and its `cause`; so did the URL a failing custom `fetch` named, when it
 * threw a plain object. Real HTTP server on 127.0.0.1; every rendering of every error is decoded
 * (percent, twice, `+`, `\u`, HTML) before looking for the secrets.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  NetworkError,
  createRpcClient,
  type ApiSpec,
  type ClientOptions,
} from "../../runtime/index.js";
import { hideSecrets, redact } from "../../runtime/secrets.js";
import { guardUnhandledRejections, rejectionOf, renderings } from "../helpers/error-checks.js";

guardUnhandledRejections();

const KEYS = ["clé-Δ-秘密-🔑-x9", "Ünïcödé_Key_42", "plain-key-1234"];
const HEADER = "Bearer my secret token";
const api: ApiSpec = {
  name: "Probe",
  methods: { ping: { params: [], idempotent: true } },
  keyed: { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" },
};

const utf8 = (s: string): number[] => [...new TextEncoder().encode(s)];
const pct = (b: number, upper: boolean): string =>
  `%${b.toString(16).padStart(2, "0")[upper ? "toUpperCase" : "toLowerCase"]()}`;
/** The encodings a server or a library may echo `s` in. */
const forms = (s: string): Record<string, string> => ({
  raw: s,
  "percent, upper hex": utf8(s)
    .map((b) => pct(b, true))
    .join(""),
  "percent, lower hex": utf8(s)
    .map((b) => pct(b, false))
    .join(""),
  "percent, mixed hex": utf8(s)
    .map((b, i) => pct(b, i % 2 === 0))
    .join(""),
  encodeURIComponent: encodeURIComponent(s),
  "encoded twice": encodeURIComponent(encodeURIComponent(s)),
  "encoded three times": encodeURIComponent(encodeURIComponent(encodeURIComponent(s))),
  "form (+ for spaces)": new URLSearchParams({ k: s }).toString().slice(2),
  "JSON \\u escapes": [...s]
    .flatMap((c) => [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, "0")}`))
    .join(""),
  "HTML hex": [...s].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(""),
  "half percent, half raw": encodeURIComponent(s.slice(0, 6)) + s.slice(6),
});

/** `text` with every encoding above undone (repeatedly), lower-cased. */
function decodeAll(text: string): string {
  let out = text;
  for (let i = 0; i < 4; i++) {
    out = out
      .replace(/\+/g, " ")
      .replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
      .replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
        const bytes = run.match(/%([0-9a-f]{2})/gi)!.map((h) => parseInt(h.slice(1), 16));
        return new TextDecoder().decode(new Uint8Array(bytes));
      });
  }
  return out.toLowerCase();
}

function expectClean(error: unknown, secrets: string[]): void {
  for (const [where, text] of renderings(error))
    for (const secret of secrets)
      expect(decodeAll(text), `a secret in ${where}: ${text.slice(0, 300)}`).not.toContain(secret.toLowerCase());
}

describe("hideSecrets knows the encodings", () => {
  const cases = [...KEYS, HEADER].flatMap((secret) =>
    Object.entries(forms(secret)).map(([form, echoed]) => [secret, form, echoed] as const),
  );
  it.each(cases)("%s, %s", (secret, _form, echoed) => {
    const text = `before ${echoed} after`;
    const hidden = hideSecrets(text, [secret]);
    expect(hidden).toBe("before *** after");
  });

  it("leaves other text alone (a lone byte of the key's UTF-8 sequence is not the key)", () => {
    expect(hideSecrets("%C3 and %A9 and cl", ["clé"])).toBe("%C3 and %A9 and cl");
    expect(hideSecrets("a+b", ["a b c"])).toBe("a+b");
  });

  it("runs in linear time on a hostile run of %25", () => {
    const text = `%${"25".repeat(200_000)}`;
    const started = performance.now();
    expect(hideSecrets(text, ["%%%%%%%%x"])).toBe(text);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("redact: what a custom fetch throws", () => {
  const url = `https://rpc.example/v1/${encodeURIComponent(KEYS[0]!)}`;
  it.each([
    ["an Error naming the URL", new TypeError(`fetch failed for ${url}`)],
    ["an Error whose cause is a plain object with the URL", new Error("failed", { cause: { url, status: 0 } })],
    ["a plain object", { url, nested: { href: url, list: [url] }, [url]: 1 }],
    ["a string", `GET ${url}`],
  ])("%s", (_, thrown) => {
    expectClean(redact(thrown, [KEYS[0]!]), [KEYS[0]!]);
  });
});

// A real server that echoes the key back in one of its encodings, in each error class.
let server: http.Server;
let base: string;
let reply: (res: http.ServerResponse, id: unknown) => void = () => undefined;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk));
    req.on("end", () => reply(res, (JSON.parse(text || "{}") as { id?: unknown }).id));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (apiKey: string, options: Partial<ClientOptions> = {}) =>
  createRpcClient(api, { url: `${base}/rpc`, apiKey, retryCount: 0, headers: { authorization: HEADER }, ...options });

const ERROR_CLASSES: [string, (echoed: string) => (res: http.ServerResponse, id: unknown) => void, unknown][] = [
  ["HttpError", (e) => (res) => res.writeHead(500).end(`bad key ${e}`), HttpError],
  ["MalformedResponseError", (e) => (res) => res.end(`<p>${e}</p>`), MalformedResponseError],
  [
    "JsonRpcError",
    (e) => (res, id) =>
      res.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: `key ${e}`, data: { [e]: [e] } } })),
    JsonRpcError,
  ],
];

describe("no error class shows a key or header echoed in another encoding", () => {
  const secretFor = (key: string) => [key, HEADER, "my secret token"];
  const cases = KEYS.slice(0, 2).flatMap((key) =>
    ERROR_CLASSES.flatMap(([name, send, type]) =>
      Object.entries({
        ...forms(key),
        ...Object.fromEntries(Object.entries(forms(HEADER)).map(([f, v]) => [`header ${f}`, v])),
      }).map(([form, echoed]) => ({ key, name, form, send: send(echoed), type })),
    ),
  );
  it.each(cases)("$name, key $key, $form", async ({ key, send, type }) => {
    reply = send;
    const c = client(key);
    try {
      const error = await rejectionOf(c.call("ping", []));
      expect(error).toBeInstanceOf(type as typeof Error);
      expectClean(error, secretFor(key));
    } finally {
      c.close();
    }
  });

  it.each(KEYS.flatMap((key) => Object.entries(forms(key)).map(([form, echoed]) => [key, form, echoed] as const)))(
    "NetworkError from a custom fetch that names the URL, key %s, %s",
    async (key, _form, echoed) => {
      for (const thrown of [
        (url: string) => new TypeError(`could not reach ${url} (${echoed})`),
        (url: string) => ({ message: "refused", url, echoed }),
        (url: string) => new Error("outer", { cause: new Error(`inner ${url}`, { cause: { href: url } }) }),
      ]) {
        const fetch = ((input: string | URL) => Promise.reject(thrown(String(input)))) as typeof globalThis.fetch;
        const c = client(key, { fetch });
        try {
          const error = await rejectionOf(c.call("ping", []));
          expect(error).toBeInstanceOf(NetworkError);
          expectClean(error, secretFor(key));
        } finally {
          c.close();
        }
      }
    },
  );
});
