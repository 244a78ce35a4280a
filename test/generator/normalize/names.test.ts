import { describe, expect, it } from "vitest";
import {
  argumentName,
  isIdentifier,
  memberName,
  NameRegistry,
  pascalCase,
  RESERVED_TYPE_NAMES,
  variableName,
} from "../../../generator/normalize/names.js";

describe("names", () => {
  it.each([
    ["getLogs", "GetLogs"],
    ["eth_getBlockByNumber", "EthGetBlockByNumber"],
    ["getNFTsByOwner", "GetNFTsByOwner"],
    ["foo.bar", "FooBar"],
    ["eth-call", "EthCall"],
    ["2fa", "_2Fa"],
    ["", "Unnamed"],
    // SCREAMING_SNAKE_CASE keeps its words (Starknet's component keys)
    ["BROADCASTED_DECLARE_TXN_V3", "BroadcastedDeclareTxnV3"],
    ["NUM_AS_HEX", "NumAsHex"],
    ["FELT", "FELT"],
    // a letter after a digit is upper case (Filecoin's P2P methods), as the generated types always had it
    ["P2pUnblockPeer", "P2PUnblockPeer"],
    ["Filecoin.P2pUnblockPeer", "FilecoinP2PUnblockPeer"],
    ["eth_getStorageAt_v2", "EthGetStorageAtV2"],
    ["ERC20_balance", "ERC20Balance"],
  ])("pascalCase(%j) = %j", (given, want) => expect(pascalCase(given)).toBe(want));

  it.each([
    "getLogs",
    "eth_getBlockByNumber",
    "2fa",
    "P2pUnblockPeer",
    "BROADCASTED_DECLARE_TXN_V3",
    "a1b2c3",
    "x_y_z",
    "$weird name",
    "Ünïcode näme",
    "__proto__",
    "0x",
    "9_lives",
    "Starknet.v0_7.TXN",
  ])("pascalCase(%j) is an identifier that pascalCase keeps as it is", (given) => {
    const name = pascalCase(given);
    expect(pascalCase(name)).toBe(name);
    expect(isIdentifier(name)).toBe(true);
  });

  it.each([
    // Unicode letters that are legal identifiers are kept; nothing is transliterated.
    ["Ракета", "Ракета", "Ракета"],
    ["größe", "Größe", "größe"],
    ["שם", "שם", "שם"],
    ["uni_ракета", "UniРакета", "uni_ракета"],
    ["Zu_Groß", "ZuGroß", "Zu_Groß"],
    ["名前", "名前", "名前"],
    // a shouted word among others loses its shouting; acronyms inside camelCase stay
    ["EXPERIMENTAL_changes_in_block", "ExperimentalChangesInBlock", "EXPERIMENTAL_changes_in_block"],
    ["getNFTsByOwner", "GetNFTsByOwner", "getNFTsByOwner"],
    ["ETH_getBalance", "ETHGetBalance", "ETH_getBalance"],
    // characters beyond the BMP, and numbers that are not digits, are not identifier characters
    ["𝑥abc", "Abc", "abc"],
    ["½x", "X", "x"],
    ["🚀 rocket", "Rocket", "rocket"],
  ])("%j → type %s, member %s", (given, type, member) => {
    expect(pascalCase(given)).toBe(type);
    expect(memberName(given)).toBe(member);
  });

  it.each([
    ["getLogs", "getLogs"],
    ["eth_blockNumber", "eth_blockNumber"],
    ["foo.bar", "fooBar"],
    ["eth-call", "ethCall"],
    ["class", "class"],
    ["Filecoin.ChainHead", "filecoinChainHead"],
  ])("memberName(%j) = %j", (given, want) => expect(memberName(given)).toBe(want));

  it.each([
    ["block", "block"],
    ["class", "class_"],
    ["default", "default_"],
    ["foo.bar", "fooBar"],
    ["a-b", "aB"],
  ])("variableName(%j) = %j", (given, want) => expect(variableName(given)).toBe(want));

  // A parameter keeps every name strict TypeScript accepts there; only binding-reserved words change.
  it.each([
    ["number", "number"],
    ["string", "string"],
    ["type", "type"],
    ["readonly", "readonly"],
    ["options", "options"],
    ["class", "class_"],
    ["default", "default_"],
    ["this", "this_"],
    ["let", "let_"],
    ["arguments", "arguments_"],
    ["eval", "eval_"],
    ["await", "await_"],
    ["a-b", "aB"],
  ])("argumentName(%j) = %j", (given, want) => expect(argumentName(given)).toBe(want));

  it("gives later claimants a numbered name and records who was renamed", () => {
    const names = new NameRegistry(["request"]);
    expect(names.claim("Log", "first")).toBe("Log");
    expect(names.claim("Log", "second")).toBe("Log2");
    expect(names.claim("Log", "third")).toBe("Log3");
    expect(names.claim("request", "method")).toBe("request2");
    expect(names.renamed).toEqual([
      { wanted: "Log", given: "Log2", owner: "second", firstOwner: "first" },
      { wanted: "Log", given: "Log3", owner: "third", firstOwner: "first" },
      { wanted: "request", given: "request2", owner: "method", firstOwner: "a name the generated code uses itself" },
    ]);
  });

  it("never gives out a name the generated code uses", () => {
    const names = new NameRegistry(RESERVED_TYPE_NAMES);
    expect(names.claim("Promise", "a component")).toBe("Promise2");
    expect(names.claim("CallOptions", "a component")).toBe("CallOptions2");
  });
});
