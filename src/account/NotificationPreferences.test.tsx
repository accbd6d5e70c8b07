// The personal centre's notification choices (issue 23): one switch per kind as the server stores
// them; a change is saved at once and told; a refused save puts the switch back.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../i18n";
import { answerBy, failed, net, ok, renderWidget, resetNet, SLOW } from "../portal/widgets/testing";
import { NotificationPreferences } from "./NotificationPreferences";

const PREFERENCE = "/notification/preference";
const KINDS = ["taskPending", "complaintReplied", "complaintDecided", "privacyPolicyPublished", "roleChanged"];

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

describe("notification preferences", SLOW, () => {
  it("shows each kind as stored and saves a change at once", async () => {
    let stored = KINDS.map((kind) => ({ kind, enabled: kind !== "roleChanged" }));
    net.answer = answerBy({
      [PREFERENCE]: async (request) => {
        if (request.method === "PUT") {
          const { kinds } = (await request.clone().json()) as { kinds: { kind: string; enabled: boolean }[] };
          stored = stored.map((k) => kinds.find((c) => c.kind === k.kind) ?? k);
        }
        return ok({ kinds: stored });
      },
    });
    renderWidget(<NotificationPreferences />);
    const tasks = await screen.findByRole("switch", { name: "Tasks waiting for me" });
    expect(tasks.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("switch", { name: "Changes to my roles" }).getAttribute("aria-checked")).toBe("false");

    fireEvent.click(tasks);
    await waitFor(() => expect(net.calls(PREFERENCE).filter((r) => r.method === "PUT")).toHaveLength(1));
    expect(await net.calls(PREFERENCE).find((r) => r.method === "PUT")!.clone().json()).toEqual({ kinds: [{ kind: "taskPending", enabled: false }] });
    await waitFor(() => expect(screen.getByRole("switch", { name: "Tasks waiting for me" }).getAttribute("aria-checked")).toBe("false"));
  });

  it("puts the switch back when the save is refused", async () => {
    const stored = KINDS.map((kind) => ({ kind, enabled: true }));
    net.answer = answerBy({ [PREFERENCE]: (request) => (request.method === "PUT" ? failed() : ok({ kinds: stored })) });
    renderWidget(<NotificationPreferences />);
    fireEvent.click(await screen.findByRole("switch", { name: "Replies to my complaints" }));
    await waitFor(() => expect(net.calls(PREFERENCE).filter((r) => r.method === "PUT")).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("switch", { name: "Replies to my complaints" }).getAttribute("aria-checked")).toBe("true"));
  });
});
