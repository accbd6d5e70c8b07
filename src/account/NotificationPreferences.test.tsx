// The personal centre's notification choices (issue 23): one switch per kind as the server stores
// them; a change is saved at once and told; a refused save puts the switch back.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { envelope, json, testClient } from "../api/test-support";
import { providersWrapper } from "../auth/test-support";
import { setLanguage } from "../i18n";
import { NotificationPreferences } from "./NotificationPreferences";

const SLOW = { timeout: 60_000 };
const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));
const failed = () => json(500, envelope(500, "服务器错误", "Server error"));

/** Renders the preferences over a client whose every call `answer` answers; the requests it saw. */
function renderWith(answer: (request: Request) => Response | Promise<Response>) {
  const t = testClient(answer);
  render(<NotificationPreferences />, { wrapper: providersWrapper(t.client) });
  return { puts: () => t.requests.filter((r) => r.method === "PUT") };
}

const PREFERENCE = "/notification/preference";
const KINDS = ["taskPending", "complaintReplied", "complaintDecided", "privacyPolicyPublished", "roleChanged", "policyChanged"];

beforeEach(() => setLanguage("en"));
afterEach(cleanup);

describe("notification preferences", SLOW, () => {
  it("shows each kind as stored and saves a change at once", async () => {
    let stored = KINDS.map((kind) => ({ kind, enabled: kind !== "roleChanged" }));
    const net = renderWith(async (request) => {
      expect(new URL(request.url).pathname).toBe(`/portal-api${PREFERENCE}`);
      if (request.method === "PUT") {
        const { kinds } = (await request.clone().json()) as { kinds: { kind: string; enabled: boolean }[] };
        stored = stored.map((k) => kinds.find((c) => c.kind === k.kind) ?? k);
      }
      return ok({ kinds: stored });
    });
    const tasks = await screen.findByRole("switch", { name: "Tasks waiting for me" });
    expect(tasks.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Changes to my roles" }).getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("switch", { name: "Policies in folders I follow" }).getAttribute("aria-checked")).toBe("true");

    fireEvent.click(tasks);
    await waitFor(() => expect(net.puts()).toHaveLength(1));
    expect(await net.puts()[0].clone().json()).toEqual({ kinds: [{ kind: "taskPending", enabled: false }] });
    await waitFor(() => expect(screen.getByRole("switch", { name: "Tasks waiting for me" }).getAttribute("aria-checked")).toBe("false"));
  });

  it("puts the switch back when the save is refused", async () => {
    const stored = KINDS.map((kind) => ({ kind, enabled: true }));
    const net = renderWith((request) => (request.method === "PUT" ? failed() : ok({ kinds: stored })));
    fireEvent.click(await screen.findByRole("switch", { name: "Replies to my complaints" }));
    await waitFor(() => expect(net.puts()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("switch", { name: "Replies to my complaints" }).getAttribute("aria-checked")).toBe("true"));
  });
});
