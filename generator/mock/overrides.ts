/**
 * Per-method overrides of the mock's answers, from a JSON file (`npm run mock -- --overrides
 * FILE`): `{ "eth_blockNumber": { "result": "0x10" }, "adv_getLogs": { "error": { "code":
 * -32000, "message": "Try later." } } }`. A call's params are still checked against the spec
 * first; a valid call then gets the fixed result or error. The file is checked as a whole before
 * the server starts: every problem is one sentence naming the file, the JSON pointer and the fix.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { isRecord, parseExact } from "./json.js";
import type { Outcome } from "./rpc.js";

export type Overrides = ReadonlyMap<string, Outcome>;

/** A problem with the overrides file: its message is the whole report (the CLI prints it as a usage error). */
export class OverridesError extends RangeError {}

/** Reads and checks an overrides file against the methods the mock serves. */
export async function loadOverrides(file: string, methods: readonly string[], cwd = process.cwd()): Promise<Overrides> {
  const full = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(full, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OverridesError(
      code === "ENOENT"
        ? `The overrides file ${full} does not exist; check the path given with --overrides.`
        : `The overrides file ${full} could not be read (${code ?? (error as Error).message}).`,
    );
  }
  let value: unknown;
  try {
    value = parseExact(text);
  } catch (error) {
    throw new OverridesError(`The overrides file ${full} is not valid JSON (${(error as Error).message}).`);
  }
  const { overrides, problems } = checkOverrides(value, methods);
  if (problems.length > 0)
    throw new OverridesError(
      `The overrides file ${full} has ${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join("\n")}`,
    );
  return overrides;
}

/** The overrides in `value`, or the problems found, each a sentence with its JSON pointer. */
export function checkOverrides(
  value: unknown,
  methods: readonly string[],
): { overrides: Overrides; problems: string[] } {
  const problems: string[] = [];
  const overrides = new Map<string, Outcome>();
  if (!isRecord(value)) {
    problems.push('# must be an object keyed by method name, such as { "eth_blockNumber": { "result": "0x10" } }.');
    return { overrides, problems };
  }
  const served = new Set(methods);
  for (const [name, entry] of Object.entries(value)) {
    const at = `#/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (!served.has(name)) {
      problems.push(`${at}: the mock serves no method ${JSON.stringify(name)}; use one of the spec's method names.`);
      continue;
    }
    if (!isRecord(entry) || Object.hasOwn(entry, "result") === Object.hasOwn(entry, "error")) {
      problems.push(`${at} must be an object with either "result" (the answer) or "error" ({ "code", "message" }).`);
      continue;
    }
    if (Object.hasOwn(entry, "result")) {
      overrides.set(name, { result: entry.result });
      continue;
    }
    const error = entry.error;
    if (!isRecord(error) || !Number.isInteger(error.code) || typeof error.message !== "string") {
      problems.push(
        `${at}/error must be { "code": <integer>, "message": <text> } (optionally "data"), not ${JSON.stringify(error)?.slice(0, 80)}.`,
      );
      continue;
    }
    overrides.set(name, {
      error: {
        code: error.code as number,
        message: error.message,
        ...(Object.hasOwn(error, "data") ? { data: error.data } : {}),
      },
    });
  }
  return { overrides, problems };
}
