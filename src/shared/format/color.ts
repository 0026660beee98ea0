export interface Hsl {
  /** Hue in degrees, 0–359. */
  h: number;
  /** Saturation in percent, 0–100. */
  s: number;
  /** Lightness in percent, 0–100. */
  l: number;
}

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value.trim());
}

function channels(hex: string): [number, number, number] {
  const match = HEX_COLOR.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Invalid hex colour "${hex}": expected #rgb or #rrggbb`);
  const digits = match[1].length === 3 ? match[1].replace(/./g, (d) => d + d) : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** Converts #rgb or #rrggbb to rounded HSL. Throws an Error naming the input when it is not a hex colour. */
export function hexToHsl(hex: string): Hsl {
  const [r, g, b] = channels(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  const hue = Math.round(h * 60);
  return { h: ((hue % 360) + 360) % 360, s: Math.round(s * 100), l: Math.round(l * 100) };
}

/** Space-separated HSL for CSS variables (shadcn style): "#1d4ed8" -> "224 76% 48%". */
export function hslCssValue(hex: string): string {
  const { h, s, l } = hexToHsl(hex);
  return `${h} ${s}% ${l}%`;
}

/** { primary: '#1d4ed8' } -> { '--color-primary': '224 76% 48%' }. Throws on any invalid colour. */
export function colorVariables<K extends string>(colors: Record<K, string>): Record<`--color-${K}`, string> {
  const variables: Partial<Record<`--color-${K}`, string>> = {};
  for (const name of Object.keys(colors) as K[]) {
    variables[`--color-${name}`] = hslCssValue(colors[name]);
  }
  return variables as Record<`--color-${K}`, string>;
}
