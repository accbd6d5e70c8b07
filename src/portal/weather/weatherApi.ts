// The weather calls (spec 7.1). All of them are quiet (spec 8: weather calls return silently, the
// city save's non-zero codes are ignored): the SILENT header keeps the toast away, callers catch.
import { SILENT, unwrap, type PortalClient } from "../../api/client";
import type { Language } from "../../i18n";
import type { CitySearchResult, Weather, WeatherCity, WeatherCityInput } from "./weather";

export async function fetchCities(client: PortalClient, userId: number): Promise<WeatherCity[]> {
  const list = await unwrap(client.GET("/personalWeatherCity/listByUserId", { params: { query: { userId } }, headers: SILENT }));
  return list ?? [];
}

export async function fetchWeather(client: PortalClient, cityId: string, lang: Language): Promise<Weather> {
  return unwrap(client.GET("/weatherCity/getWeather", { params: { query: { cityId, lang } }, headers: SILENT }));
}

/** Cities matching the text; the caller sends only non-empty trimmed text (spec 5). */
export async function searchCities(client: PortalClient, cityName: string, lang: Language): Promise<CitySearchResult[]> {
  const found = await unwrap(client.GET("/weatherCity/getByName", { params: { query: { cityName, lang } }, headers: SILENT }));
  return found ?? [];
}

export async function saveCities(client: PortalClient, list: WeatherCityInput[]): Promise<WeatherCity[]> {
  const saved = await unwrap(client.POST("/personalWeatherCity/saveBatch", { body: list, headers: SILENT }));
  return saved ?? [];
}
