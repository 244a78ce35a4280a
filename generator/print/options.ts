/**
 * The prettier options of the generated package, and of this repository's own code
 * (.prettierrc.json; a test keeps them equal): every generated file is printed with them, ships
 * them (the `prettier` key of its package.json) and is checked against them.
 */
export const PRETTIER_OPTIONS = { printWidth: 120, trailingComma: "all", singleQuote: false } as const;
export const PRINT_WIDTH = PRETTIER_OPTIONS.printWidth;
