/**
 * Lint rule: an `x-subscription` (spec/README.md, "Subscriptions") fits its document. The shape
 * is checked in extensions.ts; here, what a schema cannot say: the subscribe method has a result
 * (the subscription id), `unsubscribe` names a method of the document that takes that id, and
 * each variant's condition and params name params of the method, its params the first ones in
 * documented order (the generated overload takes them by position).
 */
import type { LoadedSpec } from "../load/load.js";
import type { Finding } from "../policy/policy.js";
import type { RuleId } from "../policy/rules.js";
import { pointer } from "../problems.js";
import { deref } from "../load/refs.js";
import type { ContentDescriptorObject, MethodObject, OpenrpcDocument } from "../normalize/openrpc.js";

/** What the rule reads of a method: the document's types; `x-subscription` has passed its extension schema (extensions.ts). */
type LintedMethod = Partial<Pick<MethodObject, "name" | "params" | "result" | "x-subscription">>;

const HINT = "See spec/README.md (Subscriptions) for the x-subscription convention.";

export function lintSubscriptions(spec: LoadedSpec): Finding[] {
  const file = spec.entry;
  const doc = spec.files.get(file) as Partial<OpenrpcDocument>;
  const methods = (doc.methods ?? []).map((raw, i) =>
    deref<LintedMethod>(spec.files, file, pointer("methods", i), raw),
  );
  const byName = new Map<string, LintedMethod>();
  for (const found of methods)
    if (found && typeof found.value?.name === "string") byName.set(found.value.name, found.value);
  const problems: Finding[] = [];
  for (const found of methods) {
    const sub = found?.value?.["x-subscription"];
    if (!found || !sub) continue;
    const method = found.value;
    const at = `${found.pointer}/x-subscription`;
    // A problem of a variant leaves out the variant; any other, the whole x-subscription.
    const report = (where: string, message: string, hint = HINT): void => {
      const variant = /^\/variants\/\d+/.exec(where)?.[0];
      const rule: RuleId = variant ? "extension-param" : "subscription";
      const repair = [{ op: "remove" as const, file: found.file, pointer: `${at}${variant ?? ""}` }];
      problems.push({ file: found.file, pointer: `${at}${where}`, message, hint, rule, repair });
    };
    if (method.result === undefined) {
      report(
        "",
        `method "${method.name}" has x-subscription but no result; the result is the subscription id.`,
        'Add a "result" whose schema is the id (a string or an integer).',
      );
    }
    const unsubscribe = byName.get(sub.unsubscribe);
    if (!unsubscribe) {
      report(
        "/unsubscribe",
        `x-subscription.unsubscribe names method "${sub.unsubscribe}", which the document does not have.`,
        "Add the unsubscribe method (it takes the subscription id as its first param) or fix the name.",
      );
    } else if ((unsubscribe.params ?? []).length === 0) {
      report(
        "/unsubscribe",
        `x-subscription.unsubscribe names method "${sub.unsubscribe}", which takes no params; it must take the subscription id.`,
        "Give the unsubscribe method a first param for the subscription id.",
      );
    } else if (unsubscribe["x-subscription"]) {
      report(
        "/unsubscribe",
        `x-subscription.unsubscribe names method "${sub.unsubscribe}", which is itself a subscription.`,
      );
    }
    if (byName.has(sub.notification)) {
      report(
        "/notification",
        `x-subscription.notification "${sub.notification}" is also a method of the document; notifications go from the server to the client and are not called.`,
        "Remove the method, or name the notification differently.",
      );
    }
    const names = (method.params ?? []).map(
      (raw, j) =>
        deref<Partial<ContentDescriptorObject>>(spec.files, found.file, `${found.pointer}/params/${j}`, raw)?.value
          ?.name,
    );
    const seen = new Set<string>();
    (sub.variants ?? []).forEach((v, k) => {
      if (seen.has(v.name)) report(`/variants/${k}/name`, `x-subscription variant name "${v.name}" is used twice.`);
      seen.add(v.name);
      const listed = v.params ?? names.filter((n): n is string => n !== undefined);
      if (!names.includes(v.when.param)) {
        report(
          `/variants/${k}/when/param`,
          `x-subscription variant "${v.name}" names param "${v.when.param}", which method "${method.name}" does not have.`,
          `Use one of: ${names.join(", ") || "(no params)"}.`,
        );
      } else if (!listed.includes(v.when.param)) {
        report(
          `/variants/${k}/params`,
          `x-subscription variant "${v.name}" selects on param "${v.when.param}" but does not list it in its params.`,
        );
      }
      listed.forEach((p, j) => {
        if (names[j] !== p) {
          report(
            `/variants/${k}/params/${j}`,
            `x-subscription variant "${v.name}" lists param "${p}" at position ${j}, but the method's param there is "${names[j] ?? "(none)"}"; a variant takes the first params of the method, in order.`,
            `Use a prefix of: ${names.join(", ") || "(no params)"}.`,
          );
        }
      });
    });
  }
  return problems;
}
