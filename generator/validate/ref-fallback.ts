/**
 * The fallback of a `$ref` that leads nowhere usable (rule `ref-dangling` and the rules that read
 * as it: generator/policy/rules.ts), by where the `$ref` sits, in the document or in a file it
 * refers to (a method written in a file of its own has its params at `/params/0` there). In a
 * method's list of params or as its result, it becomes a content descriptor of any value (so
 * positional params keep their places); a method, error, example, tag or link is left out;
 * anywhere else it is a schema, and the `$ref` alone is left out, so the schema accepts any value
 * (`unknown`).
 */
import type { Repair } from "../policy/repair.js";

/** Keywords whose members are named by the document, not by OpenRPC: a token after one is a name. */
const NAME_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);
const LEFT_OUT = new Set(["errors", "examples", "tags", "links"]);

/** The edits for the object at `file#pointer` whose `$ref` cannot be followed; `entry` is the document's own file. */
export function unresolvedRefRepair(entry: string, file: string, pointer: string): Repair[] {
  const tokens = pointer.split("/").slice(1);
  const [last, before, third] = [tokens.at(-1), tokens.at(-2), tokens.at(-3)];
  const named = (token: string | undefined): boolean => token !== undefined && NAME_MAPS.has(token);
  const index = last !== undefined && /^\d+$/.test(last);
  if (file === entry && tokens.length === 2 && tokens[0] === "methods" && index)
    return [{ op: "remove", file, pointer }];
  if (index && before !== undefined && LEFT_OUT.has(before) && !named(third)) return [{ op: "remove", file, pointer }];
  if (index && before === "params" && !named(third))
    return [{ op: "set", file, pointer, value: { name: `param${Number(last) + 1}`, schema: {} } }];
  if (last === "result" && !named(before)) return [{ op: "set", file, pointer, value: { name: "result", schema: {} } }];
  return [{ op: "remove", file, pointer: `${pointer}/$ref` }];
}
