// The complaint detail page over the real data provider and client, with an injected fetch that
// plays the talkShow operations: review with a required reason, and delete with its replies.
import { Refine, type NotificationProvider } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { StyleProvider } from "@ant-design/cssinjs";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App as AntdApp } from "antd";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";

import { envelope, json, testClient } from "../../api/test-support";
import { createDataProvider } from "../../dataProviders";
import { i18nProvider } from "../../i18n";
import { setUpAdminTests } from "../test-support";
import { RoastDetail } from "./RoastDetail";
import type { TalkShow } from "./types";

setUpAdminTests();

const complaint = (): TalkShow => ({
  id: 7,
  content: "The canteen closes too early",
  parentId: null,
  userId: 2,
  userName: "Zhang Wei",
  likes: 3,
  dislikes: 1,
  reviewStatus: 0,
  rejectReason: null,
  createTime: "2026-11-20 09:00:00",
  replyCount: 2,
  replies: [
    { id: 8, content: "Same here", parentId: 7, userId: 3, userName: "Li Na", likes: 0, dislikes: 0, reviewStatus: 1, rejectReason: null, createTime: "2026-11-20 10:00:00" },
    { id: 9, content: "Agreed", parentId: 7, userId: 3, userName: "Li Na", likes: 0, dislikes: 0, reviewStatus: 0, rejectReason: null, createTime: "2026-11-20 11:00:00" },
  ],
});

function renderDetail() {
  let row: TalkShow | null = complaint();
  const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
  const harness = testClient(async (request) => {
    const path = new URL(request.url).pathname.replace(/^\/portal-api/, "");
    if (path === "/talkShow/getById") return row ? ok(row) : json(404, envelope(404, "不存在", "Not found"));
    if (path === "/talkShow/checkTalkShow") {
      const body = (await request.clone().json()) as { id: number; reviewStatus: 1 | 2; rejectReason?: string };
      if (row && body.id === 7) row = { ...row, reviewStatus: body.reviewStatus, rejectReason: body.rejectReason ?? null };
      return ok(body.id);
    }
    if (path === "/talkShow" && request.method === "DELETE") {
      row = null;
      return ok(null);
    }
    return json(404, envelope(404, "不存在", "Not found"));
  });
  const notifications: string[] = [];
  const notificationProvider: NotificationProvider = { open: (p) => void notifications.push(String(p.message)), close: () => undefined };
  render(
    <StyleProvider container={document.createElement("div")}>
      <AntdApp>
        <MemoryRouter initialEntries={["/main/firstRoast/7"]}>
          <Refine
            dataProvider={createDataProvider(harness.client, { language: () => "en" })}
            routerProvider={routerProvider}
            i18nProvider={i18nProvider}
            notificationProvider={notificationProvider}
            resources={[{ name: "roastList", list: "/main/roastList" }, { name: "commentList", list: "/main/commentList" }]}
            options={{ disableTelemetry: true }}
          >
            <Routes>
              <Route path="/main/firstRoast/:id" element={<RoastDetail />} />
              <Route path="/main/roastList" element={<p>complaint list</p>} />
            </Routes>
          </Refine>
        </MemoryRouter>
      </AntdApp>
    </StyleProvider>,
  );
  const bodiesOf = (path: string, method: string) =>
    Promise.all(harness.requests.filter((r) => r.url.includes(path) && r.method === method).map((r) => r.clone().json()));
  return { bodiesOf, notifications };
}

describe("complaint detail (/firstRoast/:id)", () => {
  it("shows the complaint with every reply and its review state", async () => {
    renderDetail();
    expect(await screen.findByText("The canteen closes too early")).toBeTruthy();
    expect(screen.getByText("Replies (2)")).toBeTruthy();
    expect(screen.getByText("Same here")).toBeTruthy();
    expect(screen.getAllByText("Pending review").length).toBe(2); // the complaint and one reply
  });

  it("rejects only with a reason, then says operateSuccess", async () => {
    const { bodiesOf, notifications } = renderDetail();
    await screen.findByText("The canteen closes too early");
    // The header's Reject is the first (the complaint), then the pending reply's.
    fireEvent.click(screen.getAllByRole("button", { name: "Reject" })[0]);
    const dialog = await screen.findByRole("dialog", { name: "Reject item" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Please enter the reason for the rejection")).toBeTruthy();
    expect(await bodiesOf("/talkShow/checkTalkShow", "POST")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: "  Please add details  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(async () => expect(await bodiesOf("/talkShow/checkTalkShow", "POST")).toEqual([{ id: 7, reviewStatus: 2, rejectReason: "Please add details" }]));
    await waitFor(() => expect(notifications).toContain("Operation successful"));
    expect(await screen.findByText("Rejected")).toBeTruthy();
  });

  it("deletes the complaint with its replies after a confirmation naming how many", async () => {
    const { bodiesOf } = renderDetail();
    await screen.findByText("The canteen closes too early");
    fireEvent.click(screen.getAllByRole("button", { name: /Delete/ })[0]);
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("Delete this complaint?")).toBeTruthy();
    expect(within(confirm).getByText("Its 2 replies are deleted with it. This cannot be undone.")).toBeTruthy();
    expect(await bodiesOf("/talkShow", "DELETE")).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "OK" }));
    await waitFor(async () => expect(await bodiesOf("/talkShow", "DELETE")).toEqual([{ ids: [7] }]));
    expect(await screen.findByText("complaint list")).toBeTruthy();
  });
});
