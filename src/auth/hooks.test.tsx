// The refine-free auth hooks of the login pages and the user shell (src/auth/hooks.ts): one shared
// identity, asked again on mount and after invalidateAuth; logout goes where the provider says
// and tells a failure through the toast; the login reports the provider's outcome.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const provider = vi.hoisted(() => ({
  getIdentity: vi.fn(),
  logout: vi.fn(),
  login: vi.fn(),
}));
const toast = vi.hoisted(() => vi.fn());

vi.mock("../api/toast", () => ({ toast }));

import type { ReactNode } from "react";
import type { AuthProvider } from "@refinedev/core";

import { useIdentity, useLogin, useLogout } from "./hooks";
import { createIdentityStore } from "./identity";
import { SessionProvider, type SessionParts } from "./SessionProvider";
import type { SessionActions } from "./sessionActions";
import type { SessionExpiry } from "./sessionExpiry";

// The test's own app session over the mocked provider (no module is replaced).
let session: SessionParts;
const invalidateAuth = () => session.identity.invalidate();
const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider session={session}>{children}</SessionProvider>;

function Name({ label }: { label: string }) {
  const { data } = useIdentity();
  return <span data-testid={label}>{data === undefined ? "…" : data === null ? "nobody" : data.realName}</span>;
}

function LogoutButton() {
  const { mutate, isPending } = useLogout();
  return (
    <button onClick={() => mutate()} disabled={isPending}>
      out
    </button>
  );
}

afterEach(cleanup);
beforeEach(() => {
  const authProvider = provider as unknown as AuthProvider;
  session = {
    authProvider,
    expiry: { isExpiring: () => false } as unknown as SessionExpiry,
    session: {} as SessionActions,
    identity: createIdentityStore(authProvider),
  };
  provider.getIdentity.mockReset();
  provider.logout.mockReset();
  provider.login.mockReset();
  toast.mockReset();
});

describe("useIdentity", () => {
  it("shares one answer between the components that show it, and asks again after an invalidation", async () => {
    let name = "张伟";
    provider.getIdentity.mockImplementation(async () => ({ id: 2, realName: name }));
    render(
      <>
        <Name label="a" />
        <Name label="b" />
      </>,
      { wrapper },
    );
    await waitFor(() => expect(screen.getByTestId("a").textContent).toBe("张伟"));
    expect(screen.getByTestId("b").textContent).toBe("张伟");
    // Both mounted together: the call under way is shared.
    expect(provider.getIdentity).toHaveBeenCalledTimes(1);

    name = "张伟伟";
    await act(() => invalidateAuth());
    expect(provider.getIdentity).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId("a").textContent).toBe("张伟伟");
    expect(screen.getByTestId("b").textContent).toBe("张伟伟");
  });

  it("is null without a session, and forgets an identity nobody shows when invalidated", async () => {
    provider.getIdentity.mockResolvedValue(null);
    const view = render(<Name label="a" />, { wrapper });
    await waitFor(() => expect(screen.getByTestId("a").textContent).toBe("nobody"));
    view.unmount();

    await invalidateAuth(); // nobody shows it: no call, the next mount asks afresh
    expect(provider.getIdentity).toHaveBeenCalledTimes(1);
    provider.getIdentity.mockResolvedValue({ id: 3, realName: "李娜" });
    render(<Name label="c" />, { wrapper });
    expect(screen.getByTestId("c").textContent).toBe("…");
    await waitFor(() => expect(screen.getByTestId("c").textContent).toBe("李娜"));
  });
});

describe("useLogout", () => {
  const renderAt = () =>
    render(
      <MemoryRouter initialEntries={["/main/workingSpace"]}>
        <Routes>
          <Route path="/main/*" element={<LogoutButton />} />
          <Route path="/loginCopy" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>,
      { wrapper },
    );

  it("goes where the provider says after a logout", async () => {
    provider.logout.mockResolvedValue({ success: true, redirectTo: "/loginCopy" });
    renderAt();
    act(() => screen.getByText("out").click());
    await screen.findByText("login page");
    expect(toast).not.toHaveBeenCalled();
  });

  it("stays and tells why when the provider refuses", async () => {
    provider.logout.mockResolvedValue({ success: false, error: new Error("网络异常") });
    renderAt();
    act(() => screen.getByText("out").click());
    await waitFor(() => expect(toast).toHaveBeenCalledWith("网络异常", "error"));
    expect(screen.getByText("out")).toBeTruthy();
  });
});

describe("useLogin", () => {
  function LoginButton({ onSuccess, onError }: { onSuccess: (o: unknown) => void; onError: (e: Error) => void }) {
    const { mutate, isPending } = useLogin({ onSuccess, onError });
    return <button onClick={() => mutate({ userName: "zhangwei", password: "x" })}>{isPending ? "busy" : "in"}</button>;
  }

  it("hands the provider's outcome to onSuccess, and a throw to onError", async () => {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    let settle!: (value: unknown) => void;
    provider.login.mockReturnValueOnce(new Promise((resolve) => (settle = resolve)));
    render(<LoginButton onSuccess={onSuccess} onError={onError} />, { wrapper });
    act(() => screen.getByText("in").click());
    expect(screen.getByText("busy")).toBeTruthy();
    await act(async () => settle({ success: true, redirectTo: "/main/workingSpace" }));
    expect(onSuccess).toHaveBeenCalledWith({ success: true, redirectTo: "/main/workingSpace" });
    expect(provider.login).toHaveBeenCalledWith({ userName: "zhangwei", password: "x" });
    expect(screen.getByText("in")).toBeTruthy();

    provider.login.mockRejectedValueOnce(new Error("boom"));
    act(() => screen.getByText("in").click());
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error("boom")));
  });
});
