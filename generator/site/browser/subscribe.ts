/**
 * A subscription tried from the page: the generated client over the runtime's WebSocket transport
 * (`webSocket()` of the package's `./ws` subpath) at the endpoint's URL with `ws:`/`wss:`, with a
 * WebSocket class that records what is sent (so the request shown is the one on the wire). The
 * items arrive through `onItem` until `stop()` (which unsubscribes and closes the socket) or an
 * error ends them.
 */
import type { Target } from "./endpoints.js";
import type { ClientFactory } from "./send.js";

/** `webSocket(url, options)` from the generated package's `./ws` subpath. */
export type WebSocketFactory = (url: string, options?: Record<string, unknown>) => unknown;

export interface Live {
  /** The node's subscription id. */
  id: string | number;
  /** Unsubscribes (sends the spec's unsubscribe method) and closes the socket. */
  stop(): Promise<void>;
}

export interface LiveView {
  /** Each text message the page sends on the socket, the API key hidden. */
  sent(text: string): void;
  item(value: unknown): void;
  /** The subscription ended: `error` when it did not end by `stop()`. */
  ended(error?: unknown): void;
}

/** The endpoint's URL as a WebSocket URL, or why it has none. */
export function socketUrl(target: Target): { url: string } | { problem: string } {
  const url = target.options.url;
  if (url === undefined)
    return {
      problem:
        "a subscription needs a WebSocket endpoint in the keyed form: choose the mock server or a custom URL, not the keyless proxy form",
    };
  return { url: url.replace(/^http(s?):/i, "ws$1:") };
}

interface Subscription extends AsyncIterable<unknown> {
  id: string | number;
  unsubscribe(): Promise<void>;
}

export async function subscribe(
  factory: ClientFactory,
  webSocket: WebSocketFactory,
  target: Target,
  url: string,
  clientName: string,
  args: unknown[],
  view: LiveView,
): Promise<Live> {
  const secret = target.secret;
  class RecordingSocket extends WebSocket {
    override send(data: Parameters<WebSocket["send"]>[0]): void {
      if (typeof data === "string") view.sent(secret ? data.split(secret).join("***") : data);
      super.send(data);
    }
  }
  const transport = webSocket(url, {
    ...(target.options.apiKey ? { apiKey: target.options.apiKey, dangerouslyAllowBrowser: true } : {}),
    WebSocket: RecordingSocket,
    reconnect: { attempts: 1 },
  });
  const client = factory({ transport }) as Record<string, unknown> & { close?: () => unknown };
  const member = client[clientName];
  if (typeof member !== "function") throw new Error(`The generated client has no method ${clientName}.`);
  let subscription: Subscription;
  try {
    subscription = (await (member as (...a: unknown[]) => Promise<Subscription>).apply(client, args)) as Subscription;
  } catch (error) {
    await quietly(() => client.close?.());
    throw error;
  }
  let stopping = false;
  void (async () => {
    try {
      for await (const item of subscription) view.item(item);
      view.ended();
    } catch (error) {
      view.ended(stopping ? undefined : error);
    }
  })();
  return {
    id: subscription.id,
    async stop() {
      stopping = true;
      await quietly(() => subscription.unsubscribe());
      await quietly(() => client.close?.());
    },
  };
}

/** Runs a clean-up step whose failure changes nothing for the page (the socket is going away). */
async function quietly(step: () => unknown): Promise<void> {
  try {
    await step();
  } catch {
    // Nothing to report: the subscription has ended either way.
  }
}
