import { describe, expect, it } from "vitest";
import { memberName, NameRegistry, pascalCase, propertyKey, variableName } from "../../../generator/normalize/names.js";

describe("names", () => {
  it.each([
    ["getLogs", "GetLogs"],
    ["eth_getBlockByNumber", "EthGetBlockByNumber"],
    ["getNFTsByOwner", "GetNFTsByOwner"],
    ["foo.bar", "FooBar"],
    ["eth-call", "EthCall"],
    ["2fa", "_2fa"],
    ["", "Unnamed"],
  ])("pascalCase(%j) = %j", (given, want) => expect(pascalCase(given)).toBe(want));

  it.each([
    ["getLogs", "getLogs"],
    ["eth_blockNumber", "eth_blockNumber"],
    ["foo.bar", "fooBar"],
    ["eth-call", "ethCall"],
    ["class", "class"],
  ])("memberName(%j) = %j", (given, want) => expect(memberName(given)).toBe(want));

  it.each([
    ["block", "block"],
    ["class", "class_"],
    ["default", "default_"],
    ["foo.bar", "fooBar"],
  ])("variableName(%j) = %j", (given, want) => expect(variableName(given)).toBe(want));

  it.each([
    ["pageSize", "pageSize"],
    ["foo.bar", '"foo.bar"'],
    ["base64+zstd", '"base64+zstd"'],
  ])("propertyKey(%j) = %j", (given, want) => expect(propertyKey(given)).toBe(want));

  it("gives later claimants a numbered name and records who was renamed", () => {
    const names = new NameRegistry(["request"]);
    expect(names.claim("Log", "first")).toBe("Log");
    expect(names.claim("Log", "second")).toBe("Log2");
    expect(names.claim("Log", "third")).toBe("Log3");
    expect(names.claim("request", "method")).toBe("request2");
    expect(names.renamed).toEqual([
      { wanted: "Log", given: "Log2", owner: "second", firstOwner: "first" },
      { wanted: "Log", given: "Log3", owner: "third", firstOwner: "first" },
      { wanted: "request", given: "request2", owner: "method", firstOwner: "(reserved)" },
    ]);
  });
});
