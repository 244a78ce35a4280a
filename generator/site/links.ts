/**
 * The links a description may make on the site, shared by the build (markdown.ts `inlineRuns`, which
 * keeps no other) and the page's script (browser/hint.ts, which checks again whatever its data says):
 * a leaf module with no imports, so the bundle stays small.
 */

/** http(s) only: a form hint is no place for `javascript:`, `data:`, `mailto:` or a fragment. */
export const WEB_LINK = /^https?:\/\//i;
