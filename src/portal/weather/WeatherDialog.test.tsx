// The weather dialog with its calls stubbed: search only with text, add with the two warnings,
// delete only while more than one city remains, Save sends the list (never an empty one) and
// reloads, closing clears the search text and the options.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { providersWrapper } from "../../auth/test-support";
import { setLanguage } from "../../i18n";
import type { Weather, WeatherCity } from "./weather";

const api = vi.hoisted(() => ({
  searchCities: vi.fn(),
  saveCities: vi.fn(),
  fetchCities: vi.fn(),
  fetchWeather: vi.fn(),
}));
vi.mock("./weatherApi", () => api);
const toast = vi.hoisted(() => vi.fn());
vi.mock("../../api/toast", () => ({ toast }));

import { WeatherDialog } from "./WeatherDialog";

const CITIES = [
  { id: "1", path: "上海，上海，中国" },
  { id: "2", path: "北京，北京，中国" },
  { id: "3", path: "深圳，广东，中国" },
  { id: "4", path: "苏州，江苏，中国" },
  { id: "5", path: "杭州，浙江，中国" },
];
const SHANGHAI_WEATHER: Weather = { cityId: "1", now: 21.5, low: 18.2, high: 25.1, weather: "晴", code: 2 };

let requested: string[] = [];
let saved = 0;
let closed = 0;

function Harness({ initial = [] as WeatherCity[] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <WeatherDialog
        open={open}
        cities={initial}
        weather={{ "1": SHANGHAI_WEATHER }}
        onClose={() => {
          closed += 1;
          setOpen(false);
        }}
        onSaved={() => (saved += 1)}
        requestWeather={(ids) => requested.push(...ids)}
      />
    </>
  );
}

const searchBox = () => screen.getByTestId("weather-dialog-search") as HTMLInputElement;
async function searchFor(text: string) {
  fireEvent.change(searchBox(), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: /搜\s*索/ }));
  });
}

beforeEach(async () => {
  await setLanguage("cn");
  sessionStorage.setItem("userId", "3");
  requested = [];
  saved = 0;
  closed = 0;
  api.searchCities.mockImplementation(async (_client: unknown, name: string) => CITIES.filter((c) => c.path.includes(name)));
  api.saveCities.mockResolvedValue([]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  sessionStorage.clear();
});

// antd's Modal renders slowly in jsdom; a busy machine needs more than the default 5 s.
describe("WeatherDialog", { timeout: 60_000 }, () => {
  it("is 480 wide and searches only non-empty trimmed text, in the UI language", async () => {
    render(<Harness />, { wrapper: providersWrapper() });
    expect(document.querySelector<HTMLElement>(".ant-modal")?.style.width).toBe("480px");
    await searchFor("   ");
    expect(api.searchCities).not.toHaveBeenCalled();
    await searchFor(" 上海 ");
    expect(api.searchCities).toHaveBeenCalledWith(expect.anything(), "上海", "cn");
    expect((await screen.findByTestId("weather-add-1")).textContent).toContain("上海，上海，中国");
    await searchFor("Atlantis");
    expect((await screen.findByTestId("weather-no-match")).textContent).toContain("没有匹配的城市");
  });

  it("adds up to 4 cities, warns on a fifth and on a duplicate, and offers delete only with more than one", async () => {
    render(<Harness />, { wrapper: providersWrapper() });
    expect(screen.getByTestId("weather-empty")).not.toBeNull();
    await searchFor("中国");
    fireEvent.click(await screen.findByTestId("weather-add-1"));
    expect(screen.getByTestId("weather-city-1").textContent).toContain("上海");
    expect(screen.getByTestId("weather-city-1").textContent).toContain("22°C");
    expect(screen.getByTestId("weather-city-1").textContent).toContain("最低 18°C / 最高 25°C");
    expect(screen.getByRole("img", { name: "晴" })).not.toBeNull();
    expect(screen.queryByTestId("weather-delete-1")).toBeNull();
    expect(requested).toEqual([]); // its weather is known already

    fireEvent.click(screen.getByTestId("weather-add-1"));
    expect(toast).toHaveBeenLastCalledWith("该城市已添加", "warning");

    for (const id of ["2", "3", "4"]) fireEvent.click(screen.getByTestId(`weather-add-${id}`));
    expect(requested).toEqual(["2", "3", "4"]);
    expect(screen.getByTestId("weather-delete-1")).not.toBeNull();
    fireEvent.click(screen.getByTestId("weather-add-5"));
    expect(toast).toHaveBeenLastCalledWith("最多只能添加4个城市", "warning");
    expect(screen.queryByTestId("weather-city-5")).toBeNull();

    for (const id of ["4", "3", "2"]) fireEvent.click(screen.getByTestId(`weather-delete-${id}`));
    expect(screen.getByTestId("weather-city-1")).not.toBeNull();
    expect(screen.queryByTestId("weather-delete-1")).toBeNull();
  });

  it("saves the list in its order for the user, then reloads; an empty list saves nothing", async () => {
    const { unmount } = render(<Harness />, { wrapper: providersWrapper() });
    fireEvent.click(screen.getByTestId("weather-save"));
    expect(api.saveCities).not.toHaveBeenCalled();
    unmount();

    render(<Harness initial={[{ id: 8, cityId: "1", cityName: "上海", showOrder: 0, userId: 3 }]} />, { wrapper: providersWrapper() });
    await searchFor("北京");
    fireEvent.click(await screen.findByTestId("weather-add-2"));
    await act(async () => {
      fireEvent.click(screen.getByTestId("weather-save"));
    });
    expect(api.saveCities).toHaveBeenCalledTimes(1);
    expect(api.saveCities).toHaveBeenCalledWith(expect.anything(), [
      { id: 8, cityId: "1", cityName: "上海", showOrder: 0, userId: 3 },
      { cityId: "2", cityName: "北京", showOrder: 1, userId: 3 },
    ]);
    await waitFor(() => expect(saved).toBe(1));
    expect(closed).toBe(1);
    // A second click at once is blocked by the guard.
    fireEvent.click(screen.getByTestId("weather-save"));
    expect(api.saveCities).toHaveBeenCalledTimes(1);
  });

  it("stays open and quiet when the save fails, and still reloads the list", async () => {
    api.saveCities.mockRejectedValue(new Error("code 500"));
    render(<Harness initial={[{ id: 8, cityId: "1", cityName: "上海", showOrder: 0, userId: 3 }]} />, { wrapper: providersWrapper() });
    await act(async () => {
      fireEvent.click(screen.getByTestId("weather-save"));
    });
    await waitFor(() => expect(saved).toBe(1));
    expect(toast).not.toHaveBeenCalled();
    expect(closed).toBe(0);
  });

  it("says inline, without a toast, when the city search fails, and Retry searches the same text again", async () => {
    api.searchCities.mockRejectedValueOnce(new Error("offline"));
    render(<Harness />, { wrapper: providersWrapper() });
    await searchFor("上海");
    const failed = await screen.findByTestId("weather-search-failed");
    expect(failed.textContent).toContain("城市搜索暂时不可用");
    expect(toast).not.toHaveBeenCalled();
    expect(screen.queryByTestId("weather-no-match")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /重\s*试/ }));
    });
    expect(api.searchCities).toHaveBeenLastCalledWith(expect.anything(), "上海", "cn");
    expect(await screen.findByTestId("weather-add-1")).not.toBeNull();
    expect(screen.queryByTestId("weather-search-failed")).toBeNull();
  });

  it("clears the search text and the options when closed", async () => {
    render(<Harness />, { wrapper: providersWrapper() });
    await searchFor("上海");
    expect(await screen.findByTestId("weather-add-1")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /取\s*消/ }));
    fireEvent.click(screen.getByText("reopen"));
    await waitFor(() => expect(searchBox().value).toBe(""));
    expect(screen.queryByTestId("weather-add-1")).toBeNull();
  });
});
