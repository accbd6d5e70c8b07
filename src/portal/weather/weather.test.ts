// The weather dialog's list rules (spec 5, 9): at most 4, no city twice, delete only while more
// than one remains, the order and the save payload; the temperature text and the icon glyphs.
import { describe, expect, it } from "vitest";

import {
  MAX_CITIES,
  WEATHER_REFRESH_MS,
  addCheck,
  addCity,
  canAdd,
  canDelete,
  cityNameOfPath,
  draftOf,
  formatTemperature,
  glyphOf,
  isDuplicate,
  nextShowOrder,
  removeCity,
  savePayload,
  type DraftCity,
} from "./weather";

const city = (cityId: string, showOrder: number, id?: number): DraftCity => ({ ...(id ? { id } : {}), cityId, cityName: `c${cityId}`, showOrder });
const found = (id: string, path: string) => ({ id, path });

describe("weather list rules", () => {
  it("holds at most 4 cities and refreshes hourly (spec 9)", () => {
    expect(MAX_CITIES).toBe(4);
    expect(WEATHER_REFRESH_MS).toBe(3_600_000);
    expect(canAdd([])).toBe(true);
    expect(canAdd([city("1", 0), city("2", 1), city("3", 2)])).toBe(true);
    expect(canAdd([city("1", 0), city("2", 1), city("3", 2), city("4", 3)])).toBe(false);
  });

  it("finds a city already present by its cityId", () => {
    const list = [city("1", 0), city("2", 1)];
    expect(isDuplicate(list, "2")).toBe(true);
    expect(isDuplicate(list, "3")).toBe(false);
    expect(isDuplicate([], "1")).toBe(false);
  });

  it("says why a city cannot be added: duplicate before full", () => {
    const full = [city("1", 0), city("2", 1), city("3", 2), city("4", 3)];
    expect(addCheck([], "1")).toBe("ok");
    expect(addCheck([city("1", 0)], "1")).toBe("duplicate");
    expect(addCheck(full, "5")).toBe("full");
    expect(addCheck(full, "3")).toBe("duplicate");
  });

  it("offers delete only while more than one city remains", () => {
    expect(canDelete([])).toBe(false);
    expect(canDelete([city("1", 0)])).toBe(false);
    expect(canDelete([city("1", 0), city("2", 1)])).toBe(true);
    expect(removeCity([city("1", 0)], "1")).toEqual([city("1", 0)]);
    expect(removeCity([city("1", 0), city("2", 1)], "1")).toEqual([city("2", 1)]);
  });

  it("puts an added city last: showOrder one past the largest, 0 for the first", () => {
    expect(nextShowOrder([])).toBe(0);
    expect(nextShowOrder([city("1", 0), city("2", 5), city("3", 2)])).toBe(6);
    const added = addCity([city("1", 0)], found("1796236", "上海，上海，中国"));
    expect(added).toEqual([city("1", 0), { cityId: "1796236", cityName: "上海", showOrder: 1 }]);
    // Refused additions leave the list as it was.
    expect(addCity(added, found("1796236", "上海，上海，中国"))).toEqual(added);
    const full = [city("1", 0), city("2", 1), city("3", 2), city("4", 3)];
    expect(addCity(full, found("9", "X"))).toEqual(full);
  });

  it("takes the city's name from the search result's path", () => {
    expect(cityNameOfPath("上海，上海，中国")).toBe("上海");
    expect(cityNameOfPath("Springfield, Illinois, United States")).toBe("Springfield");
    expect(cityNameOfPath("  Lonely  ")).toBe("Lonely");
    expect(cityNameOfPath(", odd")).toBe(", odd");
    expect(cityNameOfPath("x".repeat(150))).toHaveLength(100);
  });

  it("starts editing from the saved list by showOrder, then id", () => {
    const saved = [
      { id: 9, cityId: "b", cityName: "B", showOrder: 1, userId: 3 },
      { id: 4, cityId: "c", cityName: "C", showOrder: 1, userId: 3 },
      { id: 7, cityId: "a", cityName: "A", showOrder: 0, userId: 3 },
    ];
    expect(draftOf(saved)).toEqual([
      { id: 7, cityId: "a", cityName: "A", showOrder: 0 },
      { id: 4, cityId: "c", cityName: "C", showOrder: 1 },
      { id: 9, cityId: "b", cityName: "B", showOrder: 1 },
    ]);
  });

  it("saves the list in its order, renumbered from 0, saved rows with their id, for the user", () => {
    const list = [city("b", 7, 12), city("a", 9), city("c", 40, 5)];
    expect(savePayload(list, 3)).toEqual([
      { id: 12, cityId: "b", cityName: "cb", showOrder: 0, userId: 3 },
      { cityId: "a", cityName: "ca", showOrder: 1, userId: 3 },
      { id: 5, cityId: "c", cityName: "cc", showOrder: 2, userId: 3 },
    ]);
    expect(savePayload([], 3)).toEqual([]);
  });
});

describe("weather display", () => {
  it("shows whole degrees Celsius", () => {
    expect(formatTemperature(21.5)).toBe("22°C");
    expect(formatTemperature(18.2)).toBe("18°C");
    expect(formatTemperature(-2.6)).toBe("-3°C");
    expect(formatTemperature(-0.2)).toBe("0°C");
    expect(formatTemperature(0)).toBe("0°C");
  });

  it("has a glyph for every icon number 0-38 and 99; only 99 and others are unknown", () => {
    for (let code = 0; code <= 38; code++) expect([code, glyphOf(code)]).not.toEqual([code, "unknown"]);
    expect(glyphOf(99)).toBe("unknown");
    expect(glyphOf(39)).toBe("unknown");
    expect(glyphOf(-1)).toBe("unknown");
    expect([0, 2].map(glyphOf)).toEqual(["sun", "sun"]);
    expect([1, 3].map(glyphOf)).toEqual(["moon", "moon"]);
    expect([5, 6, 7, 8].map(glyphOf)).toEqual(["sunCloud", "moonCloud", "sunCloud", "moonCloud"]);
    expect([4, 9].map(glyphOf)).toEqual(["cloud", "overcast"]);
    expect([10, 11, 12, 13, 18].map(glyphOf)).toEqual(["rain", "thunder", "thunder", "rain", "rain"]);
    expect([19, 20, 21, 25].map(glyphOf)).toEqual(["sleet", "sleet", "snow", "snow"]);
    expect([26, 29, 30, 31, 32, 36, 37, 38].map(glyphOf)).toEqual(["dust", "dust", "fog", "fog", "wind", "wind", "cold", "hot"]);
  });
});
