/**
 * `npm run build:compiled`: rewrites the committed `*.compiled.ts` modules, made when the
 * generator is built rather than on every run — the OpenRPC meta-schemas and extension schemas
 * as ajv standalone code (validate/meta-schema-build.ts), and the handlebars templates as
 * template specifications (print/templates-build.ts). Run it after changing templates/,
 * validate/extension-schemas.ts, or the version of ajv, ajv-formats, @open-rpc/spec or
 * handlebars; test/generator/compiled.test.ts fails until then.
 */
import path from "node:path";
import { writeMetaSchema } from "./validate/meta-schema-build.js";
import { writeTemplates } from "./print/templates-build.js";
import { ROOT } from "./root.js";

const written = [await writeMetaSchema(), ...(await writeTemplates())];
console.log(`Wrote ${written.map((file) => path.relative(process.cwd(), path.resolve(ROOT, file))).join(", ")}.`);
