// The read-and-acknowledge panel under a policy: nothing when no campaign asks, "I have read and
// understood" when asked (the body names the version and its hash, never a person), the
// acknowledgement and its signature once done, the signature dialog when a signature is required
// (and again after the SSO round trip's ?sign=1), and the new-version message on a 409.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { envelope, json } from "../../../api/test-support";
import { setLanguage } from "../../../i18n";
import { answerBy, net, ok, resetNet } from "../../widgets/testing";
import { PAGE_TIMEOUT, renderPage } from "../testing";
import { AcknowledgePanel } from "./AcknowledgePanel";
import { ackStatus, HASH, signature } from "./fixtures";
import { onToReadChanged } from "./toReadChanged";

const STATUS = "/compliance/acknowledgement/status";
const ACK = "/compliance/acknowledge";
const ESIGN = "/esign/status";
const acknowledgement = (withSignature = false) => ({ id: 5, policyVersionId: 101, acknowledgedAt: "2026-11-27 10:00:00", signature: withSignature ? signature() : null });
const address = () => screen.getByTestId("address").textContent;

beforeEach(() => setLanguage("en"));
afterEach(() => {
  cleanup();
  resetNet();
});

const panel = (onReloadPolicy = () => undefined) => <AcknowledgePanel policyId={1} policyTitle="Travel policy" onReloadPolicy={onReloadPolicy} />;

describe("acknowledge panel", PAGE_TIMEOUT, () => {
  it("shows nothing when no campaign asks the reader", async () => {
    net.answer = answerBy({ [STATUS]: () => ok(ackStatus({ requested: false })) });
    renderPage(panel(), "/main/helpDetail?id=1");
    await waitFor(() => expect(net.calls(STATUS)).toHaveLength(1));
    // let the answer arrive and render (the client's middleware runs in a few turns)
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByTestId("ack-panel")).toBeNull();
    expect(screen.queryByRole("button", { name: "I have read and understood" })).toBeNull();
  });

  it("records the acknowledgement when asked, then shows it and tells the badge", async () => {
    net.answer = answerBy({ [STATUS]: () => ok(ackStatus()), [ACK]: () => ok(acknowledgement()) });
    const changed = vi.fn();
    const off = onToReadChanged(changed);
    renderPage(panel(), "/main/helpDetail?id=1");
    expect(await screen.findByText("You are asked to read version 2.0 of this policy and confirm it by 2026-12-01.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /I have read and understood/ }));
    expect(await screen.findByText("You confirmed that you have read and understood version 2.0 on 2026-11-27 10:00:00.")).toBeTruthy();
    expect(await net.calls(ACK)[0].clone().json()).toEqual({ policyVersionId: 101, contentHash: HASH });
    expect(changed).toHaveBeenCalledTimes(1);
    off();
  });

  it("shows a done acknowledgement with its signature", async () => {
    net.answer = answerBy({ [STATUS]: () => ok(ackStatus({ signatureRequired: true, acknowledgement: acknowledgement(true) })) });
    renderPage(panel(), "/main/helpDetail?id=1");
    const done = await screen.findByTestId("ack-panel");
    expect(done.getAttribute("data-state")).toBe("done");
    expect(within(done).getByText(/Signed by 张伟 \(zhangwei\) on 2026-11-27 10:00:00 \(Asia\/Shanghai\): Read and understood/)).toBeTruthy();
    expect(within(done).queryByRole("button", { name: /read and understood/ })).toBeNull();
  });

  it("opens the signature dialog when a signature is required, and signs with the credential", async () => {
    net.answer = answerBy({
      [STATUS]: () => ok(ackStatus({ signatureRequired: true })),
      [ESIGN]: () => ok({ method: "sso", ssoReady: true, ssoReadyUntil: "2026-11-27 10:05:00" }),
      [ACK]: () => ok(acknowledgement(true)),
    });
    renderPage(panel(), "/main/helpDetail?id=1");
    fireEvent.click(await screen.findByRole("button", { name: /I have read and understood \(sign\)/ }));
    const dialog = await screen.findByRole("dialog", { name: "Electronic signature" });
    expect(within(dialog).getByText(/"Read and understood" for "Travel policy" version 2.0/)).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole("button", { name: "Sign" }));
    expect(await screen.findByText(/Signed by 张伟/)).toBeTruthy();
    expect(await net.calls(ACK)[0].clone().json()).toEqual({ policyVersionId: 101, contentHash: HASH, signature: { method: "sso" } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closes the signature dialog with Escape, without signing", async () => {
    net.answer = answerBy({ [STATUS]: () => ok(ackStatus({ signatureRequired: true })), [ESIGN]: () => ok({ method: "password", ssoReady: false, ssoReadyUntil: null }) });
    renderPage(panel(), "/main/helpDetail?id=1");
    fireEvent.click(await screen.findByRole("button", { name: /\(sign\)/ }));
    const dialog = await screen.findByRole("dialog", { name: "Electronic signature" });
    fireEvent.keyDown(dialog, { key: "Escape", code: "Escape", keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(net.calls(ACK)).toHaveLength(0);
  });

  it("reopens the dialog after the SSO round trip (?sign=1) and takes the flag out of the address", async () => {
    net.answer = answerBy({ [STATUS]: () => ok(ackStatus({ signatureRequired: true })), [ESIGN]: () => ok({ method: "sso", ssoReady: true, ssoReadyUntil: null }) });
    renderPage(panel(), "/main/helpDetail?id=1&sign=1");
    expect(await screen.findByRole("dialog", { name: "Electronic signature" })).toBeTruthy();
    await waitFor(() => expect(address()).toBe("/main/helpDetail?id=1"));
  });

  it("tells the reader to reload the new version on a 409, and reloads both", async () => {
    let current = 101;
    net.answer = answerBy({
      [STATUS]: () => ok(ackStatus({ policyVersionId: current, versionNumber: current === 101 ? "2.0" : "3.0" })),
      [ACK]: () => json(409, envelope(4091, "该版本已不是当前版本", "This version is no longer the policy's current one")),
    });
    const reloadPolicy = vi.fn();
    renderPage(panel(reloadPolicy), "/main/helpDetail?id=1");
    fireEvent.click(await screen.findByRole("button", { name: /I have read and understood/ }));
    expect(await screen.findByText("This policy has changed")).toBeTruthy();
    current = 102;
    fireEvent.click(screen.getByRole("button", { name: "Reload the new version" }));
    expect(reloadPolicy).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/read version 3.0 of this policy/)).toBeTruthy();
  });
});
