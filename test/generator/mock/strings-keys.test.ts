/** Strings that read like what their property holds (runtime/mock-strings.ts `valueForKey`), used when a schema gives no pattern or format. */
import { describe, expect, it } from "vitest";
import { createRandom } from "../../../runtime/mock-random.js";
import { stringValue, valueForKey } from "../../../runtime/mock-strings.js";

const random = () => createRandom("seed");

describe("valueForKey", () => {
  it.each([
    ["contractAddress", /^0x[0-9a-f]{40}$/],
    ["holders", /^0x[0-9a-f]{40}$/],
    ["from", /^0x[0-9a-f]{40}$/],
    ["txHash", /^0x[0-9a-f]{64}$/],
    ["usdPrice", /^\d+\.\d{4}$/],
    ["tokenId", /^\d+$/],
    ["imageUrl", /^https:\/\/example\.com\/imageUrl\/3f2a$/],
    ["collectionName", /^Collection 3f2a$/],
  ])("%s reads like one", (key, shape) => {
    expect(valueForKey(key, random(), "3f2a")).toMatch(shape);
  });

  it("says nothing for a name that says nothing, and a pattern or format still wins", () => {
    expect(valueForKey("trait_type", random(), "3f2a")).toBeUndefined();
    expect(
      stringValue({ kind: "string", pointer: "", pattern: "^[1-9A-HJ-NP-Za-km-z]{32}$" }, random(), "owner"),
    ).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32}$/);
    expect(stringValue({ kind: "string", pointer: "", format: "email" }, random(), "contractAddress")).toMatch(
      /@example\.com$/,
    );
  });

  it("keeps the length bounds", () => {
    expect([...stringValue({ kind: "string", pointer: "", maxLength: 10 }, random(), "contractAddress")]).toHaveLength(
      10,
    );
  });
});
