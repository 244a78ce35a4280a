/**
 * Line numbers for JSON pointers, so that CI annotations point at the changed node: the `yaml`
 * package parses the file's text (JSON is YAML) into nodes that keep their source ranges, and
 * the pointer is followed through them. A pointer that goes further than the text (a value
 * inside an inlined `$ref`) gives the line of the deepest node it reached.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";

export interface SourceText {
  /** Path of the file as the report names it (relative to the working folder). */
  file: string;
  text: string;
}

/** One parsed file: finds the line of pointers into it. */
export class LineIndex {
  private readonly counter = new LineCounter();
  private readonly root: unknown;

  constructor(text: string) {
    const doc = parseDocument(text, { lineCounter: this.counter, uniqueKeys: false });
    this.root = doc.errors.length > 0 ? undefined : doc.contents;
  }

  /** The 1-based line of the node at `pointer` (`/methods/1/params/0`), or of its key in an object. */
  lineOf(pointer: string): number | undefined {
    if (this.root === undefined || this.root === null) return undefined;
    let node = this.root as Node;
    let offset = node.range?.[0];
    for (const raw of pointer.split("/").slice(1)) {
      const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === token);
        if (!pair || !isScalar(pair.key)) break;
        offset = pair.key.range?.[0] ?? offset;
        node = pair.value as Node;
      } else if (isSeq(node)) {
        const item = /^(0|[1-9]\d*)$/.test(token) ? (node.items[Number(token)] as Node | undefined) : undefined;
        if (!item) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else break;
      if (!node) break;
    }
    return offset === undefined ? undefined : this.counter.linePos(offset).line;
  }
}

/** Line indexes of the files of one side, parsed on first use. */
export class SideLines {
  private readonly indexes = new Map<string, LineIndex>();

  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  /** The line of `pointer` in `file`, or `undefined` when the file or its text is unknown. */
  lineOf(file: string, pointer: string): number | undefined {
    const text = this.texts.get(file);
    if (text === undefined) return undefined;
    let index = this.indexes.get(file);
    if (!index) {
      index = new LineIndex(text);
      this.indexes.set(file, index);
    }
    return index.lineOf(pointer);
  }
}
