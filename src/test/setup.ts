import { configure, type RenderOptions } from "@testing-library/react";
import type { ComponentType, ReactElement, ReactNode } from "react";
import { vi } from "vitest";

// Every findBy / waitFor gets a budget that holds on a loaded 2-core machine (issue 20: a role form
// test ran out of Testing Library's default 1 s while another job shared the cores). It is a budget,
// not a speed check: a wait that succeeds returns as soon as it does. vitest.config.ts gives each
// test a multiple of it. A file may raise it (a whole page's first render), never lower it.
configure({ asyncUtilTimeout: 10_000 });

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


// antd injects its CSS-in-JS rules into the document, and jsdom's getComputedStyle walks every
// rule on each call; the accessibility checks of role queries call it for every element and its
// ancestors, which made a dialog test take 20 s. Every render is wrapped in a StyleProvider that
// keeps the rules out of the document (cssinjs's "server" mode), so the checks see inline styles
// only. What CSS shows or hides is checked in a real browser by the end-to-end suite.
vi.mock("@testing-library/react", async (importOriginal) => {
  const rtl = await importOriginal<typeof import("@testing-library/react")>();
  const { StyleProvider } = await import("@ant-design/cssinjs");
  const { createElement } = await import("react");
  const withoutCss = (Inner?: ComponentType<{ children: ReactNode }>) =>
    function NoInjectedCss({ children }: { children: ReactNode }) {
      return createElement(StyleProvider, { mock: "server" }, Inner ? createElement(Inner, null, children) : children);
    };
  return {
    ...rtl,
    render: ((ui: ReactElement, options?: RenderOptions) =>
      rtl.render(ui, { ...options, wrapper: withoutCss(options?.wrapper as ComponentType<{ children: ReactNode }> | undefined) })) as typeof rtl.render,
  };
});

// The app fetches one language's words on demand (src/i18n/index.ts loadLanguage, before its first
// render); tests render straight away and switch language freely, so every language is loaded here.
if (typeof window !== "undefined") {
  const { loadAllLocales } = await import("../i18n");
  await loadAllLocales();
}

// antd's static Modal.confirm and message (src/shared/confirm.ts, src/api/toast.ts) render with
// React 19's root API, as main.tsx sets up for the app. The app imports them from antd/es, which
// the tests load apart from "antd", so that copy is set up here too.
import { unstableSetRender as setEsRender } from "antd/es/config-provider/UnstableContext";
import { createRoot as createTestRoot } from "react-dom/client";
type TestRootHolder = Element & { _testRoot?: ReturnType<typeof createTestRoot> };
setEsRender((node, container) => {
  const holder = container as TestRootHolder;
  holder._testRoot ??= createTestRoot(container);
  const root = holder._testRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete holder._testRoot;
  };
});
