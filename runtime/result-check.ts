/**
 * Results checked against their method's validator (`validateResponses`): loaded with the result
 * validators (through failures.ts) on the first call of a client that asks for it, so that no other
 * app carries it.
 */
import type { ErrorContext } from "./base-error.js";
import { ValidationError } from "./validation-error.js";
import type { Issue, Validator } from "./validate.js";
import { explain } from "./validate-explain.js";

/** The client options the check reads (options.ts's ClientOptions, which this module does not import: no cycle). */
interface Options {
  readonly validateResponses?: false | "warn" | "strict";
  readonly onWarning?: (message: string) => void;
}

/**
 * A result checked against its method's validator (`validateResponses`): "strict" throws a
 * ValidationError, "warn" passes its message to `onWarning` (or console.warn). A method without a
 * validator passes.
 */
export function checkResult(
  validators: Readonly<Record<string, Validator>>,
  method: string,
  result: unknown,
  context: ErrorContext,
  options: Options,
): void {
  const validate = Object.hasOwn(validators, method) ? validators[method] : undefined;
  const issues: Issue[] = [];
  if (!options.validateResponses || !validate || explain(validate, result, "result", issues)) return;
  const error = new ValidationError(`result of ${method}`, issues, context);
  if (options.validateResponses === "strict") throw error;
  (options.onWarning ?? console.warn)(error.message);
}

/** A client's check of results: its API's result validators (`ApiSpec.resultValidators`), loaded now, and its options. */
export async function resultChecker(
  api: { readonly resultValidators?: () => Promise<Readonly<Record<string, Validator>>> },
  options: Options,
): Promise<(method: string, result: unknown, context: ErrorContext) => void> {
  const validators = (await api.resultValidators?.()) ?? {};
  return (method, result, context) => checkResult(validators, method, result, context, options);
}
