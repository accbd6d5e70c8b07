import type { components } from "../../../../src/api/schema.d.ts";

/** The spec's weather codes (the contract's Weather.code). */
type SpecCode = components["schemas"]["Weather"]["code"];
// The spec's weather icon numbers (spec 9: 0 to 38 and 99; the Seniverse code table) with their
// text in both languages, and the mapping from the WMO weather interpretation codes the provider
// (Open-Meteo) answers with, day or night.

export type WeatherLang = "cn" | "en";

/** Every spec code with its text: [code, cn, en]. */
const TABLE: readonly (readonly [number, string, string])[] = [
  [0, "晴", "Sunny"],
  [1, "晴", "Clear"],
  [2, "晴", "Fair"],
  [3, "晴", "Fair"],
  [4, "多云", "Cloudy"],
  [5, "晴间多云", "Partly cloudy"],
  [6, "晴间多云", "Partly cloudy"],
  [7, "大部多云", "Mostly cloudy"],
  [8, "大部多云", "Mostly cloudy"],
  [9, "阴", "Overcast"],
  [10, "阵雨", "Shower"],
  [11, "雷阵雨", "Thundershower"],
  [12, "雷阵雨伴有冰雹", "Thundershower with hail"],
  [13, "小雨", "Light rain"],
  [14, "中雨", "Moderate rain"],
  [15, "大雨", "Heavy rain"],
  [16, "暴雨", "Storm"],
  [17, "大暴雨", "Heavy storm"],
  [18, "特大暴雨", "Severe storm"],
  [19, "冻雨", "Ice rain"],
  [20, "雨夹雪", "Sleet"],
  [21, "阵雪", "Snow flurry"],
  [22, "小雪", "Light snow"],
  [23, "中雪", "Moderate snow"],
  [24, "大雪", "Heavy snow"],
  [25, "暴雪", "Snowstorm"],
  [26, "浮尘", "Dust"],
  [27, "扬沙", "Sand"],
  [28, "沙尘暴", "Duststorm"],
  [29, "强沙尘暴", "Sandstorm"],
  [30, "雾", "Foggy"],
  [31, "霾", "Haze"],
  [32, "风", "Windy"],
  [33, "大风", "Blustery"],
  [34, "飓风", "Hurricane"],
  [35, "热带风暴", "Tropical storm"],
  [36, "龙卷风", "Tornado"],
  [37, "冷", "Cold"],
  [38, "热", "Hot"],
  [99, "未知", "Unknown"],
];

export const UNKNOWN_CODE = 99 as const;

/** The spec's icon numbers, in order (0 to 38, then 99). */
export const SPEC_CODES: readonly number[] = TABLE.map(([code]) => code);

const TEXT = new Map(TABLE.map(([code, cn, en]) => [code, { cn, en }]));

/** The text of a spec code in the language asked for (cn when none); an unknown number reads "unknown". */
export function weatherText(code: number, lang: WeatherLang = "cn"): string {
  return (TEXT.get(code) ?? TEXT.get(UNKNOWN_CODE)!)[lang];
}

/**
 * WMO 4677 codes as Open-Meteo uses them, to spec codes: [day, night]. Open-Meteo has no dust,
 * haze, wind or temperature-extreme codes, so 4, 7, 8, 17, 18, 20 and 25 to 38 are never produced
 * from it (the table and the icons still cover them for another provider).
 */
const FROM_WMO: Record<number, readonly [SpecCode, SpecCode]> = {
  0: [0, 1], // clear sky
  1: [2, 3], // mainly clear
  2: [5, 6], // partly cloudy
  3: [9, 9], // overcast
  45: [30, 30], // fog
  48: [30, 30], // depositing rime fog
  51: [13, 13], // drizzle: light, moderate, dense
  53: [13, 13],
  55: [13, 13],
  56: [19, 19], // freezing drizzle
  57: [19, 19],
  61: [13, 13], // rain: slight, moderate, heavy
  63: [14, 14],
  65: [15, 15],
  66: [19, 19], // freezing rain
  67: [19, 19],
  71: [22, 22], // snow fall: slight, moderate, heavy
  73: [23, 23],
  75: [24, 24],
  77: [21, 21], // snow grains
  80: [10, 10], // rain showers: slight, moderate, violent
  81: [10, 10],
  82: [16, 16],
  85: [21, 21], // snow showers: slight, heavy
  86: [24, 24],
  95: [11, 11], // thunderstorm
  96: [12, 12], // thunderstorm with slight or heavy hail
  99: [12, 12],
};

/** The spec code of a WMO weather code; `isDay` false picks the night icon where there is one. */
export function specCodeOfWmo(wmo: number, isDay: boolean): SpecCode {
  const pair = FROM_WMO[wmo];
  if (!pair) return UNKNOWN_CODE;
  return isDay ? pair[0] : pair[1];
}
