// The weather dialog's list rules (spec 2.7, 5, 9) as pure functions: at most 4 cities, no city
// twice, delete only while more than one remains, the order and the save payload; plus how a
// temperature reads and which glyph shows an icon number. The components only show what these decide.
import type { components } from "../../api/schema";

export type WeatherCity = components["schemas"]["WeatherCity"];
export type Weather = components["schemas"]["Weather"];
export type CitySearchResult = components["schemas"]["CitySearchResult"];
export type WeatherCityInput = components["schemas"]["WeatherCityInput"];

/** Spec 5 and 9: at most 4 cities. */
export const MAX_CITIES = 4;
/** Spec 9: the list and its weather refresh every hour while shown. */
export const WEATHER_REFRESH_MS = 3_600_000;

/** A city of the list being edited: saved ones carry their row id, added ones do not yet. */
/** A city of the dialog's list before it is saved: the contract's input without the owner (the save adds it). */
export type DraftCity = Omit<WeatherCityInput, "userId">;

/** Room for one more city (a fifth is refused with receptionInfo.watherTip1). */
export const canAdd = (list: readonly DraftCity[]): boolean => list.length < MAX_CITIES;

/** The city is in the list already (receptionInfo.watherTip2). */
export const isDuplicate = (list: readonly DraftCity[], cityId: string): boolean => list.some((c) => c.cityId === cityId);

/** Spec 5: delete is offered only while more than one city remains. */
export const canDelete = (list: readonly DraftCity[]): boolean => list.length > 1;

export type AddCheck = "ok" | "duplicate" | "full";

/** Why a city cannot be added, duplicate first (it is no fifth city), or ok. */
export function addCheck(list: readonly DraftCity[], cityId: string): AddCheck {
  if (isDuplicate(list, cityId)) return "duplicate";
  if (!canAdd(list)) return "full";
  return "ok";
}

/** The showOrder of a city added at the end: one past the largest, 0 for the first. */
export const nextShowOrder = (list: readonly DraftCity[]): number =>
  list.reduce((max, c) => Math.max(max, c.showOrder), -1) + 1;

/** The saved list in its order (showOrder, then row id), as the dialog starts editing it. */
export function draftOf(saved: readonly WeatherCity[]): DraftCity[] {
  return [...saved]
    .sort((a, b) => a.showOrder - b.showOrder || a.id - b.id)
    .map(({ id, cityId, cityName, showOrder }) => ({ id, cityId, cityName, showOrder }));
}

/**
 * The city's own name from a search result's display path ("上海，上海，中国" or "Springfield,
 * Illinois, United States"): the part before the first comma, at most 100 characters.
 */
export function cityNameOfPath(path: string): string {
  const name = path.split(/[,，]/)[0]?.trim() ?? "";
  return (name || path.trim()).slice(0, 100);
}

/** The list with a search result added at the end; the list itself when it cannot be added. */
export function addCity(list: readonly DraftCity[], found: CitySearchResult): DraftCity[] {
  if (addCheck(list, found.id) !== "ok") return [...list];
  return [...list, { cityId: found.id, cityName: cityNameOfPath(found.path), showOrder: nextShowOrder(list) }];
}

export const removeCity = (list: readonly DraftCity[], cityId: string): DraftCity[] =>
  canDelete(list) ? list.filter((c) => c.cityId !== cityId) : [...list];

/**
 * What saveBatch gets: the list in its order, showOrder renumbered 0.. (so it stays small however
 * often cities come and go), saved rows with their id, every item for this user. Empty when the
 * list is (spec 5: saving does nothing then).
 */
export function savePayload(list: readonly DraftCity[], userId: number): WeatherCityInput[] {
  return list.map((c, index) => ({
    ...(c.id !== undefined ? { id: c.id } : {}),
    cityId: c.cityId,
    cityName: c.cityName,
    showOrder: index,
    userId,
  }));
}

/** A temperature as shown: whole degrees Celsius ("22°C", "-3°C"). */
export function formatTemperature(value: number): string {
  const rounded = Math.round(value);
  return `${Object.is(rounded, -0) ? 0 : rounded}°C`;
}

export type WeatherGlyph =
  | "sun"
  | "moon"
  | "sunCloud"
  | "moonCloud"
  | "cloud"
  | "overcast"
  | "rain"
  | "thunder"
  | "snow"
  | "sleet"
  | "fog"
  | "dust"
  | "wind"
  | "hot"
  | "cold"
  | "unknown";

/** The glyph of each spec icon number (0 to 38, 99); anything else is unknown. */
export function glyphOf(code: number): WeatherGlyph {
  if (code === 0 || code === 2) return "sun";
  if (code === 1 || code === 3) return "moon";
  if (code === 5 || code === 7) return "sunCloud";
  if (code === 6 || code === 8) return "moonCloud";
  if (code === 4) return "cloud";
  if (code === 9) return "overcast";
  if (code === 11 || code === 12) return "thunder";
  if (code === 10 || (code >= 13 && code <= 18)) return "rain";
  if (code === 19 || code === 20) return "sleet";
  if (code >= 21 && code <= 25) return "snow";
  if (code >= 26 && code <= 29) return "dust";
  if (code === 30 || code === 31) return "fog";
  if (code >= 32 && code <= 36) return "wind";
  if (code === 37) return "cold";
  if (code === 38) return "hot";
  return "unknown";
}
