import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenMeteo, type FakeOpenMeteo } from "../../e2e/support/fakeOpenMeteo.mjs";
import { SPEC_CODES, specCodeOfWmo, weatherText } from "../src/lib/weather/codes.ts";
import { openMeteoProvider } from "../src/lib/weather/openMeteo.ts";
import { WeatherProviderError } from "../src/lib/weather/provider.ts";
import { buildTestApp, type TestApp } from "./helper.ts";

// Issue 5, the weather: city search, the weather of a city with its database cache, and the
// user's city list, against a local fake of the Open-Meteo HTTP APIs.

let t: TestApp;
let fake: FakeOpenMeteo;
let staff: string;
let staffId: number;
let lina: string;
let linaId: number;
let admin: string;

const SHANGHAI = "1796236";
const BEIJING = "1816670";
const SHENZHEN = "1795565";
const SUZHOU = "1886760";
const GUANGZHOU = "1809858";
const HANGZHOU = "1808926";

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  t = await buildTestApp({ weather: { geocodingUrl: fake.url, forecastUrl: fake.url } });
  staff = await t.login("zhangwei", "Staff@12345");
  lina = await t.login("lina", "Staff@12345");
  admin = await t.login("admin", "Admin@12345");
  staffId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: staff })).json().data.id;
  linaId = (await t.call("GET", "/sysUserEx/getUserInfo", { sid: lina })).json().data.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.setFailing(false);
  fake.requests.length = 0;
  // Each test starts without known cities or cached weather, and with empty lists.
  await t.sql.query("DELETE FROM weather_city");
  await t.sql.query("DELETE FROM personal_weather_city");
});

const search = (cityName: string, lang?: "cn" | "en", sid = staff) =>
  t.call("GET", "/weatherCity/getByName", { sid, query: { cityName, ...(lang ? { lang } : {}) } });
const weather = (cityId: string, lang?: "cn" | "en", sid = staff) =>
  t.call("GET", "/weatherCity/getWeather", { sid, query: { cityId, ...(lang ? { lang } : {}) } });
const save = (body: unknown, sid = staff) => t.call("POST", "/personalWeatherCity/saveBatch", { sid, body });
const list = (sid = staff, userId?: number) =>
  t.call("GET", "/personalWeatherCity/listByUserId", { sid, query: userId === undefined ? {} : { userId } });
const calls = (path: string) => fake.requests.filter((r) => r.path === path).length;

describe("weather codes (WMO to the spec's icon numbers)", () => {
  it("has a Chinese and an English text for every spec code 0-38 and 99", () => {
    expect(SPEC_CODES).toEqual([...Array.from({ length: 39 }, (_, i) => i), 99]);
    for (const code of SPEC_CODES) {
      expect(weatherText(code, "cn")).toMatch(/\p{Script=Han}/u);
      expect(weatherText(code, "en")).toMatch(/^[A-Z][a-z ]+$/);
      if (code !== 99) expect([code, weatherText(code, "en")]).not.toEqual([code, "Unknown"]);
    }
    expect(weatherText(0)).toBe("晴"); // cn by default
    expect(weatherText(9, "en")).toBe("Overcast");
    expect(weatherText(12, "cn")).toBe("雷阵雨伴有冰雹");
    expect(weatherText(31, "en")).toBe("Haze");
    expect([weatherText(99, "cn"), weatherText(99, "en"), weatherText(77, "en")]).toEqual(["未知", "Unknown", "Unknown"]);
  });

  it("maps each WMO code, day and night, to the spec code", () => {
    const cases: [number, boolean, number][] = [
      [0, true, 0], [0, false, 1], // clear: sunny / clear night
      [1, true, 2], [1, false, 3], // mainly clear: fair
      [2, true, 5], [2, false, 6], // partly cloudy
      [3, true, 9], [3, false, 9], // overcast
      [45, true, 30], [48, false, 30], // fog
      [51, true, 13], [53, true, 13], [55, true, 13], // drizzle
      [56, true, 19], [57, true, 19], [66, true, 19], [67, false, 19], // freezing drizzle and rain
      [61, true, 13], [63, true, 14], [65, true, 15], // rain
      [71, true, 22], [73, true, 23], [75, true, 24], [77, true, 21], // snow, snow grains
      [80, true, 10], [81, false, 10], [82, true, 16], // rain showers
      [85, true, 21], [86, true, 24], // snow showers
      [95, true, 11], [96, true, 12], [99, false, 12], // thunderstorm, with hail
      [4, true, 99], [42, true, 99], [100, true, 99], [-1, true, 99], // not WMO weather codes
    ];
    for (const [wmo, isDay, code] of cases) expect([wmo, isDay, specCodeOfWmo(wmo, isDay)]).toEqual([wmo, isDay, code]);
    for (const [wmo, isDay] of cases) expect(SPEC_CODES).toContain(specCodeOfWmo(wmo, isDay));
  });
});

describe("the Open-Meteo adapter reads answers defensively", () => {
  const answering = (status: number, body: unknown) =>
    openMeteoProvider({ geocodingUrl: "http://geo.test", forecastUrl: "http://fc.test" }, (async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } })) as typeof fetch);
  const at = { latitude: 1, longitude: 2 };
  const current = { temperature_2m: 1.5, weather_code: 3, is_day: 1 };
  const daily = { temperature_2m_max: [4], temperature_2m_min: [-1] };

  it("turns a bad shape, an error status or no JSON into a provider error, never a crash", async () => {
    const bad: [number, unknown][] = [
      [200, "<html>busy</html>"],
      [200, { current: { ...current, temperature_2m: null }, daily }],
      [200, { current: { ...current, weather_code: "3" }, daily }],
      [200, { current: { ...current, is_day: 2 }, daily }],
      [200, { current, daily: { temperature_2m_max: [], temperature_2m_min: [1] } }],
      [200, { current }],
      [200, [1, 2]],
      [200, null],
      [503, { current, daily }],
    ];
    for (const [status, body] of bad) await expect(answering(status, body).conditions(at), JSON.stringify(body)).rejects.toBeInstanceOf(WeatherProviderError);
    await expect(answering(200, { results: "none" }).search("ab", "en", 20)).rejects.toBeInstanceOf(WeatherProviderError);
    await expect(answering(200, { id: 5, name: "X" }).city("5", "en")).rejects.toBeInstanceOf(WeatherProviderError); // no coordinates
    await expect(answering(500, { error: true, reason: "Location ID not found." }).city("5", "en")).rejects.toBeInstanceOf(WeatherProviderError);
    const down = openMeteoProvider({ geocodingUrl: "http://geo.test", forecastUrl: "http://fc.test" }, (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch);
    await expect(down.search("ab", "cn", 20)).rejects.toBeInstanceOf(WeatherProviderError);
  });

  it("skips unusable search entries, keeps the rest, and reads the weather", async () => {
    const results = [
      { id: 7, name: "Good", latitude: 1, longitude: 2, country: "Land" },
      { id: "8", name: "String id", latitude: 1, longitude: 2 },
      { id: 9, name: "", latitude: 1, longitude: 2 },
      { id: 10, name: "Off the map", latitude: 91, longitude: 2 },
      { id: 7, name: "Good again", latitude: 1, longitude: 2 },
      "junk",
    ];
    expect(await answering(200, { results }).search("go", "en", 20)).toEqual([
      { id: "7", name: "Good", path: "Good, Land", latitude: 1, longitude: 2, timezone: null },
    ]);
    expect(await answering(200, { generationtime_ms: 1 }).search("zz", "en", 20)).toEqual([]);
    expect(await answering(200, { current, daily }).conditions(at)).toEqual({ now: 1.5, low: -1, high: 4, wmoCode: 3, isDay: true });
    // Not a location id of the provider: unknown without asking.
    expect(await answering(500, {}).city("abc", "en")).toBeNull();
  });
});

describe("city search (GET /weatherCity/getByName)", () => {
  it("finds cities by Chinese name, in Chinese by default, and records them for the weather", async () => {
    const res = await search(" 上海 ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: [{ id: SHANGHAI, path: "上海，上海，中国" }] });
    expect(fake.requests).toEqual([{ path: "/v1/search", query: { name: "上海", count: "20", language: "zh", format: "json" } }]);
    const { rows } = await t.sql.query("SELECT city_id, name, latitude, longitude, timezone, weather_at FROM weather_city");
    expect(rows).toEqual([{ city_id: SHANGHAI, name: "上海", latitude: 31.22222, longitude: 121.45806, timezone: "Asia/Shanghai", weather_at: null }]);
  });

  it("answers in English with lang=en, every match when several share a name", async () => {
    const res = await search("springfield", "en");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: "4409896", path: "Springfield, Missouri, United States" },
      { id: "4951788", path: "Springfield, Massachusetts, United States" },
      { id: "4250542", path: "Springfield, Illinois, United States" },
    ]);
    expect(fake.requests[0].query.language).toBe("en");
    expect((await search("Beijing", "en")).json().data).toEqual([{ id: BEIJING, path: "Beijing, Beijing, China" }]);
    expect((await search("北京", "cn")).json().data).toEqual([{ id: BEIJING, path: "北京，北京，中国" }]);
    expect((await search("Atlantis", "en")).json()).toMatchObject({ code: 0, data: [] });
  });

  it("refuses an empty or blank name (400) without asking the provider", async () => {
    for (const cityName of ["", "   ", "\t"]) {
      const res = await search(cityName);
      expect([cityName, res.statusCode, res.json().code]).toEqual([cityName, 400, 400]);
      expect(res.json().errors[0].field).toContain("cityName");
    }
    const missing = await t.call("GET", "/weatherCity/getByName", { sid: staff });
    expect(missing.statusCode).toBe(400);
    expect(fake.requests).toEqual([]);
  });

  it("answers 500 without internals when the provider fails", async () => {
    fake.setFailing(true);
    const res = await search("上海");
    expect([res.statusCode, res.json().code]).toEqual([500, 500]);
    expect(res.body).not.toContain("fake");
    expect(calls("/v1/search")).toBe(1);
  });
});

describe("the weather of a city (GET /weatherCity/getWeather)", () => {
  it("answers now, low, high, the text and the spec code, in the caller's language", async () => {
    await search("上海");
    const res = await weather(SHANGHAI);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ cityId: SHANGHAI, now: 21.5, low: 18.2, high: 25.1, weather: "晴", code: 2 });
    expect(data.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [forecast] = fake.requests.filter((r) => r.path === "/v1/forecast");
    expect(forecast.query).toEqual({
      latitude: "31.22222",
      longitude: "121.45806",
      current: "temperature_2m,weather_code,is_day",
      daily: "temperature_2m_max,temperature_2m_min",
      timezone: "auto",
      forecast_days: "1",
    });
    expect((await weather(SHANGHAI, "en")).json().data).toMatchObject({ weather: "Fair", code: 2 });

    await search("杭州");
    expect((await weather(HANGZHOU, "en")).json().data).toMatchObject({ now: 15.2, low: 11, high: 19.6, weather: "Clear", code: 1 }); // night
    await search("深圳");
    expect((await weather(SHENZHEN)).json().data).toMatchObject({ now: 28.3, weather: "小雨", code: 13 });
  });

  it("serves the cached weather for 10 minutes, then asks the provider again", async () => {
    await search("北京");
    expect((await weather(BEIJING)).json().data).toMatchObject({ now: 12.4, code: 9, weather: "阴" });
    expect(calls("/v1/forecast")).toBe(1);
    const again = await weather(BEIJING, "en");
    expect(again.json().data).toMatchObject({ now: 12.4, low: 5.1, high: 16.8, code: 9, weather: "Overcast" });
    expect(calls("/v1/forecast")).toBe(1); // from the cache
    // The cache is the database's: another instance reads the same row. Mark its value to tell it apart.
    await t.sql.query("UPDATE weather_city SET now_temp = 99, weather_at = now() - interval '9 minutes' WHERE city_id = $1", [BEIJING]);
    expect((await weather(BEIJING)).json().data.now).toBe(99);
    expect(calls("/v1/forecast")).toBe(1);
    await t.sql.query("UPDATE weather_city SET weather_at = now() - interval '11 minutes' WHERE city_id = $1", [BEIJING]);
    expect((await weather(BEIJING)).json().data.now).toBe(12.4);
    expect(calls("/v1/forecast")).toBe(2);
    const { rows } = await t.sql.query("SELECT now_temp, wmo_code, is_day, now() - weather_at < interval '1 minute' AS fresh FROM weather_city WHERE city_id = $1", [BEIJING]);
    expect(rows[0]).toEqual({ now_temp: 12.4, wmo_code: 3, is_day: true, fresh: true });
  });

  it("with the provider failing, serves a cached weather younger than 3 hours, else 500", async () => {
    await search("苏州");
    expect((await weather(SUZHOU)).json().data).toMatchObject({ now: 20, code: 5 });
    fake.setFailing(true);
    await t.sql.query("UPDATE weather_city SET weather_at = now() - interval '2 hours' WHERE city_id = $1", [SUZHOU]);
    const cached = await weather(SUZHOU);
    expect(cached.statusCode).toBe(200);
    expect(cached.json().data).toMatchObject({ now: 20, low: 16, high: 23, code: 5, weather: "晴间多云" });
    expect(calls("/v1/forecast")).toBe(2); // it did ask
    await t.sql.query("UPDATE weather_city SET weather_at = now() - interval '3 hours 1 minute' WHERE city_id = $1", [SUZHOU]);
    const tooOld = await weather(SUZHOU);
    expect([tooOld.statusCode, tooOld.json().code]).toEqual([500, 500]);
    fake.setFailing(false);
    expect((await weather(SUZHOU)).statusCode).toBe(200);
  });

  it("answers 500 with no cached weather and the provider failing", async () => {
    await search("上海");
    fake.setFailing(true);
    const res = await weather(SHANGHAI);
    expect([res.statusCode, res.json().code]).toEqual([500, 500]);
    expect(calls("/v1/forecast")).toBe(1);
  });

  it("looks an unseen city up by id; 404 when the provider does not know it", async () => {
    const res = await weather(GUANGZHOU, "en");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ cityId: GUANGZHOU, now: 27, code: 11, weather: "Thundershower" });
    expect(fake.requests.map((r) => r.path)).toEqual(["/v1/get", "/v1/forecast"]);
    expect(fake.requests[0].query).toMatchObject({ id: GUANGZHOU, language: "en" });
    expect((await t.sql.query("SELECT 1 FROM weather_city WHERE city_id = $1", [GUANGZHOU])).rowCount).toBe(1);

    for (const cityId of ["999999", "abc", "0"]) {
      const unknown = await weather(cityId);
      expect([cityId, unknown.statusCode, unknown.json().code]).toEqual([cityId, 404, 404]);
    }
    expect((await t.sql.query("SELECT 1 FROM weather_city WHERE city_id = '999999'")).rowCount).toBe(0);
    fake.setFailing(true);
    expect((await weather(BEIJING)).statusCode).toBe(500); // unseen and the provider down: not a 404
  });
});

describe("the user's cities (saveBatch, listByUserId)", () => {
  const city = (cityId: string, cityName: string, showOrder: number, extra: Record<string, unknown> = {}) => ({ cityId, cityName, showOrder, ...extra });
  const names = async (sid = staff) => (await list(sid)).json().data.map((c: { cityName: string }) => c.cityName);

  it("creates, updates by id and deletes what is missing, answering the list by showOrder", async () => {
    const created = await save([city(BEIJING, "北京", 1), city(SHANGHAI, "上海", 0, { userId: staffId })]);
    expect(created.statusCode).toBe(200);
    const [sh, bj] = created.json().data;
    expect([sh, bj]).toEqual([
      { id: expect.any(Number), cityId: SHANGHAI, cityName: "上海", showOrder: 0, userId: staffId },
      { id: expect.any(Number), cityId: BEIJING, cityName: "北京", showOrder: 1, userId: staffId },
    ]);
    expect((await list()).json()).toMatchObject({ code: 0, data: [sh, bj] });

    // Reorder the two, add a third.
    const updated = (await save([city(BEIJING, "北京", 0, { id: bj.id }), city(SHANGHAI, "上海市", 1, { id: sh.id }), city(SHENZHEN, "深圳", 2)])).json().data;
    expect(updated.map((c: { id: number; cityName: string }) => [c.id, c.cityName])).toEqual([[bj.id, "北京"], [sh.id, "上海市"], [expect.any(Number), "深圳"]]);
    expect((await list()).json().data).toEqual(updated);

    // Two kept rows swap their cities (the per-user uniqueness of cityId holds throughout).
    const swapped = (await save([city(SHANGHAI, "上海", 0, { id: bj.id }), city(BEIJING, "北京", 1, { id: sh.id })])).json().data;
    expect(swapped).toEqual([
      { id: bj.id, cityId: SHANGHAI, cityName: "上海", showOrder: 0, userId: staffId },
      { id: sh.id, cityId: BEIJING, cityName: "北京", showOrder: 1, userId: staffId },
    ]);
    expect(await names()).toEqual(["上海", "北京"]); // 深圳 was missing, so deleted

    // Equal showOrder: by id.
    const tie = (await save([city(SUZHOU, "苏州", 0), city(HANGZHOU, "杭州", 0, { id: bj.id })])).json().data;
    expect(tie.map((c: { cityName: string }) => c.cityName)).toEqual(["杭州", "苏州"]);
  });

  it("holds at most 4 cities: 4 are saved, 5 are refused (400); none clears the list", async () => {
    const four = [city(SHANGHAI, "上海", 0), city(BEIJING, "北京", 1), city(SHENZHEN, "深圳", 2), city(SUZHOU, "苏州", 3)];
    expect((await save(four)).json().data).toHaveLength(4);
    const five = await save([...four, city(HANGZHOU, "杭州", 4)]);
    expect([five.statusCode, five.json().code, five.json().errors[0].rule]).toEqual([400, 400, "maxItems"]);
    expect(await names()).toEqual(["上海", "北京", "深圳", "苏州"]);
    // An empty list (never sent by the dialog) removes the caller's cities, and only the caller's.
    await save([city(BEIJING, "北京", 0)], lina);
    const cleared = await save([]);
    expect([cleared.statusCode, cleared.json().data]).toEqual([200, []]);
    expect(await names()).toEqual([]);
    expect(await names(lina)).toEqual(["北京"]);
  });

  it("refuses the same city twice (400) and changes nothing", async () => {
    await save([city(SHANGHAI, "上海", 0)]);
    const res = await save([city(BEIJING, "北京", 0), city(BEIJING, "北京", 1)]);
    expect([res.statusCode, res.json().code]).toEqual([400, 400]);
    expect(res.json().errors[0]).toMatchObject({ field: "1.cityId", rule: "unique" });
    expect(res.json().resultMessage).toBe("城市不能重复添加");
    expect(await names()).toEqual(["上海"]);
  });

  it("an id that is not one of the user's rows is 404 and nothing changes", async () => {
    const mine = (await save([city(SHANGHAI, "上海", 0), city(BEIJING, "北京", 1)])).json().data;
    const hers = (await save([city(SHENZHEN, "深圳", 0)], lina)).json().data;
    const res = await save([city(SUZHOU, "苏州", 0), city(SHENZHEN, "深圳", 1, { id: hers[0].id })]);
    expect([res.statusCode, res.json().code]).toEqual([404, 404]);
    expect((await list()).json().data).toEqual(mine);
    expect((await list(lina)).json().data).toEqual(hers);
    const gone = await save([city(SUZHOU, "苏州", 0, { id: 2147483000 })]);
    expect(gone.statusCode).toBe(404);
    expect((await list()).json().data).toEqual(mine);
  });

  it("another user's userId is 403 (code 4003) for staff; an administrator may", async () => {
    await save([city(SHANGHAI, "上海", 0)], lina);
    const read = await list(staff, linaId);
    expect([read.statusCode, read.json().code]).toEqual([403, 4003]);
    const write = await save([city(BEIJING, "北京", 0, { userId: linaId })]);
    expect([write.statusCode, write.json().code]).toEqual([403, 4003]);
    expect(await names(lina)).toEqual(["上海"]);
    const mixed = await save([city(BEIJING, "北京", 0, { userId: staffId }), city(SHANGHAI, "上海", 1, { userId: linaId })]);
    expect(mixed.statusCode).toBe(400);
    expect((await list(staff, staffId)).json().data).toEqual([]);

    const byAdmin = await list(admin, linaId);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.map((c: { cityName: string }) => c.cityName)).toEqual(["上海"]);
    expect((await save([city(HANGZHOU, "杭州", 0, { userId: linaId })], admin)).json().data[0]).toMatchObject({ userId: linaId, cityId: HANGZHOU });
    expect(await names(lina)).toEqual(["杭州"]);
  });
});

describe("every weather operation needs a session", () => {
  it("answers 401 with code 4004 without one", async () => {
    const answers = [
      await t.call("GET", "/weatherCity/getByName", { query: { cityName: "上海" } }),
      await t.call("GET", "/weatherCity/getWeather", { query: { cityId: SHANGHAI } }),
      await t.call("POST", "/personalWeatherCity/saveBatch", { body: [{ cityId: SHANGHAI, cityName: "上海", showOrder: 0 }] }),
      await t.call("GET", "/personalWeatherCity/listByUserId"),
      await t.call("GET", "/personalWeatherCity/listByUserId", { sid: "0".repeat(64) }),
    ];
    for (const res of answers) expect([res.statusCode, res.json().code]).toEqual([401, 4004]);
    expect(fake.requests).toEqual([]);
  });
});
