/**
 * Bundled with code splitting by failure-chunk.test.ts: one keyed client whose successful calls need
 * only the start chunks, and whose failing calls fetch the failure path's chunk.
 */
import { createEthNodeClient } from "../../generated/src/eth/index.js";
import { JsonRpcError, NetworkError } from "../../generated/src/index.js";

declare global {
  interface Window {
    call(path: string): Promise<unknown>;
  }
}

window.call = async (path) => {
  const eth = createEthNodeClient({
    url: `${window.location.origin}/${path}`,
    apiKey: "browser-secret-key",
    dangerouslyAllowBrowser: true,
    retryCount: 0,
  });
  try {
    return { result: await eth.eth_blockNumber() };
  } catch (error) {
    const e = error as Error;
    return {
      name: e.name,
      isJsonRpcError: e instanceof JsonRpcError,
      isNetworkError: e instanceof NetworkError,
      code: (e as { code?: unknown }).code,
      leaks: `${e.message} ${JSON.stringify(e)}`.includes("browser-secret-key"),
    };
  }
};
