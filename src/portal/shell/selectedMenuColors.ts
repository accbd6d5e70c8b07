// Issue 21 (defect 16): the side menu's selected entry reads as selected in every theme: a light
// tint of the theme colour behind text in the theme colour, darkened where needed until the text
// has at least 4.5:1 contrast on the tint (WCAG 1.4.3), plus weight and a bar (portal.module.css).
// antd's own selected background for a dark primary colour is a grey slab that read as disabled.

/** WCAG 1.4.3 for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const TINT = 0.12;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? value.replace(/./g, (c) => c + c) : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
}

/** `amount` of `color` over `base` (0: the base, 1: the colour). */
function mix(color: Rgb, base: Rgb, amount: number): Rgb {
  return color.map((c, i) => base[i] + (c - base[i]) * amount) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The selected entry's background and text for a theme colour (#rrggbb). */
export function selectedMenuColors(primary: string): { background: string; text: string } {
  const colour = rgbOf(primary);
  const background = hexOf(mix(colour, [255, 255, 255], TINT));
  let text = colour;
  // Darker by 5% steps towards black until the text reads on the tint.
  for (let step = 0; step < 20 && contrastRatio(hexOf(text), background) < MIN_TEXT_CONTRAST; step++) {
    text = mix(text, [0, 0, 0], 0.95);
  }
  return { background, text: hexOf(text) };
}
