/** Descriptions shortened for one-line doc comments and README intros (the text is escaped by the caller, ./escape.ts). */

/** The first line of a description, for one-line doc comments. */
export function firstSentence(text: string): string {
  const line = text.trim().split(/\n/)[0] ?? "";
  return line;
}
