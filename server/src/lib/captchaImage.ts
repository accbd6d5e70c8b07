import crypto from "node:crypto";
import { GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS } from "./captchaFont.ts";
import { encodePng } from "./png.ts";
import { mulberry32 } from "./random.ts";

/**
 * The captcha as pixels (issue 20): an SVG captcha hands a program each glyph's outline as path
 * data, and a 40-line script read svg-captcha's 10 of 10 by matching them. Here the code is drawn
 * into a pixel buffer and sent as a PNG: no vector, text or metadata reaches the browser.
 *
 * What it is and is not (threat model): a raster image can still be read by OCR, and a classifier
 * trained on this generator would read it; what it buys is cost. No parser reads it; a reader has
 * to segment and classify warped, rotated, differently thick and coloured strokes crossed by noise
 * lines of the same colours and widths, and no two images of one code are alike. The login's real
 * defences against guessing stay the back-off (throttle.ts) and the captcha being single use and
 * bound to its challenge (captcha.ts).
 *
 * Drawn at twice the size the page shows (CAPTCHA_WIDTH x CAPTCHA_HEIGHT pixels, shown 120 x 40), so
 * it is sharp on high-density screens.
 */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;

type Random = () => number;
type Point = [number, number];
type Rgb = [number, number, number];

/** Draws `code` (characters of CAPTCHA_CHARACTERS) as a PNG; `random` only for tests that replay one. */
export function renderCaptcha(code: string, random: Random = mulberry32(crypto.randomInt(2 ** 32))): Buffer {
  const canvas = new Canvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const between = (lo: number, hi: number) => lo + (hi - lo) * random();

  canvas.background(lightColour(random), lightColour(random), random);
  // Dots and lines behind the text, then the text, then lines over it: the lines are as dark and
  // about as thick as the strokes, so neither colour nor width tells them apart.
  for (let i = 0; i < 40; i++) canvas.stroke([[between(0, CAPTCHA_WIDTH), between(0, CAPTCHA_HEIGHT)]], between(2, 5), inkColour(random), 0.5);
  for (let i = 0; i < 2; i++) canvas.stroke(noiseCurve(between), between(2, 3.5), inkColour(random), 1);

  const warp = waveWarp(between);
  const scale = between(4, 4.6); // pixels per font unit: glyphs 48-55 px high, 32-37 wide
  let x = between(14, 30);
  for (const character of code) {
    const glyph = GLYPHS[character];
    if (!glyph) throw new Error(`renderCaptcha: no glyph for ${JSON.stringify(character)}`);
    const angle = (between(-28, 28) * Math.PI) / 180;
    const sx = scale * between(0.85, 1.15);
    const sy = scale * between(0.9, 1.12);
    const shear = between(-0.3, 0.3);
    const cx = x + (GLYPH_WIDTH * sx) / 2;
    const cy = CAPTCHA_HEIGHT / 2 + between(-7, 7);
    const place = ([gx, gy]: Point): Point => {
      const u = (gx - GLYPH_WIDTH / 2) * sx + (gy - GLYPH_HEIGHT / 2) * sy * shear;
      const v = (gy - GLYPH_HEIGHT / 2) * sy;
      return [cx + u * Math.cos(angle) - v * Math.sin(angle), cy + u * Math.sin(angle) + v * Math.cos(angle)];
    };
    const width = between(4.5, 6.5);
    const colour = inkColour(random);
    for (const line of glyph) canvas.stroke(subdivide(line.map(place)).map(warp), width, colour, 1);
    x += GLYPH_WIDTH * sx + between(6, 14);
  }

  canvas.stroke(noiseCurve(between), between(2.5, 4), inkColour(random), 1);
  canvas.speckle(random, 28);
  return encodePng(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, canvas.rgb);
}

/** A smooth sideways and up-down wave over the whole image (the strokes bend with it). */
function waveWarp(between: (lo: number, hi: number) => number) {
  const [ax, lx, px] = [between(2.5, 5), between(50, 110), between(0, 2 * Math.PI)];
  const [ay, ly, py] = [between(3, 6), between(70, 150), between(0, 2 * Math.PI)];
  return ([x, y]: Point): Point => [x + ax * Math.sin((2 * Math.PI * y) / lx + px), y + ay * Math.sin((2 * Math.PI * x) / ly + py)];
}

/** A cubic curve from the left edge to the right, through the text's band. */
function noiseCurve(between: (lo: number, hi: number) => number): Point[] {
  const h = CAPTCHA_HEIGHT;
  const p: Point[] = [
    [between(-10, 20), between(5, h - 5)],
    [between(40, 110), between(-10, h + 10)],
    [between(130, 200), between(-10, h + 10)],
    [between(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH + 10), between(5, h - 5)],
  ];
  return Array.from({ length: 41 }, (_, i) => {
    const t = i / 40;
    const a = (1 - t) ** 3, b = 3 * (1 - t) ** 2 * t, c = 3 * (1 - t) * t ** 2, d = t ** 3;
    return [a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0], a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1]] as Point;
  });
}

/** Points at most 2 px apart along the polyline, so the warp bends straight strokes too. */
function subdivide(line: Point[]): Point[] {
  const out: Point[] = [line[0]];
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1];
    const [x1, y1] = line[i];
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 2));
    for (let k = 1; k <= n; k++) out.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
  }
  return out;
}

const lightColour = (random: Random): Rgb => [200 + random() * 55, 200 + random() * 55, 200 + random() * 55];

/** A dark colour of any hue (lightness 15-45 %), for text and noise alike. */
function inkColour(random: Random): Rgb {
  const hue = random() * 6, light = 0.15 + random() * 0.3, chroma = light * (0.4 + random() * 0.6);
  const x = chroma * (1 - Math.abs((hue % 2) - 1));
  const [r, g, b] = [[chroma, x, 0], [x, chroma, 0], [0, chroma, x], [0, x, chroma], [x, 0, chroma], [chroma, 0, x]][Math.floor(hue)];
  const m = light - chroma / 2;
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/** An RGB pixel buffer with anti-aliased thick polylines. */
class Canvas {
  readonly rgb: Uint8Array;
  private readonly cover: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
    this.cover = new Float32Array(width * height);
  }

  /** A diagonal gradient between two light colours with grain in every pixel. */
  background(from: Rgb, to: Rgb, random: Random) {
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++) {
        const t = (x / this.width + y / this.height) / 2;
        for (let c = 0; c < 3; c++) this.rgb[(y * this.width + x) * 3 + c] = clamp(from[c] + (to[c] - from[c]) * t + (random() - 0.5) * 36);
      }
  }

  /** Scattered single pixels of random colour over everything. */
  speckle(random: Random, perThousand: number) {
    const n = Math.round((this.width * this.height * perThousand) / 1000);
    for (let i = 0; i < n; i++) {
      const p = Math.floor(random() * this.width * this.height) * 3;
      for (let c = 0; c < 3; c++) this.rgb[p + c] = Math.floor(random() * 256);
    }
  }

  /**
   * The polyline (one point: a dot) `width` px thick in `colour` at `opacity`. Coverage is taken
   * per pixel as the maximum over the polyline's segments, so joints are not drawn twice.
   */
  stroke(points: Point[], width: number, colour: Rgb, opacity: number) {
    const r = width / 2;
    const segments = points.length === 1 ? [[points[0], points[0]]] : points.slice(1).map((p, i) => [points[i], p]);
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [[x0, y0], [x1, y1]] of segments) {
      const [ax, bx] = [Math.max(0, Math.floor(Math.min(x0, x1) - r - 1)), Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + r + 1))];
      const [ay, by] = [Math.max(0, Math.floor(Math.min(y0, y1) - r - 1)), Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + r + 1))];
      [minX, minY, maxX, maxY] = [Math.min(minX, ax), Math.min(minY, ay), Math.max(maxX, bx), Math.max(maxY, by)];
      for (let y = ay; y <= by; y++)
        for (let x = ax; x <= bx; x++) {
          const c = clamp01(r + 0.5 - distanceToSegment(x + 0.5, y + 0.5, x0, y0, x1, y1));
          const i = y * this.width + x;
          if (c > this.cover[i]) this.cover[i] = c;
        }
    }
    for (let y = minY; y <= maxY; y++)
      for (let x = minX; x <= maxX; x++) {
        const i = y * this.width + x;
        const a = this.cover[i] * opacity;
        if (a <= 0) continue;
        for (let c = 0; c < 3; c++) this.rgb[i * 3 + c] = clamp(this.rgb[i * 3 + c] * (1 - a) + colour[c] * a);
        this.cover[i] = 0;
      }
  }
}

function distanceToSegment(px: number, py: number, x0: number, y0: number, x1: number, y1: number) {
  const [dx, dy] = [x1 - x0, y1 - y0];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : clamp01(((px - x0) * dx + (py - y0) * dy) / length2);
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
