// The weather provider seen by the handlers (ARCHITECTURE 8): find cities by name or id and read a
// city's current weather. One adapter (openMeteo.ts) talks to a real keyless service; tests run it
// against a local fake of that service's HTTP API.
import type { WeatherLang } from "./codes.ts";

/** A city as the provider knows it; `id` is the provider's id as a string (the spec's cityId). */
export interface ProviderCity {
  id: string;
  /** The city's own name in the language asked for. */
  name: string;
  /** Display text: the name, its region and country ("Shanghai, Shanghai, China"). */
  path: string;
  latitude: number;
  longitude: number;
  timezone: string | null;
}

/** The weather now and today's range (degrees Celsius), with the WMO code and day or night. */
export interface ProviderConditions {
  now: number;
  low: number;
  high: number;
  wmoCode: number;
  isDay: boolean;
}

export interface WeatherProvider {
  /** Up to `count` cities whose name matches (an empty list when none). */
  search(name: string, lang: WeatherLang, count: number): Promise<ProviderCity[]>;
  /** The city of this id, or null when the provider does not know it. */
  city(id: string, lang: WeatherLang): Promise<ProviderCity | null>;
  conditions(at: { latitude: number; longitude: number }): Promise<ProviderConditions>;
}

/**
 * The provider could not answer: unreachable, too slow, an error status or an answer of the wrong
 * shape. Handlers turn it into a quiet 500 (or a cached answer), never a crash.
 */
export class WeatherProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WeatherProviderError";
  }
}
