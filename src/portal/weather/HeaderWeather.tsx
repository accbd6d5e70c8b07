// The top bar's weather button (spec 2.7, 9): the first city's icon and current temperature (a
// weather icon and "Weather" when the user has no city); a click opens the weather dialog. The
// state, the refresh and the dialog are useHeaderWeather's.
import { Button, Tooltip } from "antd";

import { useHeaderWeather, type HeaderWeatherState } from "./useHeaderWeather";
import styles from "./weather.module.css";

/**
 * The button of a weather state the caller holds and whose dialog it renders (the header keeps one
 * state for the button and for its "more" menu on a narrow screen).
 */
export function HeaderWeatherButton({ weather }: { weather: HeaderWeatherState }) {
  return (
    <Tooltip title={weather.label}>
      <Button type="text" className={styles.headerButton} data-testid="weather-header" aria-label={weather.label} onClick={weather.open}>
        {weather.icon}
        <span className={weather.hasTemperature ? styles.headerTemp : undefined} data-testid={weather.hasTemperature ? "weather-header-temp" : undefined}>
          {weather.text}
        </span>
      </Button>
    </Tooltip>
  );
}

export function HeaderWeather() {
  const weather = useHeaderWeather();
  return (
    <>
      <HeaderWeatherButton weather={weather} />
      {weather.dialog}
    </>
  );
}
