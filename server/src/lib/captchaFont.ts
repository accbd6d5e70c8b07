/**
 * The captcha's own stroke font: each character is a few polylines on an 8 x 12 grid (x right,
 * y down). It is drawn into pixels (captchaImage.ts) and never leaves the server as vectors.
 *
 * The characters are those a person cannot mistake for one another once rotated and warped: none
 * of 0/O/Q/D, 1/I, 2/Z, 5/S, 8/B, 6/G. Codes are compared without case, so capitals only. 23
 * characters, 4 a code: 279,841 codes.
 */
export const CAPTCHA_CHARACTERS = "ACEFHJKLMNPRTUVWXY34679";

type Point = [number, number];
export type Glyph = Point[][];

export const GLYPH_WIDTH = 8;
export const GLYPH_HEIGHT = 12;

/** Points on an ellipse from angle a0 to a1 (degrees; 0 is right, 90 is down). */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number): Point[] {
  const steps = Math.max(4, Math.ceil(Math.abs(a1 - a0) / 15));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as Point;
  });
}

const bowlOfP: Point[] = [[0, 12], [0, 0], [4.5, 0], ...arc(4.5, 3.25, 3.5, 3.25, -90, 90), [0, 6.5]];

export const GLYPHS: Record<string, Glyph> = {
  A: [[[0, 12], [4, 0], [8, 12]], [[1.6, 7.5], [6.4, 7.5]]],
  C: [arc(4.6, 6, 4.4, 6, -40, -320)],
  E: [[[8, 0], [0, 0], [0, 12], [8, 12]], [[0, 6], [6, 6]]],
  F: [[[8, 0], [0, 0], [0, 12]], [[0, 6], [6, 6]]],
  H: [[[0, 0], [0, 12]], [[8, 0], [8, 12]], [[0, 6], [8, 6]]],
  J: [[[8, 0], [8, 8], ...arc(4, 8, 4, 4, 0, 180)]],
  K: [[[0, 0], [0, 12]], [[8, 0], [0, 7.5]], [[2.8, 5], [8, 12]]],
  L: [[[0, 0], [0, 12], [7.5, 12]]],
  M: [[[0, 12], [0, 0], [4, 7.5], [8, 0], [8, 12]]],
  N: [[[0, 12], [0, 0], [8, 12], [8, 0]]],
  P: [bowlOfP],
  R: [bowlOfP, [[4, 6.5], [8, 12]]],
  T: [[[0, 0], [8, 0]], [[4, 0], [4, 12]]],
  U: [[[0, 0], ...arc(4, 8, 4, 4, 180, 0), [8, 0]]],
  V: [[[0, 0], [4, 12], [8, 0]]],
  W: [[[0, 0], [2, 12], [4, 4], [6, 12], [8, 0]]],
  X: [[[0, 0], [8, 12]], [[8, 0], [0, 12]]],
  Y: [[[0, 0], [4, 6], [8, 0]], [[4, 6], [4, 12]]],
  "3": [arc(4, 3, 3.6, 3, -160, 90), arc(4, 8.75, 4, 3.25, -90, 160)],
  "4": [[[6, 12], [6, 0], [0, 8.5], [8, 8.5]]],
  "6": [[[6.8, 0.4], [4, 1.2], [1.6, 3.4], [0.3, 6.4], ...arc(4, 8.5, 3.8, 3.5, 180, 540)]],
  "7": [[[0, 0], [8, 0], [3, 12]]],
  "9": [[...arc(4, 3.5, 3.8, 3.5, 0, 360), [7.7, 6.4], [6.4, 9.4], [4, 11.1], [1.2, 11.8]]],
};
