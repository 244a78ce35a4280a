/**
 * Where a pair of schema nodes sits, how messages name it, and what one walk over the request
 * (or the response) side of one method carries; `report` makes the change of one keyword.
 */
import type { SchemaDefinitions, SchemaNode } from "../model/schema.js";
import { change, type Change } from "./change.js";
import type { RuleId } from "./rules.js";

export type Direction = "request" | "response";

/** Everything one walk over the request (or the response) side of one method needs. */
export interface SchemaContext {
  method: string;
  direction: Direction;
  /** The named nodes of each document by name: what `{ kind: "ref", name }` nodes point at. */
  oldDefs: SchemaDefinitions;
  newDefs: SchemaDefinitions;
  /** Pairs of nodes already compared: reference cycles end here, shared schemas are judged once. */
  seen: Map<SchemaNode, Set<SchemaNode>>;
  out: Change[];
}

/** Where a pair of schemas sits: a pointer on each side and a label for messages. */
export interface Place {
  oldPtr: string;
  newPtr: string;
  /**
   * What messages name: `param pageSize of adv_getLogs`, `the result of adv_getLogs`; inside a
   * named schema, which several methods may share, the type itself: `type Blockchain`.
   */
  subject: string;
  /** Path below the subject: `logs[].blockchain`; empty at the subject itself. */
  path: string;
  /** The subject as the method sees it, without its name: `param pageSize`, `the result`. */
  role: string;
  /** Path below `role`, through every named schema on the way: `logs[].blockchain`. */
  route: string;
  /** Inside a named schema, which other methods may share: changes then say where the method meets them. */
  shared: boolean;
}

export function label(place: Place): string {
  return place.path === "" ? place.subject : `${place.subject} at ${place.path}`;
}

/** Inside a named schema, the place as the method sees it, without its name: `the result at logs[].blockchain`. */
export function via(place: Place): string | undefined {
  if (!place.shared) return undefined;
  return place.route === "" ? place.role : `${place.role} at ${place.route}`;
}

/**
 * Reports a change of `keyword` (a pointer suffix such as `type` or `enum/2`): at the new
 * schema, or at the old one when the keyword is gone.
 */
export function report(
  ctx: SchemaContext,
  rule: RuleId,
  at: Place,
  keyword: string,
  old: unknown,
  now: unknown,
  what: string,
  gone = false,
): void {
  const pointer = `${gone ? at.oldPtr : at.newPtr}/${keyword}`;
  ctx.out.push(
    change(rule, { method: ctx.method, pointer, side: gone ? "old" : "new", via: via(at), old, new: now, what }),
  );
}
