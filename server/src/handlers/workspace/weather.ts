import { asc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { personalWeatherCities, users, weatherCities } from "../../db/schema.ts";
import { ok } from "../../lib/envelope.ts";
import { badRequest, internalError, notFound } from "../../lib/errors.ts";
import { formatDateTime } from "../../lib/time.ts";
import { specCodeOfWmo, weatherText, type WeatherLang } from "../../lib/weather/codes.ts";
import { openMeteoProvider } from "../../lib/weather/openMeteo.ts";
import type { ProviderCity, WeatherProvider } from "../../lib/weather/provider.ts";
import { assertSelfOrAdmin, sessionOf } from "../../plugins/security.ts";
import type { TagHandlers, OpRequest } from "../types.ts";

// The weather dialog and the top bar's weather (spec 2.7, 3, 5, 7.1). Cities and their last
// weather are cached in table weather_city, shared by every instance (ARCHITECTURE 11); a user's
// list is personal_weather_city. Provider failures are quiet 500s (spec 8) unless a cached answer
// is still good enough.

/** At most this many cities answer a search (the contract's maxItems). */
const SEARCH_COUNT = 20;
/** A cached weather younger than this is served without asking the provider. */
export const FRESH_SECONDS = 10 * 60;
/** When the provider fails, a cached weather younger than this is served instead of a 500. */
export const STALE_SECONDS = 3 * 60 * 60;
/** Key space of the per-user advisory lock of saveBatch (two-int pg_advisory_xact_lock). */
const SAVE_LOCK_SPACE = 727005;

const providerOf = (req: FastifyRequest): WeatherProvider => openMeteoProvider(req.server.config.weather);
const langOf = (lang: string | undefined): WeatherLang => (lang === "en" ? "en" : "cn");

/** The provider could not answer: logged, then the quiet 500 of the contract. */
function providerFailed(req: FastifyRequest, err: unknown): never {
  req.log.warn({ err }, "weather provider failed");
  throw internalError();
}

/** Records cities the provider returned (coordinates and names; the cached weather is kept). */
async function upsertCities(db: Db, cities: ProviderCity[]) {
  if (!cities.length) return;
  await db
    .insert(weatherCities)
    .values(cities.map((c) => ({ cityId: c.id, name: c.name, path: c.path, latitude: c.latitude, longitude: c.longitude, timezone: c.timezone })))
    .onConflictDoUpdate({
      target: weatherCities.cityId,
      set: {
        name: sql`excluded.name`,
        path: sql`excluded.path`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        timezone: sql`excluded.timezone`,
        updatedAt: sql`now()`,
      },
    });
}

/** A city row with the age of its cached weather in seconds (null when none), by the database's clock. */
async function cityRow(db: Db, cityId: string) {
  const [row] = await db
    .select({
      cityId: weatherCities.cityId,
      latitude: weatherCities.latitude,
      longitude: weatherCities.longitude,
      nowTemp: weatherCities.nowTemp,
      lowTemp: weatherCities.lowTemp,
      highTemp: weatherCities.highTemp,
      wmoCode: weatherCities.wmoCode,
      isDay: weatherCities.isDay,
      weatherAt: weatherCities.weatherAt,
      age: sql<number | null>`extract(epoch from now() - ${weatherCities.weatherAt})::float8`,
    })
    .from(weatherCities)
    .where(eq(weatherCities.cityId, cityId));
  return row;
}
type CityRow = NonNullable<Awaited<ReturnType<typeof cityRow>>>;

const hasWeather = (r: CityRow) =>
  r.weatherAt !== null && r.nowTemp !== null && r.lowTemp !== null && r.highTemp !== null && r.wmoCode !== null && r.isDay !== null;

function weatherOf(r: CityRow, lang: WeatherLang) {
  const code = specCodeOfWmo(r.wmoCode!, r.isDay!);
  return {
    cityId: r.cityId,
    now: r.nowTemp!,
    low: r.lowTemp!,
    high: r.highTemp!,
    weather: weatherText(code, lang),
    code,
    updateTime: formatDateTime(r.weatherAt),
  };
}

const listOf = (db: Db, userId: number) =>
  db
    .select({
      id: personalWeatherCities.id,
      cityId: personalWeatherCities.cityId,
      cityName: personalWeatherCities.cityName,
      showOrder: personalWeatherCities.showOrder,
      userId: personalWeatherCities.userId,
    })
    .from(personalWeatherCities)
    .where(eq(personalWeatherCities.userId, userId))
    .orderBy(asc(personalWeatherCities.showOrder), asc(personalWeatherCities.id));

export const weatherHandlers = {
  /** Up to 20 cities from the provider's geocoding, recorded for getWeather; path in the caller's language. */
  async weatherCityGetByName(req: OpRequest<"weatherCityGetByName">) {
    const name = req.query.cityName.trim();
    if (!name) throw badRequest("cityName", "required", "请输入城市名称", "Please enter a city name");
    const lang = langOf(req.query.lang);
    let cities: ProviderCity[];
    try {
      cities = await providerOf(req).search(name, lang, SEARCH_COUNT);
    } catch (err) {
      providerFailed(req, err);
    }
    await upsertCities(req.server.db, cities);
    return ok(cities.map((c) => ({ id: c.id, path: c.path })));
  },

  /**
   * The weather of a city: from the cache when younger than 10 minutes, else from the provider
   * (and cached); when the provider fails, a cached answer younger than 3 hours, else 500. A city
   * not seen yet is looked up by id at the provider (404 when it does not know it).
   */
  async getWeather(req: OpRequest<"getWeather">) {
    const { db } = req.server;
    const lang = langOf(req.query.lang);
    const cityId = req.query.cityId.trim();
    const provider = providerOf(req);
    let row = await cityRow(db, cityId);
    if (!row) {
      let city: ProviderCity | null;
      try {
        city = await provider.city(cityId, lang);
      } catch (err) {
        providerFailed(req, err);
      }
      if (!city) throw notFound("城市", "City");
      await upsertCities(db, [city]);
      row = await cityRow(db, city.id);
      if (!row) throw notFound("城市", "City");
    }
    if (hasWeather(row) && row.age !== null && row.age < FRESH_SECONDS) return ok(weatherOf(row, lang));
    try {
      const c = await provider.conditions(row);
      const [saved] = await db
        .update(weatherCities)
        .set({ nowTemp: c.now, lowTemp: c.low, highTemp: c.high, wmoCode: c.wmoCode, isDay: c.isDay, weatherAt: sql`now()` })
        .where(eq(weatherCities.cityId, row.cityId))
        .returning({ weatherAt: weatherCities.weatherAt });
      return ok(weatherOf({ ...row, nowTemp: c.now, lowTemp: c.low, highTemp: c.high, wmoCode: c.wmoCode, isDay: c.isDay, weatherAt: saved?.weatherAt ?? new Date(), age: 0 }, lang));
    } catch (err) {
      if (hasWeather(row) && row.age !== null && row.age < STALE_SECONDS) {
        req.log.warn({ err, cityId }, "weather provider failed; serving the cached weather");
        return ok(weatherOf(row, lang));
      }
      providerFailed(req, err);
    }
  },

  /**
   * The list replaces the target user's cities in one transaction: rows with id are updated, rows
   * without id created, the user's other rows deleted. An id that is not one of the target user's
   * rows is 404 and nothing changes; a cityId (or an id) twice is 400. The target user is the
   * items' userId (omitted: the caller), one user per call (400 otherwise). An empty list removes
   * the caller's cities (the dialog never sends one; the end-to-end tests restore the demo user so).
   */
  async personalWeatherCitySaveBatch(req: OpRequest<"personalWeatherCitySaveBatch">) {
    const items = req.body.map((c) => ({ ...c, cityId: c.cityId.trim(), cityName: c.cityName.trim() }));
    const caller = sessionOf(req).userId;
    const userIds = new Set(items.map((c) => c.userId ?? caller));
    if (userIds.size > 1)
      throw badRequest("userId", "sameUser", "一次只能保存同一用户的城市", "All cities of one save must belong to the same user");
    const userId = assertSelfOrAdmin(req, [...userIds][0]);
    items.forEach((c, i) => {
      if (!c.cityId) throw badRequest(`${i}.cityId`, "required", "城市编号不能为空", "The city id must not be empty");
      if (!c.cityName) throw badRequest(`${i}.cityName`, "required", "城市名称不能为空", "The city name must not be empty");
    });
    const cityIds = new Set<string>();
    for (const [i, c] of items.entries()) {
      if (cityIds.has(c.cityId)) throw badRequest(`${i}.cityId`, "unique", "城市不能重复添加", "The same city cannot be added twice");
      cityIds.add(c.cityId);
    }
    const ids = new Set<number>();
    for (const [i, c] of items.entries()) {
      if (c.id === undefined) continue;
      if (ids.has(c.id)) throw badRequest(`${i}.id`, "unique", "同一条记录不能出现两次", "The same row cannot appear twice");
      ids.add(c.id);
    }

    const { db } = req.server;
    // An administrator saving for a user that does not exist: 404, not the foreign key's 500.
    if (userId !== caller) {
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!target) throw notFound("用户", "User");
    }
    await db.transaction(async (tx) => {
      // One save per user at a time: two racing saves would each see the other's rows as missing.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SAVE_LOCK_SPACE}, ${userId})`);
      const existing = await tx
        .select({ id: personalWeatherCities.id })
        .from(personalWeatherCities)
        .where(eq(personalWeatherCities.userId, userId));
      const own = new Set(existing.map((r) => r.id));
      for (const id of ids) if (!own.has(id)) throw notFound("天气城市", "Weather city");
      // Replace in place: the kept rows keep their ids, so (user, cityId) stays unique even when
      // two kept rows swap their cities.
      await tx.delete(personalWeatherCities).where(eq(personalWeatherCities.userId, userId));
      if (!items.length) return; // an empty list removes the caller's cities
      await tx.insert(personalWeatherCities).values(
        items.map((c) => ({
          ...(c.id !== undefined ? { id: c.id } : {}),
          userId,
          cityId: c.cityId,
          cityName: c.cityName,
          showOrder: c.showOrder,
        })),
      );
    });
    return ok(await listOf(db, userId));
  },

  async personalWeatherCityListByUserId(req: OpRequest<"personalWeatherCityListByUserId">) {
    const userId = assertSelfOrAdmin(req, req.query.userId);
    return ok(await listOf(req.server.db, userId));
  },
} satisfies TagHandlers<"workspace">;
