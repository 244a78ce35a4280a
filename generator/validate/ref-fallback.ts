/**
 * The fallback of a `$ref` that leads nowhere usable (rule `ref-dangling` and the rules that read
 * as it: generator/policy/rules.ts), by where the `$ref` sits. In a method's list of params or as
 * its result, it becomes a content descriptor of any value (so positional params keep their
 * places); a method, error, example, tag or link is left out; anywhere else it is a schema, and the
 * `$ref` alone is left out, so the schema accepts any value (`unknown`).
 */
import type { Repair } from "../policy/repair.js";

const LEFT_OUT = /^\/methods\/\d+(?:\/(?:errors|examples|tags|links)\/\d+)?$/;
const PARAM = /^\/methods\/\d+\/params\/(\d+)$/;
const RESULT = /^\/methods\/\d+\/result$/;

/** The edits for the object at `file#pointer` whose `$ref` cannot be followed; `entry` is the document's own file. */
export function unresolvedRefRepair(entry: string, file: string, pointer: string): Repair[] {
  if (file === entry) {
    if (LEFT_OUT.test(pointer)) return [{ op: "remove", file, pointer }];
    const param = PARAM.exec(pointer);
    if (param) return [{ op: "set", file, pointer, value: { name: `param${Number(param[1]) + 1}`, schema: {} } }];
    if (RESULT.test(pointer)) return [{ op: "set", file, pointer, value: { name: "result", schema: {} } }];
  }
  return [{ op: "remove", file, pointer: `${pointer}/$ref` }];
}
