// Spec 2.7 and 5: the weather dialog (width 480). Search a city (only non-empty trimmed text), add
// one of the matches (at most 4, never one twice: receptionInfo.watherTip1 / watherTip2), delete
// (only while more than one remains), Save (nothing when the list is empty; a failed save is
// ignored quietly, spec 8) and the list is reloaded. Closing clears the search text and options.
import { useEffect, useRef, useState } from "react";
import { Button, Input, Modal, Typography } from "antd";
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

import { toast } from "../../api/toast";
import { isLanguage, currentLanguage } from "../../i18n";
import { DIALOG_GUARD_MS, useClickGuard } from "../../shared/clickGuard";
import { sessionUserId } from "../../account/record";
import {
  MAX_CITIES,
  addCheck,
  addCity,
  canDelete,
  draftOf,
  formatTemperature,
  removeCity,
  savePayload,
  type CitySearchResult,
  type DraftCity,
  type Weather,
  type WeatherCity,
} from "./weather";
import { saveCities, searchCities } from "./weatherApi";
import { usePortalClient } from "../../api/ClientProvider";
import { WeatherIcon } from "./WeatherIcon";
import styles from "./weather.module.css";

/** The dialog's width (spec 2.7, 9). */
export const WEATHER_DIALOG_WIDTH = 480;

export interface WeatherDialogProps {
  open: boolean;
  /** The saved list, as the top bar holds it. */
  cities: readonly WeatherCity[];
  /** The weather by cityId, as the top bar holds it. */
  weather: Readonly<Record<string, Weather>>;
  onClose: () => void;
  /** Reloads the saved list (after a save). */
  onSaved: () => unknown;
  /** Asks for the weather of cities just added. */
  requestWeather: (cityIds: readonly string[]) => void;
}

function CityRow({ city, weather, deletable, onDelete }: { city: DraftCity; weather: Weather | undefined; deletable: boolean; onDelete: () => void }) {
  const { t } = useTranslation("weather");
  return (
    <li className={styles.city} data-testid={`weather-city-${city.cityId}`}>
      <WeatherIcon code={weather?.code} label={weather?.weather ?? t("dialog.noWeather")} size={32} />
      <div className={styles.cityMain}>
        <div className={styles.cityName}>{city.cityName}</div>
        <Typography.Text type="secondary" data-testid="weather-text">
          {weather ? weather.weather : t("dialog.noWeather")}
        </Typography.Text>
      </div>
      {weather && (
        <div className={styles.temps}>
          <div className={styles.now}>
            <Typography.Text type="secondary">{t("dialog.now")} </Typography.Text>
            <span data-testid="weather-now">{formatTemperature(weather.now)}</span>
          </div>
          <Typography.Text type="secondary" data-testid="weather-range">
            {t("dialog.range", { low: formatTemperature(weather.low), high: formatTemperature(weather.high) })}
          </Typography.Text>
        </div>
      )}
      {deletable && (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t("dialog.delete", { city: city.cityName })}
          data-testid={`weather-delete-${city.cityId}`}
          onClick={onDelete}
        />
      )}
    </li>
  );
}

export function WeatherDialog({ open, cities, weather, onClose, onSaved, requestWeather }: WeatherDialogProps) {
  const { t, i18n } = useTranslation("weather");
  const client = usePortalClient();
  const lang = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const [draft, setDraft] = useState<DraftCity[]>(() => draftOf(cities));
  // Edited since it opened: a reload of the saved list then leaves the edits alone.
  const dirty = useRef(false);
  const [text, setText] = useState("");
  /** The matches of the last search; null before one (or after a failed one). */
  const [options, setOptions] = useState<CitySearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  /** The text whose search failed (offline, provider down): said inline with a retry, no toast (issue 21). */
  const [failedSearch, setFailedSearch] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveBlocked, guardSave] = useClickGuard(DIALOG_GUARD_MS);
  const searchSeq = useRef(0);

  useEffect(() => {
    if (open && !dirty.current) setDraft(draftOf(cities));
  }, [open, cities]);

  const close = () => {
    searchSeq.current += 1; // a search still under way is dropped
    setText("");
    setOptions(null);
    setFailedSearch(null);
    setSearching(false);
    dirty.current = false;
    onClose();
  };

  const search = (value: string) => {
    const name = value.trim().slice(0, 100);
    if (!name) return; // spec 5: only non-empty text is searched
    const seq = ++searchSeq.current;
    setSearching(true);
    setFailedSearch(null);
    searchCities(client, name, lang)
      .then((found) => seq === searchSeq.current && setOptions(found))
      .catch(() => {
        if (seq !== searchSeq.current) return;
        setOptions(null); // spec 8: no toast, but never silence
        setFailedSearch(name);
      })
      .finally(() => seq === searchSeq.current && setSearching(false));
  };

  const add = (found: CitySearchResult) => {
    const check = addCheck(draft, found.id);
    if (check === "duplicate") return toast(t("receptionInfo.watherTip2"), "warning");
    if (check === "full") return toast(t("receptionInfo.watherTip1"), "warning");
    dirty.current = true;
    setDraft(addCity(draft, found));
    if (!weather[found.id]) requestWeather([found.id]);
  };

  const remove = (cityId: string) => {
    dirty.current = true;
    setDraft(removeCity(draft, cityId));
  };

  const save = guardSave(() => {
    const userId = sessionUserId();
    if (draft.length === 0 || userId === null) return; // spec 5: nothing to save
    setSaving(true);
    saveCities(client, savePayload(draft, userId))
      .then(
        () => close(),
        () => undefined, // spec 8: a failed city save is ignored
      )
      .finally(() => {
        setSaving(false);
        void onSaved(); // spec 7.1: afterwards the list is reloaded
      });
  });

  const deletable = canDelete(draft);
  return (
    <Modal
      open={open}
      width={WEATHER_DIALOG_WIDTH}
      title={t("dialog.title")}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t("dialog.cancel")}
        </Button>,
        <Button key="save" type="primary" data-testid="weather-save" disabled={saveBlocked} loading={saving} onClick={save}>
          {t("dialog.save")}
        </Button>,
      ]}
    >
      <div className={styles.search}>
        <Input.Search
          data-testid="weather-dialog-search"
          aria-label={t("dialog.searchLabel")}
          placeholder={t("dialog.searchPlaceholder")}
          enterButton={t("dialog.search")}
          value={text}
          maxLength={100}
          allowClear
          loading={searching}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value, _event, info) => {
            if (info?.source === "clear") {
              searchSeq.current += 1;
              setOptions(null);
              setFailedSearch(null);
              setSearching(false);
              return;
            }
            search(value);
          }}
        />
      </div>
      {failedSearch !== null && (
        <div className={styles.noMatch} data-testid="weather-search-failed">
          <Typography.Text type="secondary" role="status">
            {t("dialog.searchFailed")}
          </Typography.Text>{" "}
          <Button size="small" icon={<ReloadOutlined />} onClick={() => search(failedSearch)}>
            {t("dialog.retry")}
          </Button>
        </div>
      )}
      {options !== null &&
        (options.length === 0 ? (
          <Typography.Text type="secondary" className={styles.noMatch} data-testid="weather-no-match">
            {t("dialog.noMatch")}
          </Typography.Text>
        ) : (
          <ul className={styles.options} aria-label={t("dialog.results")} data-testid="weather-options">
            {options.map((option) => (
              <li key={option.id}>
                <Button
                  type="text"
                  block
                  className={styles.option}
                  icon={<PlusOutlined />}
                  aria-label={t("dialog.add", { city: option.path })}
                  data-testid={`weather-add-${option.id}`}
                  onClick={() => add(option)}
                >
                  {option.path}
                </Button>
              </li>
            ))}
          </ul>
        ))}
      <Typography.Title level={5} className={styles.listTitle}>
        {t("dialog.myCities", { count: draft.length, max: MAX_CITIES })}
      </Typography.Title>
      {draft.length === 0 ? (
        <Typography.Text type="secondary" data-testid="weather-empty">
          {t("dialog.empty")}
        </Typography.Text>
      ) : (
        <ul className={styles.cities} data-testid="weather-cities">
          {draft.map((city) => (
            <CityRow key={city.cityId} city={city} weather={weather[city.cityId]} deletable={deletable} onDelete={() => remove(city.cityId)} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
