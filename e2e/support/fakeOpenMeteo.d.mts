// Types of fakeOpenMeteo.mjs (a plain ES module, so serve.mjs can import it without a loader).

export interface FakeCity {
  id: number;
  en: string;
  zh: string;
  admin1: { en: string; zh: string };
  country: { en: string; zh: string };
  country_code: string;
  latitude: number;
  longitude: number;
  timezone: string;
  population: number;
  /** WMO code, is_day (0 or 1), now, today's min and max (degrees Celsius). */
  weather: { code: number; isDay: 0 | 1; now: number; min: number; max: number };
}

export declare const FAKE_CITIES: readonly FakeCity[];

export interface FakeOpenMeteo {
  /** http://127.0.0.1:PORT, the base of both the geocoding and the forecast API. */
  url: string;
  close(): Promise<void>;
  /** true: every answer is a 500 until set back to false. */
  setFailing(failing: boolean): void;
  /** Every request received, in order. */
  requests: { path: string; query: Record<string, string> }[];
}

export declare function startFakeOpenMeteo(options?: { port?: number }): Promise<FakeOpenMeteo>;
