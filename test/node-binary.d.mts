/** The types of test/node-binary.mjs (a plain module: `npm test` starts before any TypeScript loader). */
export declare const SUITE_MAJOR: number;
export declare const OTHER_MAJORS: number[];
export declare const PINNED: Pins;
export declare const CACHE: string;
export declare const ENV: string;
export declare class IntegrityError extends Error {}
export declare function majorOf(version: string): number;
export type Pins = Record<number, { version: string; integrity: string }>;
export declare function pinned(major: number, pins?: Pins): { version: string; integrity: string };
export type NodeChoice =
  { use: "running"; major: number; note?: string } | { use: "pinned"; major: number; note?: undefined };
export declare function chooseNode(options: {
  platform: string;
  arch: string;
  version: string;
  env: Record<string, string | undefined>;
}): NodeChoice;
export declare function integrityOf(file: string): Promise<string>;
export declare function fetchNode(
  major: number,
  options?: {
    cache?: string;
    pack?: (spec: string, dir: string) => Promise<string>;
    onFetch?: () => void;
    pins?: Pins;
  },
): Promise<string>;
