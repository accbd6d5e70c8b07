// Spec 8: only one message toast at a time; the client's error messages go to it by default.
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { App } from "antd";
import { toast } from "./toast";
import { useToastBinding } from "./toastBinding";
import { createPortalClient } from "./client";
import { HOSTS, envelope, json } from "./test-support";

function Bound() {
  useToastBinding();
  return null;
}

const notices = () => Array.from(document.querySelectorAll(".ant-message-notice"));
const noticeTexts = () => notices().map((notice) => notice.textContent);

afterEach(() => {
  cleanup();
});

describe("toast", () => {
  it("shows one toast at a time: a new one replaces the previous", async () => {
    render(
      <App>
        <Bound />
      </App>,
    );
    act(() => toast("First failure"));
    await waitFor(() => expect(noticeTexts()).toEqual(["First failure"]));
    act(() => toast("Second failure"));
    await waitFor(() => expect(noticeTexts()).toContain("Second failure"));
    expect(noticeTexts()).toEqual(["Second failure"]);
    act(() => toast("Saved", "success"));
    await waitFor(() => expect(noticeTexts()).toEqual(["Saved"]));
  });

  it("is what the client shows its errors with when no notify is given", async () => {
    render(
      <App>
        <Bound />
      </App>,
    );
    const client = createPortalClient({
      fetch: async () => json(404, envelope(404, "未找到", "Not found")),
      getSid: () => "sid",
      getToken: () => null,
      getLanguage: () => "en",
      onSessionExpired: () => undefined,
      hosts: HOSTS,
    });
    await act(async () => {
      await client.GET("/sysUserEx/getUserInfo");
    });
    await waitFor(() => expect(noticeTexts()).toEqual(["Provider path does not exist"]));
  });
});
