/** The runtime is copied into generated/ without formatting, so its sources must be prettier-clean. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../generator/print/format.js";
import { ROOT } from "../../generator/root.js";

const dir = path.join(ROOT, "runtime");
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));

describe("runtime sources", () => {
  it.each(files)("%s is formatted as the generator would format it", async (name) => {
    const text = readFileSync(path.join(dir, name), "utf8");
    expect(await format(text, { ...PRETTIER_OPTIONS, parser: "typescript", filepath: name })).toBe(text);
  });

  it("the repository's .prettierrc.json matches the generator's options", () => {
    expect(JSON.parse(readFileSync(path.join(ROOT, ".prettierrc.json"), "utf8"))).toEqual(PRETTIER_OPTIONS);
  });
});
