/** Bundled for the browser by browser.test.ts: exercises the generated clients inside Chromium. */
import { createAdvancedClient } from "../../generated/src/advanced/index.js";
import { createSolanaNodeClient } from "../../generated/src/solana/index.js";
import { ValidationError } from "../../generated/src/index.js";

declare global {
  interface Window {
    proxyCall(): Promise<unknown>;
    keyedWithoutOptIn(): Promise<unknown>;
    keyedWithOptIn(): Promise<unknown>;
  }
}

const origin = window.location.origin;

window.proxyCall = async () => {
  const play = createAdvancedClient({ proxyUrl: `${origin}/proxy` });
  const result = await play.getNFTMetadata({
    contractAddress: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",
    tokenId: "23240",
  });
  return { tokenId: result.metadata?.tokenId, name: result.attributes?.name };
};

window.keyedWithoutOptIn = async () => {
  // The client is made (a factory never throws); its first call rejects before anything is sent.
  const keyed = createAdvancedClient({ url: `${origin}/multichain`, apiKey: "browser-secret-key" });
  try {
    await keyed.getCurrencies({ blockchain: "eth" });
    return "sent";
  } catch (error) {
    const e = error as ValidationError;
    return {
      isValidationError: e instanceof ValidationError,
      rule: e.issues?.[0]?.rule,
      path: e.issues?.[0]?.path,
      leaks: String(e.message).includes("browser-secret-key"),
    };
  }
};

window.keyedWithOptIn = async () => {
  const sol = createSolanaNodeClient({
    url: `${origin}/solana`,
    apiKey: "browser-secret-key",
    dangerouslyAllowBrowser: true,
  });
  const info = await sol.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" });
  return { rentEpoch: String(info.value?.rentEpoch), type: typeof info.value?.rentEpoch };
};
