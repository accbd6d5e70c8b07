// jsdom implements getComputedStyle without pseudo-elements and logs "Not implemented" for every
// call antd makes with one; answer with the element's own style instead (antd's test setup does
// the same), so test output shows only what matters.
if (typeof window !== "undefined") {
  const own = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => own(elt);
}

// jsdom lacks matchMedia, which antd's grid and Table ask for (min-width: Npx) breakpoints: answer
// as a desktop-wide window.
const WINDOW_WIDTH = 1280;
const matchesWidth = (query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return (!min || WINDOW_WIDTH >= Number(min[1])) && (!max || WINDOW_WIDTH <= Number(max[1]));
};

if (typeof window !== "undefined" && typeof window.matchMedia !== "function") {
  window.matchMedia = (query: string) =>
    ({
      matches: matchesWidth(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

