// The weather icon of a spec icon number (0 to 38, 99; spec 9) as inline SVG: the numbers are
// grouped into a few glyphs (glyphOf in weather.ts). The weather text is its accessible name.
import type { ReactNode } from "react";

import { glyphOf, type WeatherGlyph } from "./weather";

const SUN = "#f5a623";
const MOON = "#f2c94c";
const CLOUD = "#b8c4d0";
const DARK_CLOUD = "#8a97a6";
const RAIN = "#3b82f6";
const SNOW = "#7cc4f0";
const BOLT = "#f59e0b";
const DUST = "#c8a165";
const GREY = "#9aa5b1";

const sun = (cx = 12, cy = 12, r = 4.5) => (
  <g>
    <circle cx={cx} cy={cy} r={r} fill={SUN} />
    <g stroke={SUN} strokeWidth={1.8} strokeLinecap="round">
      {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
        const rad = (a * Math.PI) / 180;
        const x1 = cx + Math.cos(rad) * (r + 2);
        const y1 = cy + Math.sin(rad) * (r + 2);
        const x2 = cx + Math.cos(rad) * (r + 4);
        const y2 = cy + Math.sin(rad) * (r + 4);
        return <line key={a} x1={x1} y1={y1} x2={x2} y2={y2} />;
      })}
    </g>
  </g>
);

const moon = (dx = 0, dy = 0) => <path transform={`translate(${dx} ${dy})`} d="M15.5 3.5a8.5 8.5 0 1 0 5 13.5A7 7 0 0 1 15.5 3.5z" fill={MOON} />;

const cloud = (fill = CLOUD, dy = 0) => (
  <path
    transform={`translate(0 ${dy})`}
    d="M7 19h10.5a4 4 0 0 0 .6-7.95A5.5 5.5 0 0 0 7.6 9.6 4.75 4.75 0 0 0 7 19z"
    fill={fill}
  />
);

const drops = (color = RAIN) => (
  <g stroke={color} strokeWidth={1.8} strokeLinecap="round">
    <line x1={8} y1={19.5} x2={7} y2={22.5} />
    <line x1={12} y1={19.5} x2={11} y2={22.5} />
    <line x1={16} y1={19.5} x2={15} y2={22.5} />
  </g>
);

const flakes = (xs = [8, 12, 16]) => (
  <g fill={SNOW}>
    {xs.map((x) => (
      <circle key={x} cx={x} cy={21} r={1.4} />
    ))}
  </g>
);

const GLYPHS: Record<WeatherGlyph, ReactNode> = {
  sun: sun(),
  moon: moon(),
  sunCloud: (
    <>
      {sun(9, 9, 3.5)}
      {cloud(CLOUD, 2)}
    </>
  ),
  moonCloud: (
    <>
      <g transform="scale(0.7)">{moon(2, 0)}</g>
      {cloud(CLOUD, 2)}
    </>
  ),
  cloud: cloud(CLOUD, 1),
  overcast: (
    <>
      <g transform="translate(3 -3) scale(0.8)">{cloud(CLOUD)}</g>
      {cloud(DARK_CLOUD, 1)}
    </>
  ),
  rain: (
    <>
      {cloud(DARK_CLOUD, -2)}
      {drops()}
    </>
  ),
  thunder: (
    <>
      {cloud(DARK_CLOUD, -2)}
      <path d="M12.5 15.5 9.5 20h3l-1.5 3.5 4.5-5h-3l1.5-3z" fill={BOLT} />
    </>
  ),
  snow: (
    <>
      {cloud(CLOUD, -2)}
      {flakes()}
    </>
  ),
  sleet: (
    <>
      {cloud(DARK_CLOUD, -2)}
      <g stroke={RAIN} strokeWidth={1.8} strokeLinecap="round">
        <line x1={8} y1={19.5} x2={7} y2={22.5} />
        <line x1={16} y1={19.5} x2={15} y2={22.5} />
      </g>
      {flakes([12])}
    </>
  ),
  fog: (
    <g stroke={GREY} strokeWidth={2} strokeLinecap="round">
      <line x1={4} y1={8} x2={20} y2={8} />
      <line x1={2} y1={12} x2={18} y2={12} />
      <line x1={6} y1={16} x2={22} y2={16} />
      <line x1={4} y1={20} x2={16} y2={20} />
    </g>
  ),
  dust: (
    <g fill={DUST}>
      {[
        [5, 7], [11, 5], [17, 8], [8, 12], [14, 12], [20, 13], [4, 17], [11, 18], [18, 18],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={1.5} />
      ))}
    </g>
  ),
  wind: (
    <g stroke={GREY} strokeWidth={2} strokeLinecap="round" fill="none">
      <path d="M3 9h11a3 3 0 1 0-3-3" />
      <path d="M3 14h15a3 3 0 1 1-3 3" />
      <path d="M3 19h7" />
    </g>
  ),
  hot: (
    <>
      <rect x={10} y={3} width={4} height={13} rx={2} fill="none" stroke="#e5484d" strokeWidth={1.6} />
      <circle cx={12} cy={18} r={3.5} fill="#e5484d" />
      <rect x={11.2} y={7} width={1.6} height={9} fill="#e5484d" />
    </>
  ),
  cold: (
    <g stroke={SNOW} strokeWidth={1.8} strokeLinecap="round">
      <line x1={12} y1={3} x2={12} y2={21} />
      <line x1={4.2} y1={7.5} x2={19.8} y2={16.5} />
      <line x1={4.2} y1={16.5} x2={19.8} y2={7.5} />
    </g>
  ),
  unknown: (
    <>
      <circle cx={12} cy={12} r={9} fill="none" stroke={GREY} strokeWidth={1.8} />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14" fill="none" stroke={GREY} strokeWidth={1.8} strokeLinecap="round" />
      <circle cx={12} cy={17} r={1.1} fill={GREY} />
    </>
  ),
};

export interface WeatherIconProps {
  /** The spec's icon number; anything outside 0-38 shows the unknown glyph. */
  code: number | undefined;
  /** The accessible name: the weather text. */
  label: string;
  size?: number;
}

export function WeatherIcon({ code, label, size = 24 }: WeatherIconProps) {
  const glyph = glyphOf(code ?? 99);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      data-glyph={glyph}
      data-code={code ?? 99}
      style={{ flex: "none", verticalAlign: "middle" }}
    >
      <title>{label}</title>
      {GLYPHS[glyph]}
    </svg>
  );
}
