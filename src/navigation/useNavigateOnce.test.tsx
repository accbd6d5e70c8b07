// Spec 2.4 "pushing the same route again is silently ignored", also while the page pushed first
// is still loading (issue 21, defect 13): the router's location lags behind the address then.
import { Suspense, lazy } from "react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";

import { useNavigateOnce } from "./useNavigateOnce";

// A page whose code never arrives: the navigation to it stays pending.
const Loading = lazy(() => new Promise<{ default: () => null }>(() => undefined));

function Menu() {
  const navigate = useNavigateOnce();
  const location = useLocation();
  return (
    <>
      <output data-testid="router-location">{location.pathname}</output>
      <button type="button" onClick={() => navigate("/main/helpCenter")}>help</button>
      <button type="button" onClick={() => navigate("/main/workingSpace")}>workspace</button>
    </>
  );
}

function mount() {
  window.history.replaceState(null, "", "/main/workingSpace");
  return render(
    <BrowserRouter>
      <Menu />
      <Suspense fallback={<p>loading</p>}>
        <Routes>
          <Route path="/main/workingSpace" element={<p>workspace page</p>} />
          <Route path="/main/helpCenter" element={<Loading />} />
        </Routes>
      </Suspense>
    </BrowserRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("useNavigateOnce", () => {
  it("pushes a click on the page shown never again, even while that page is still loading", async () => {
    mount();
    const push = vi.spyOn(window.history, "pushState");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "help" })));
    expect(window.location.pathname).toBe("/main/helpCenter");
    // The router still shows the page before (its update waits for the new page's code).
    expect(screen.getByTestId("router-location").textContent).toBe("/main/workingSpace");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "help" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "help" })));
    expect(push).toHaveBeenCalledTimes(1);
    // Another page is pushed as usual.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "workspace" })));
    expect(push).toHaveBeenCalledTimes(2);
    expect(window.location.pathname).toBe("/main/workingSpace");
  });
});
