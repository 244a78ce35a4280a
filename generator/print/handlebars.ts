/**
 * handlebars' runtime, without its compiler: the templates are precompiled when the generator is
 * built (./templates-build.ts → `*.compiled.ts`). Its own declaration file for
 * `handlebars/runtime` declares nothing, so the runtime is typed here with the package's types.
 */
import type HandlebarsApi from "handlebars";
import runtime from "handlebars/runtime.js";

const Handlebars = runtime as unknown as Pick<typeof HandlebarsApi, "template" | "SafeString">;

export type SafeString = HandlebarsApi.SafeString;

/** Text that the template inserts as it is (it is escaped for its place already, by ./escape.ts). */
export function safe(text: string): SafeString {
  return new Handlebars.SafeString(text);
}

/** A render function from a precompiled template (the default export of a `*.compiled.ts` module). */
export function precompiled<View>(specification: unknown): (view: View) => string {
  return Handlebars.template<View>(specification as TemplateSpecification);
}
