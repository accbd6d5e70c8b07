// The weather calls (spec 7.1). All of them are quiet (spec 8: weather calls return silently, the
// city save's non-zero codes are ignored): the SILENT header keeps the toast away, callers catch.
import { SILENT, unwrap } from "../../api/client";
import { portalClient } from "../../appSession";
import type { Language } from "../../i18n";
import type { CitySearchResult, Weather, WeatherCity, WeatherCityInput } from "./weather";

export async function fetchCities(userId: number): Promise<WeatherCity[]> {
  const list = await unwrap(portalClient.GET("/personalWeatherCity/listByUserId", { params: { query: { userId } }, headers: SILENT }));
  return list ?? [];
}

export async function fetchWeather(cityId: string, lang: Language): Promise<Weather> {
  return unwrap(portalClient.GET("/weatherCity/getWeather", { params: { query: { cityId, lang } }, headers: SILENT }));
}

/** Cities matching the text; the caller sends only non-empty trimmed text (spec 5). */
export async function searchCities(cityName: string, lang: Language): Promise<CitySearchResult[]> {
  const found = await unwrap(portalClient.GET("/weatherCity/getByName", { params: { query: { cityName, lang } }, headers: SILENT }));
  return found ?? [];
}

export async function saveCities(list: WeatherCityInput[]): Promise<WeatherCity[]> {
  const saved = await unwrap(portalClient.POST("/personalWeatherCity/saveBatch", { body: list, headers: SILENT }));
  return saved ?? [];
}
