/**
 * `mswHandlers(handlers, { url, ...options })`: msw 2 request handlers (msw is an optional peer
 * dependency, imported here on first use, so the testing entry loads without it) answering the
 * JSON-RPC POSTs a client made with `{ url, apiKey }` sends: at `url` and at `url/<apiKey>`, one
 * request or a batch, by method, with the same kit as `mockTransport` (testing-kit.ts). Everything a
 * request carries is untrusted: a body that is not JSON is -32700, a request that is not JSON-RPC
 * -32600 (an empty or oversized batch too), each batch entry is answered with its own id and
 * notifications with nothing. A fault of the test's own making (a handler result that breaks the spec)
 * is answered as -32603 whose message names the method and the path; no stack ever goes out.
 */
import { createKit, type Answered } from "./testing-kit.js";
import type { MswHandler, MswHandlers, MswOptions, TestingSetup } from "./testing-types.js";
import { faultText, readBody, responseText } from "./testing-wire.js";
import type { Issue } from "./validate-core.js";
import { typeOf } from "./validate-labels.js";

const WHAT = "mswHandlers";

/**
 * What this module uses of msw 2, typed here: the package builds (and a project type-checks it) with
 * or without msw installed, and `MswHandler` is msw's own type wherever msw is.
 */
interface MswModule {
  http: { post(path: RegExp, resolver: (info: { request: Request }) => Promise<Response>): MswHandler };
  HttpResponse: new (body: string | null, init?: ResponseInit) => Response;
}
/** Entries a batch may hold (as the mock server's default). */
const MAX_BATCH = 1000;

export async function createMswHandlers<H>(
  setup: TestingSetup,
  handlers: H,
  options: MswOptions<H>,
): Promise<MswHandlers<H>> {
  let base = "";
  const kit = createKit(setup, handlers, options, WHAT, (o, issues) => (base = baseUrl(o.url, issues)));
  let msw: MswModule;
  try {
    // eslint-disable-next-line @typescript-eslint/ban-ts-comment -- on purpose, see MswModule
    // @ts-ignore -- msw is an optional peer: the package builds and type-checks without it.
    msw = (await import("msw")) as MswModule;
  } catch (cause) {
    throw new Error(`mswHandlers needs msw 2, an optional peer dependency: npm install --save-dev msw@2.`, { cause });
  }
  const json = (text: string | undefined): Response =>
    text === undefined
      ? new msw.HttpResponse(null, { status: 204 })
      : new msw.HttpResponse(text, { headers: { "content-type": "application/json" } });
  const path = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?:/[^/]+)?/?$`);
  const handler = msw.http.post(path, async ({ request }) => {
    const read = readBody(await request.text());
    if (!read) return json(errorText(null, -32700, "Parse error: the body is not JSON (or nests too deep)"));
    const { value } = read;
    if (!Array.isArray(value)) return json(entryText(await kit.answer(value, request.signal)));
    if (value.length === 0) return json(errorText(null, -32600, "Invalid Request: an empty batch"));
    if (value.length > MAX_BATCH)
      return json(errorText(null, -32600, `Invalid Request: a batch of more than ${MAX_BATCH} entries`));
    const answers = await Promise.all(value.map((m) => kit.answer(m, request.signal)));
    const texts = answers.map(entryText).filter((t) => t !== undefined);
    return json(texts.length === 0 ? undefined : `[${texts.join(",")}]`);
  });
  return Object.assign([handler], { calls: kit.calls });
}

/** The response text of one entry: its answer, a fault as -32603, nothing for a notification. */
function entryText(answered: Answered): string | undefined {
  const id = answered.id;
  if (answered.outcome.kind === "result" && answered.outcome.stream && id !== undefined)
    return faultText(
      id,
      new Error(
        `${answered.outcome.stream.method} opens a subscription: HTTP carries no server pushes, use mockTransport`,
      ),
    );
  try {
    return responseText(answered, WHAT);
  } catch (error) {
    return id === undefined ? undefined : faultText(id, error instanceof Error ? error : new Error(String(error)));
  }
}

function errorText(id: null, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } });
}

/** `url` without a trailing slash, query or hash (what the client puts `/<apiKey>` after); "" with an issue when it is no http(s) URL. */
function baseUrl(url: unknown, issues: Issue[]): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === "string" ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    issues.push({
      path: "options.url",
      rule: "format",
      message: "must be the client's http(s) URL",
      received: typeOf(url),
    });
    return "";
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}
