/** The mock's chain head (generator/mock/chain.ts): notification items placed at block numbers that only go up. */
import { describe, expect, it } from "vitest";
import { atHead, chainHead, CHAIN_START } from "../../../generator/mock/chain.js";

describe("chainHead", () => {
  it("goes up by one per block, from a realistic start", () => {
    const chain = chainHead();
    expect([chain.next(), chain.next(), chain.next()]).toEqual([CHAIN_START + 1, CHAIN_START + 2, CHAIN_START + 3]);
  });
});

describe("atHead", () => {
  it("sets an Ethereum head's number in its hex form", () => {
    expect(atHead({ number: "0xf4f4", hash: "0xab" }, 255)).toEqual({ number: "0xff", hash: "0xab" });
    expect(atHead({ blockNumber: 7 }, 300)).toEqual({ blockNumber: 300 });
  });

  it("sets a Solana slot item and a context's slot", () => {
    expect(atHead({ slot: 1, parent: 99, root: 5 }, 1000)).toEqual({ slot: 1000, parent: 999, root: 968 });
    expect(atHead({ context: { slot: 3 }, value: { lamports: 1 } }, 40)).toEqual({
      context: { slot: 40 },
      value: { lamports: 1 },
    });
  });

  it("leaves other values and other forms alone", () => {
    expect(atHead("0x1", 5)).toBe("0x1");
    expect(atHead({ number: "latest", slot: null }, 5)).toEqual({ number: "latest", slot: null });
    expect(atHead({ parent: 0 }, 0)).toEqual({ parent: 0 });
  });
});
