// The campaign show page's actions: Remind asks first and then says how many were reminded; Close
// and Restart ask a reason in a dialog saying what happens and send it with the version read;
// Restart shows only for a superseded campaign; Remind, Close and Restart are hidden without the
// compliance:campaign:edit button; every dialog closes by keyboard.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { providersWrapper } from "../../auth/test-support";
import { envelope, json, testClient } from "../../api/test-support";
import { setLanguage } from "../../i18n";
import { savePermissionMap } from "../../shared/permissions";
import { CampaignActions } from "./CampaignActions";
import { campaign } from "./fixtures";
import type { Campaign } from "./api";

vi.setConfig({ testTimeout: 90_000 });
const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function setUp(record: Campaign, answer: (path: string, request: Request) => Response | Promise<Response>) {
  const harness = testClient((request) => answer(new URL(request.url).pathname.replace(/^\/portal-api/, ""), request));
  const onChanged = vi.fn();
  render(
    <App>
      <CampaignActions campaign={record} notDone={record.pending + record.overdue} onChanged={onChanged} />
    </App>,
    { wrapper: providersWrapper(harness.client) },
  );
  const calls = (path: string) => harness.requests.filter((r) => new URL(r.url).pathname.endsWith(path));
  return { onChanged, calls, notified: harness.notified };
}

describe("campaign actions", () => {
  it("reminds after a confirmation, then says how many were reminded", async () => {
    const { onChanged, calls } = setUp(campaign(), (path) => (path === "/compliance/campaign/remind" ? ok({ reminded: 6 }) : json(404, envelope(404, "", ""))));
    fireEvent.click(screen.getByRole("button", { name: /Remind/ }));
    const confirm = await screen.findByRole("dialog");
    expect(within(confirm).getByText("6 people have not confirmed yet and will be reminded (at most once an hour each).")).toBeTruthy();
    expect(calls("/compliance/campaign/remind")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Remind" }));
    expect(await screen.findByText("6 people reminded")).toBeTruthy();
    expect(await calls("/compliance/campaign/remind")[0].clone().json()).toEqual({ id: 7 });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("sends nothing when the reminder is cancelled by keyboard", async () => {
    const { calls } = setUp(campaign(), () => ok({ reminded: 1 }));
    fireEvent.click(screen.getByRole("button", { name: /Remind/ }));
    const confirm = await screen.findByRole("dialog");
    fireEvent.keyDown(confirm, { key: "Escape", code: "Escape", keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls("/compliance/campaign/remind")).toHaveLength(0);
  });

  it("closes only with a reason, sent with the version read", async () => {
    const { onChanged, calls } = setUp(campaign(), (path) => (path === "/compliance/campaign/close" ? ok(7) : json(404, envelope(404, "", ""))));
    fireEvent.click(screen.getByRole("button", { name: /Close/ }));
    const dialog = await screen.findByRole("dialog", { name: 'Close "Travel policy 2026"?' });
    expect(within(dialog).getByText(/Closing asks nothing more of anyone/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close campaign" }));
    expect(await within(dialog).findByText("Enter the reason")).toBeTruthy();
    expect(calls("/compliance/campaign/close")).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason" }), { target: { value: "  Replaced by the 2027 campaign " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close campaign" }));
    await waitFor(() => expect(calls("/compliance/campaign/close")).toHaveLength(1));
    expect(await calls("/compliance/campaign/close")[0].clone().json()).toEqual({ id: 7, version: 4, reason: "Replaced by the 2027 campaign" });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the dialog open when the close is refused, and closes it by Escape", async () => {
    const { onChanged, calls } = setUp(campaign(), () => json(409, envelope(4090, "该记录已被他人修改", "This record was changed by someone else since you opened it")));
    fireEvent.click(screen.getByRole("button", { name: /Close/ }));
    const dialog = await screen.findByRole("dialog", { name: 'Close "Travel policy 2026"?' });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason" }), { target: { value: "done" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close campaign" }));
    await waitFor(() => expect(calls("/compliance/campaign/close")).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Close campaign" }).className).not.toContain("ant-btn-loading"));
    expect(screen.getByRole("dialog", { name: 'Close "Travel policy 2026"?' })).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: "Escape", code: "Escape", keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("offers Restart only for a superseded campaign, naming what happens", async () => {
    const first = setUp(campaign(), () => ok(7));
    expect(screen.queryByRole("button", { name: /Restart for the new version/ })).toBeNull();
    cleanup();
    const { onChanged, calls } = setUp(campaign({ superseded: true }), (path) => (path === "/compliance/campaign/restart" ? ok(7) : json(404, envelope(404, "", ""))));
    fireEvent.click(screen.getByRole("button", { name: /Restart for the new version/ }));
    const dialog = await screen.findByRole("dialog", { name: 'Restart "Travel policy 2026" for the new version?' });
    expect(within(dialog).getByText(/asked to read the current version of "Travel policy" and notified. The acknowledgements of version 2.0 stay on record./)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Reason" }), { target: { value: "Version 3.0 published" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Restart" }));
    await waitFor(() => expect(calls("/compliance/campaign/restart")).toHaveLength(1));
    expect(await calls("/compliance/campaign/restart")[0].clone().json()).toEqual({ id: 7, version: 4, reason: "Version 3.0 published" });
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(first.calls("/compliance/campaign/restart")).toHaveLength(0);
  });

  it("hides remind, close and restart without compliance:campaign:edit; export stays", () => {
    savePermissionMap({ "compliance:campaign:add": true });
    setUp(campaign({ superseded: true }), () => ok(7));
    expect(screen.queryByRole("button", { name: /Remind/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Close/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Restart/ })).toBeNull();
    expect(screen.getByRole("button", { name: /Export/ })).toBeTruthy();
  });

  it("shows no remind or close on a closed campaign", () => {
    setUp(campaign({ status: 0 }), () => ok(7));
    expect(screen.queryByRole("button", { name: /Remind/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Close/ })).toBeNull();
  });

  it("downloads the server's workbook on Export", async () => {
    const created: string[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (created.push(blob.type), "blob:x");
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined); // jsdom cannot navigate
    const { calls } = setUp(campaign(), () =>
      new Response(new Blob(["xlsx"], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), {
        status: 200,
        headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "content-disposition": "attachment; filename=campaign-7.xlsx" },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: /Export/ }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(new URL(calls("/compliance/campaign/export")[0].url).searchParams.get("id")).toBe("7");
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
});
