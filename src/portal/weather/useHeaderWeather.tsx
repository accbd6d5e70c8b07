// The top bar's weather (spec 2.7, 9): the first city's icon and current temperature (a weather
// icon and "Weather" when the user has no city); opening it shows the weather dialog. The list and
// each city's weather refresh every hour while mounted, and again when the language changes (the
// weather text is the server's, in the language asked for). Weather calls fail silently (spec 8).
// One hook for the header's weather button (HeaderWeather.tsx) and the entry of the header's
// "more" menu on a narrow screen (issue 21), so both show the same and open the same dialog.
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { currentLanguage, isLanguage } from "../../i18n";
import { retryingImport } from "../../shared/lazyRetry";
import { sessionUserId } from "../../account/record";
import { formatTemperature, WEATHER_REFRESH_MS, type Weather, type WeatherCity } from "./weather";
import { fetchCities, fetchWeather } from "./weatherApi";
import { usePortalClient } from "../../api/ClientProvider";
import { WeatherIcon } from "./WeatherIcon";

// The dialog (antd Modal, Input, its city search) loads on the first opening, not with every page
// (issue 9); it stays mounted after that, so it closes with its animation.
const WeatherDialog = lazy(retryingImport(() => import("./WeatherDialog").then((module) => ({ default: module.WeatherDialog }))));

/** The icon shown without a city's weather: sun and cloud. */
const GENERIC_CODE = 5;

export interface HeaderWeatherState {
  /** What it says in full: "city: weather, now", "Weather: city", or "Weather: choose your cities". */
  label: string;
  /** The icon and the short text shown (the temperature, the city, or "Weather"). */
  icon: ReactNode;
  text: ReactNode;
  /** True when the text is the current temperature. */
  hasTemperature: boolean;
  open: () => void;
  /** The dialog, rendered once beside whatever opens it. */
  dialog: ReactNode;
}

export function useHeaderWeather(): HeaderWeatherState {
  const { t, i18n } = useTranslation("weather");
  const client = usePortalClient();
  const lang = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const [cities, setCities] = useState<WeatherCity[]>([]);
  const [weather, setWeather] = useState<Record<string, Weather>>({});
  const [opened, setOpened] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  // Answers of an earlier load (another language, or after unmount) are dropped.
  const generation = useRef(0);

  const loadWeather = useCallback(
    (cityIds: readonly string[]) => {
      const gen = generation.current;
      for (const cityId of new Set(cityIds)) {
        fetchWeather(client, cityId, lang)
          .then((answer) => {
            if (gen === generation.current) setWeather((previous) => ({ ...previous, [cityId]: answer }));
          })
          .catch(() => undefined); // spec 8: weather calls return silently; the last answer stays
      }
    },
    [client, lang],
  );

  const reload = useCallback(async () => {
    const userId = sessionUserId();
    if (userId === null) return;
    const gen = ++generation.current;
    let list: WeatherCity[];
    try {
      list = await fetchCities(client, userId);
    } catch {
      return; // quiet; the list shown stays
    }
    if (gen !== generation.current) return;
    setCities(list);
    loadWeather(list.map((city) => city.cityId));
  }, [client, loadWeather]);

  useEffect(() => {
    void reload();
    const timer = window.setInterval(() => void reload(), WEATHER_REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      generation.current += 1;
    };
  }, [reload]);

  const first = cities[0]; // the server answers by showOrder
  const current = first ? weather[first.cityId] : undefined;
  // The name says what the button shows (WCAG 2.5.3): the temperature, the city, or "Weather".
  const label = first && current
    ? t("header.summary", { city: first.cityName, weather: current.weather, now: formatTemperature(current.now) })
    : first
      ? t("header.city", { city: first.cityName })
      : t("header.open");

  return {
    label,
    icon: current ? (
      <WeatherIcon code={current.code} label={current.weather} size={20} />
    ) : (
      <WeatherIcon code={GENERIC_CODE} label={t("header.label")} size={20} />
    ),
    text: current ? formatTemperature(current.now) : first ? first.cityName : t("header.label"),
    hasTemperature: !!current,
    open: () => {
      setOpened(true);
      setDialogLoaded(true);
      void reload();
    },
    dialog: dialogLoaded ? (
      <Suspense fallback={null}>
        <WeatherDialog
          open={opened}
          cities={cities}
          weather={weather}
          onClose={() => setOpened(false)}
          onSaved={reload}
          requestWeather={loadWeather}
        />
      </Suspense>
    ) : null,
  };
}
