/** See fonts.mjs. */
export const CODE_POINTS: number[];
export const FEATURES: string[];
export const FAMILIES: {
  family: string;
  package: string;
  source: string;
  extended: string;
  weights: { min: number; max: number } | undefined;
  file: string;
}[];
export const fontsDir: string;
export function makeFont(font: (typeof FAMILIES)[number]): Promise<Uint8Array>;
export function unicodeRange(codePoints: number[]): string;
export function fontFaces(): Promise<string>;
