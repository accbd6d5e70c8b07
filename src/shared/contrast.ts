// WCAG 2.2 contrast (success criterion 1.4.3): the relative luminance of sRGB colours and the ratio
// between a text colour and the colour behind it. The theme's tokens are chosen with it and its
// unit test checks every text/background pair of every theme (issue 21).

export type Rgb = { r: number; g: number; b: number };
type Rgba = Rgb & { a: number };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i;

/** #rgb, #rrggbb, #rrggbbaa, rgb() or rgba() as antd writes its tokens; throws on anything else. */
export function parseColor(color: string): Rgba {
  const text = color.trim();
  const hex = HEX.exec(text);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join("") : hex[1];
    const byte = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: digits.length === 8 ? byte(6) / 255 : 1 };
  }
  const rgb = RGB.exec(text);
  if (rgb) return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: rgb[4] === undefined ? 1 : Number(rgb[4]) };
  throw new Error(`not a colour: ${color}`);
}

/** A colour as painted over an opaque background (alpha blending, as the browser does). */
export function over(color: string, background: string): Rgb {
  const top = parseColor(color);
  const bottom = opaque(background);
  const mix = (a: number, b: number) => Math.round(a * top.a + b * (1 - top.a));
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) };
}

/** A background colour: a translucent one is taken over white, the page's colour. */
function opaque(color: string): Rgb {
  const c = parseColor(color);
  return c.a >= 1 ? c : over(color, "#ffffff");
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

/** WCAG relative luminance of an opaque colour (0 black to 1 white). */
export function relativeLuminance(color: string | Rgb): number {
  const { r, g, b } = typeof color === "string" ? opaque(color) : color;
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * The contrast ratio (1 to 21) of text of colour `foreground` on `background`. A translucent
 * foreground is blended over the background first; a translucent background over white.
 */
export function contrastRatio(foreground: string, background: string): number {
  const fg = relativeLuminance(over(foreground, toHex(opaque(background))));
  const bg = relativeLuminance(background);
  const [light, dark] = fg > bg ? [fg, bg] : [bg, fg];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal-size text. */
export const AA_TEXT = 4.5;
