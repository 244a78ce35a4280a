/**
 * The checks of what a test gives the kit, at once (a ValidationError naming every problem): the
 * handlers (each key a method of the API, each value a function) and the options (`seed` a string or a
 * finite number, `unhandled`, `latency`, and for msw the `url`). Apart from the kit so that its words
 * stay out of the answering code.
 */
import type { Issue } from "./validate-core.js";
import { typeOf } from "./validate-labels.js";
import { ValidationError } from "./validation-error.js";
import type { TestingSetup } from "./testing-types.js";

/** The options once checked: the seed as text, and the rest as given. */
export interface Settings {
  readonly seed: string;
  readonly unhandled: "fallback" | "error";
  readonly latency: number | ((call: { method: string; params: unknown }) => number) | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Problems of `handlers` (under `path`): not an object, a key that is no method of the API, a value that is no function. */
export function handlerIssues(setup: TestingSetup, handlers: unknown, path: string, issues: Issue[]): void {
  if (handlers === undefined) return;
  if (!isObject(handlers)) {
    issues.push({
      path,
      rule: "type",
      message: "must be an object of handlers by method name",
      received: typeOf(handlers),
    });
    return;
  }
  const known = Object.keys(setup.api.methods);
  for (const key of Object.keys(handlers)) {
    const at = `${path}[${JSON.stringify(key)}]`;
    if (!Object.hasOwn(setup.api.methods, key)) {
      const some = known.slice(0, 8).join(", ") + (known.length > 8 ? ", …" : "");
      issues.push({
        path: at,
        rule: "method",
        message: `must be a method of the ${setup.title} (${some || "it has none"})`,
        received: "string",
      });
    } else if (handlers[key] !== undefined && typeof handlers[key] !== "function")
      issues.push({
        path: at,
        rule: "type",
        message: "must be a function (params, context) => result",
        received: typeOf(handlers[key]),
      });
  }
}

/** The options checked (throws one ValidationError naming every problem, with those of `handlers`). */
export function checkOptions(
  setup: TestingSetup,
  what: string,
  handlers: unknown,
  options: unknown,
  extra?: (options: Record<string, unknown>, issues: Issue[]) => void,
): Settings {
  const issues: Issue[] = [];
  handlerIssues(setup, handlers, "handlers", issues);
  const o = options === undefined ? {} : options;
  if (!isObject(o)) issues.push({ path: "options", rule: "type", message: "must be an object", received: typeOf(o) });
  const given = isObject(o) ? o : {};
  const { seed, unhandled, latency } = given;
  if (seed !== undefined && typeof seed !== "string" && !(typeof seed === "number" && Number.isFinite(seed)))
    issues.push({
      path: "options.seed",
      rule: "type",
      message: "must be a string or a finite number",
      received: typeOf(seed),
    });
  if (unhandled !== undefined && unhandled !== "fallback" && unhandled !== "error")
    issues.push({
      path: "options.unhandled",
      rule: "enum",
      message: 'must be "fallback" or "error"',
      received: typeOf(unhandled),
    });
  if (latency !== undefined && typeof latency !== "function" && !validDelay(latency))
    issues.push({
      path: "options.latency",
      rule: "type",
      message: "must be a number of milliseconds (0 or more) or a function of the call",
      received: typeOf(latency),
    });
  extra?.(given, issues);
  if (issues.length > 0) throw new ValidationError(`${what} arguments`, issues, {});
  return {
    seed: seed === undefined ? "" : String(seed),
    unhandled: unhandled === "error" ? "error" : "fallback",
    latency: latency as Settings["latency"],
  };
}

/** A delay the kit can wait: a finite number of milliseconds, 0 or more. */
export const validDelay = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0;
