// The Open-Meteo adapter of the weather provider (keyless): the geocoding API for cities
// (/v1/search by name, /v1/get by id) and the forecast API for the weather now and today's range.
// Every answer is checked field by field: a shape we do not expect is a provider error, never a crash.
import type { WeatherConfig } from "../../config.ts";
import type { WeatherLang } from "./codes.ts";
import { WeatherProviderError, type ProviderCity, type ProviderConditions, type WeatherProvider } from "./provider.ts";

export const PROVIDER_TIMEOUT_MS = 5000;

/** Open-Meteo's language of names: zh for the portal's cn. */
const LANGUAGE: Record<WeatherLang, string> = { cn: "zh", en: "en" };
/** How the parts of a display path are joined. */
const SEPARATOR: Record<WeatherLang, string> = { cn: "，", en: ", " };

/** Open-Meteo location ids are GeoNames ids (a positive 32-bit integer). */
const LOCATION_ID = /^[1-9]\d{0,9}$/;
const MAX_LOCATION_ID = 2147483647;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

async function getJson(url: URL, fetchImpl: typeof fetch): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), headers: { accept: "application/json" } });
  } catch (cause) {
    throw new WeatherProviderError(`weather provider unreachable: ${url.origin}${url.pathname}`, { cause });
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (cause) {
    throw new WeatherProviderError(`weather provider answered ${res.status} without JSON: ${url.pathname}`, { cause });
  }
  return { status: res.status, body };
}

/** One location of the geocoding API, or null when the object is not a usable location. */
function cityOf(v: unknown, lang: WeatherLang): ProviderCity | null {
  if (!isObject(v)) return null;
  const { id, latitude, longitude } = v;
  const name = text(v.name);
  if (!Number.isInteger(id) || (id as number) <= 0 || (id as number) > MAX_LOCATION_ID) return null;
  if (!name || !isFiniteNumber(latitude) || !isFiniteNumber(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const parts = [name, text(v.admin1), text(v.country)].filter(Boolean);
  const timezone = text(v.timezone);
  return {
    id: String(id),
    name: name.slice(0, 100),
    path: parts.join(SEPARATOR[lang]).slice(0, 300),
    latitude,
    longitude,
    timezone: timezone ? timezone.slice(0, 60) : null,
  };
}

const firstNumber = (v: unknown) => (Array.isArray(v) && isFiniteNumber(v[0]) ? v[0] : undefined);

export function openMeteoProvider(config: WeatherConfig, fetchImpl: typeof fetch = globalThis.fetch): WeatherProvider {
  const geocoding = (path: string, params: Record<string, string>) => {
    const url = new URL(`${config.geocodingUrl}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  };

  return {
    async search(name, lang, count) {
      const url = geocoding("/v1/search", { name, count: String(count), language: LANGUAGE[lang], format: "json" });
      const { status, body } = await getJson(url, fetchImpl);
      if (status !== 200 || !isObject(body)) throw new WeatherProviderError(`geocoding search answered ${status}`);
      // No match: Open-Meteo leaves `results` out.
      if (body.results === undefined) return [];
      if (!Array.isArray(body.results)) throw new WeatherProviderError("geocoding search: results is not a list");
      const seen = new Set<string>();
      const cities: ProviderCity[] = [];
      for (const item of body.results) {
        const city = cityOf(item, lang);
        if (!city || seen.has(city.id)) continue; // skip an unusable entry, keep the others
        seen.add(city.id);
        cities.push(city);
        if (cities.length === count) break;
      }
      return cities;
    },

    async city(id, lang) {
      if (!LOCATION_ID.test(id) || Number(id) > MAX_LOCATION_ID) return null;
      const url = geocoding("/v1/get", { id, language: LANGUAGE[lang], format: "json" });
      const { status, body } = await getJson(url, fetchImpl);
      // An unknown id: 400 {"error": true, "reason": "Location ID not found."} (404 taken the same way).
      if ((status === 400 || status === 404) && isObject(body) && body.error === true && /not found/i.test(text(body.reason))) return null;
      if (status !== 200) throw new WeatherProviderError(`geocoding get answered ${status}`);
      const city = cityOf(body, lang);
      if (!city) throw new WeatherProviderError("geocoding get: not a location");
      if (city.id !== id) throw new WeatherProviderError(`geocoding get: asked for ${id}, got ${city.id}`);
      return city;
    },

    async conditions({ latitude, longitude }) {
      const url = new URL(`${config.forecastUrl}/v1/forecast`);
      url.searchParams.set("latitude", String(latitude));
      url.searchParams.set("longitude", String(longitude));
      url.searchParams.set("current", "temperature_2m,weather_code,is_day");
      url.searchParams.set("daily", "temperature_2m_max,temperature_2m_min");
      url.searchParams.set("timezone", "auto");
      url.searchParams.set("forecast_days", "1");
      const { status, body } = await getJson(url, fetchImpl);
      if (status !== 200 || !isObject(body)) throw new WeatherProviderError(`forecast answered ${status}`);
      const { current, daily } = body;
      if (!isObject(current) || !isObject(daily)) throw new WeatherProviderError("forecast: current or daily missing");
      const now = current.temperature_2m;
      const wmoCode = current.weather_code;
      const isDay = current.is_day;
      const high = firstNumber(daily.temperature_2m_max);
      const low = firstNumber(daily.temperature_2m_min);
      if (!isFiniteNumber(now) || !Number.isInteger(wmoCode) || (wmoCode as number) < 0 || (wmoCode as number) > 32767)
        throw new WeatherProviderError("forecast: current temperature or weather code missing");
      if (isDay !== 0 && isDay !== 1) throw new WeatherProviderError("forecast: is_day is not 0 or 1");
      if (high === undefined || low === undefined) throw new WeatherProviderError("forecast: today's range missing");
      const conditions: ProviderConditions = { now, low: Math.min(low, high), high: Math.max(low, high), wmoCode: wmoCode as number, isDay: isDay === 1 };
      return conditions;
    },
  };
}
