/**
 * What spec:diff and release take from the command line, checked before anything is read (pure:
 * the command modules check values with these before their code is loaded): the report formats,
 * and git refs and paths, refused when they could reach git's options, climb out of the working
 * folder or mean something to a shell. generator/spec-diff/sources.ts checks refs again before git
 * sees them.
 */

export type Format = "text" | "markdown" | "json" | "github" | "junit";
export const FORMATS: readonly Format[] = ["text", "markdown", "json", "github", "junit"];

/**
 * Why `ref` is refused as a git revision, or `undefined`: it must look like a commit, branch or
 * tag name (`origin/main`, `v1.2.0`, `HEAD~1`, `a1b2c3d`), never like an option, a range or
 * anything a shell would read.
 */
export function refProblem(ref: string): string | undefined {
  if (ref.trim() === "") return "is empty; name a commit, branch or tag, e.g. origin/main";
  if (ref.startsWith("-")) return "starts with '-', so git would read it as an option";
  if (ref.length > 200) return "is longer than 200 characters";
  if (ref.includes("..")) return "contains '..' (a range or a path out of the repository), not one commit";
  if (!/^[A-Za-z0-9_./~^@+-]+$/.test(ref))
    return "may hold only letters, digits and . _ / ~ ^ @ + - (no spaces, ':', shell or control characters)";
  return undefined;
}

/**
 * Why a path from the command line is refused, or `undefined`: like a ref, it may not look like
 * an option, climb out with `..`, or hold shell or control characters. Absolute paths are fine.
 */
export function pathProblem(file: string): string | undefined {
  if (file.trim() === "") return "is empty";
  if (file.startsWith("-")) return "starts with '-', so it would be read as an option";
  if (file.length > 1000) return "is longer than 1000 characters";
  if (file.split(/[\\/]/).includes(".."))
    return "contains '..'; name the file from inside the working folder or by its absolute path";
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
  if (/[\u0000-\u001f\u007f$`;&|<>*?!"'\\(){}[\]]/.test(file))
    return "holds a shell or control character ($ ` ; & | < > * ? ! quotes, brackets or backslash)";
  return undefined;
}
