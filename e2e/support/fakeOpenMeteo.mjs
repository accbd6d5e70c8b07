// A local fake of the Open-Meteo HTTP APIs the weather provider uses (ARCHITECTURE 8), for the API
// tests and the end-to-end run: geocoding /v1/search (by name, zh or en) and /v1/get (by id), and
// /v1/forecast (current temperature, weather code and day/night, today's range). Answers have the
// real service's shape: no `results` when nothing matches, 400 {error, reason} for an unknown id.
// Fixed weather per city, so tests can assert the numbers and the icon code.
import http from "node:http";

const CHINA = { en: "China", zh: "中国" };
const USA = { en: "United States", zh: "美国" };

/** The fake's world. `weather`: WMO code, is_day, now, min, max (degrees Celsius). */
export const FAKE_CITIES = [
  {
    id: 1796236, en: "Shanghai", zh: "上海", admin1: { en: "Shanghai", zh: "上海" }, country: CHINA, country_code: "CN",
    latitude: 31.22222, longitude: 121.45806, timezone: "Asia/Shanghai", population: 24874500,
    weather: { code: 1, isDay: 1, now: 21.5, min: 18.2, max: 25.1 },
  },
  {
    id: 1816670, en: "Beijing", zh: "北京", admin1: { en: "Beijing", zh: "北京" }, country: CHINA, country_code: "CN",
    latitude: 39.9075, longitude: 116.39723, timezone: "Asia/Shanghai", population: 18960744,
    weather: { code: 3, isDay: 1, now: 12.4, min: 5.1, max: 16.8 },
  },
  {
    id: 1795565, en: "Shenzhen", zh: "深圳", admin1: { en: "Guangdong", zh: "广东" }, country: CHINA, country_code: "CN",
    latitude: 22.54554, longitude: 114.0683, timezone: "Asia/Shanghai", population: 17494398,
    weather: { code: 61, isDay: 1, now: 28.3, min: 24.1, max: 31.2 },
  },
  {
    id: 1886760, en: "Suzhou", zh: "苏州", admin1: { en: "Jiangsu", zh: "江苏" }, country: CHINA, country_code: "CN",
    latitude: 31.30408, longitude: 120.59538, timezone: "Asia/Shanghai", population: 5345961,
    weather: { code: 2, isDay: 1, now: 20, min: 16, max: 23 },
  },
  {
    id: 1809858, en: "Guangzhou", zh: "广州", admin1: { en: "Guangdong", zh: "广东" }, country: CHINA, country_code: "CN",
    latitude: 23.11667, longitude: 113.25, timezone: "Asia/Shanghai", population: 16096724,
    weather: { code: 95, isDay: 1, now: 27, min: 23.5, max: 30.4 },
  },
  {
    // A night answer: clear sky after dark.
    id: 1808926, en: "Hangzhou", zh: "杭州", admin1: { en: "Zhejiang", zh: "浙江" }, country: CHINA, country_code: "CN",
    latitude: 30.29365, longitude: 120.16142, timezone: "Asia/Shanghai", population: 6241971,
    weather: { code: 0, isDay: 0, now: 15.2, min: 11, max: 19.6 },
  },
  {
    id: 4250542, en: "Springfield", zh: "斯普林菲尔德", admin1: { en: "Illinois", zh: "伊利诺伊州" }, country: USA, country_code: "US",
    latitude: 39.80172, longitude: -89.64371, timezone: "America/Chicago", population: 116565,
    weather: { code: 71, isDay: 0, now: -2.5, min: -6, max: 1 },
  },
  {
    id: 4409896, en: "Springfield", zh: "斯普林菲尔德", admin1: { en: "Missouri", zh: "密苏里州" }, country: USA, country_code: "US",
    latitude: 37.21533, longitude: -93.29824, timezone: "America/Chicago", population: 166810,
    weather: { code: 45, isDay: 1, now: 4, min: -1, max: 9 },
  },
  {
    id: 4951788, en: "Springfield", zh: "斯普林菲尔德", admin1: { en: "Massachusetts", zh: "马萨诸塞州" }, country: USA, country_code: "US",
    latitude: 42.10148, longitude: -72.58981, timezone: "America/New_York", population: 155929,
    weather: { code: 80, isDay: 1, now: 8.6, min: 3.3, max: 10.2 },
  },
];

const lang = (language) => (language === "zh" ? "zh" : "en");

function location(city, language) {
  const l = lang(language);
  return {
    id: city.id,
    name: city[l],
    latitude: city.latitude,
    longitude: city.longitude,
    elevation: 10,
    feature_code: "PPLA",
    country_code: city.country_code,
    timezone: city.timezone,
    population: city.population,
    country: city.country[l],
    admin1: city.admin1[l],
  };
}

function search(query) {
  const name = (query.get("name") ?? "").trim().toLowerCase();
  const count = Number(query.get("count") ?? 10);
  if (!Number.isInteger(count) || count < 1 || count > 100) return [400, { error: true, reason: "Parameter count must be between 1 and 100." }];
  // Like the real service: fewer than 2 characters match nothing.
  if ([...name].length < 2) return [200, { generationtime_ms: 0.1 }];
  const found = FAKE_CITIES.filter((c) => c.en.toLowerCase().startsWith(name) || c.zh.startsWith(name))
    .sort((a, b) => b.population - a.population)
    .slice(0, count)
    .map((c) => location(c, query.get("language")));
  return [200, found.length ? { results: found, generationtime_ms: 0.1 } : { generationtime_ms: 0.1 }];
}

function get(query) {
  const raw = query.get("id") ?? "";
  if (!/^-?\d+$/.test(raw)) return [400, { error: true, reason: `Value of type 'Int32' required for key 'id'.` }];
  const city = FAKE_CITIES.find((c) => c.id === Number(raw));
  if (!city) return [400, { error: true, reason: "Location ID not found." }];
  return [200, location(city, query.get("language"))];
}

function forecast(query) {
  const latitude = Number(query.get("latitude"));
  const longitude = Number(query.get("longitude"));
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    return [400, { error: true, reason: "Parameter 'latitude' and 'longitude' must have the same number of elements" }];
  const city = FAKE_CITIES.find((c) => Math.abs(c.latitude - latitude) < 0.01 && Math.abs(c.longitude - longitude) < 0.01);
  const w = city?.weather ?? { code: 3, isDay: 1, now: 10, min: 5, max: 15 };
  const today = new Date().toISOString().slice(0, 10);
  return [
    200,
    {
      latitude,
      longitude,
      generationtime_ms: 0.1,
      utc_offset_seconds: 28800,
      timezone: city?.timezone ?? "GMT",
      timezone_abbreviation: "GMT+8",
      elevation: 10,
      current_units: { time: "iso8601", interval: "seconds", temperature_2m: "°C", weather_code: "wmo code", is_day: "" },
      current: { time: `${today}T12:00`, interval: 900, temperature_2m: w.now, weather_code: w.code, is_day: w.isDay },
      daily_units: { time: "iso8601", temperature_2m_max: "°C", temperature_2m_min: "°C" },
      daily: { time: [today], temperature_2m_max: [w.max], temperature_2m_min: [w.min] },
    },
  ];
}

const ROUTES = { "/v1/search": search, "/v1/get": get, "/v1/forecast": forecast };

/**
 * Starts the fake on 127.0.0.1 (a free port unless one is given). `requests` records every request
 * ({ path, query }); `setFailing(true)` makes every answer a 500 until `setFailing(false)`.
 */
export async function startFakeOpenMeteo({ port = 0 } = {}) {
  let failing = false;
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const send = (status, body) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (failing) return send(500, { error: true, reason: "The fake provider is failing on purpose." });
    const route = req.method === "GET" ? ROUTES[url.pathname] : undefined;
    if (!route) return send(404, { error: true, reason: "Not Found" });
    const [status, body] = route(url.searchParams);
    send(status, body);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url,
    requests,
    setFailing(value) {
      failing = !!value;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
