// Customize with a fake client: the apps added by hand (add with validation and tags, edit,
// remove after a confirmation, reorder saved at once and put back on failure) and the catalogue
// (pick an app into my apps, marks of the picked ones).
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setLanguage } from "../../i18n";
import { answerBy, failed, net, ok, renderWidget, resetNet } from "../widgets/testing";
import CustomIndex from "./CustomIndex";

// Many antd rows on a machine shared by many test runs: generous waits.
configure({ asyncUtilTimeout: 15_000 });
const PAGE = { timeout: 150_000 };

const diy = (id: number, appName: string, appSort: number, labelIds: number[] = []) => ({
  id,
  userId: 7,
  appId: null,
  appName,
  appUrl: `https://diy${id}.example.com`,
  appIconUrl: null,
  appSort,
  favoriteStatus: 0,
  diyStatus: 1,
  pcOrH5Status: 0,
  labelIds,
});
const TAGS = [
  { id: 2, labelName: "财务", labelEnName: "Finance", status: 1, sort: 1 },
  { id: 3, labelName: "人事", labelEnName: "HR", status: 1, sort: 2 },
];
const CATALOGUE = [
  { id: 40, name: "CRM", url: "https://crm.example.com", keyword: "crm", status: 1, userDevice: "all", image: "/app-icons/crm.svg", labelIds: [2] },
  { id: 41, name: "Inventory", url: "https://inventory.example.com", keyword: "inventory", status: 1, userDevice: "pc", image: null, labelIds: [] },
];

let diyRows = [diy(21, "Wiki", 30, [2]), diy(20, "Board", 10), diy(22, "Notes", 50, [2, 3])];
let mine: unknown[] = [];

function serve(routes: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  net.answer = answerBy({
    "/personalApp/diyListByUserId": () => ok(diyRows),
    "/personalApp/listByUserId": () => ok(mine),
    "/bscApp/listAll": () => ok(CATALOGUE),
    "/bscLabel": () => ok(TAGS),
    "/personalApp": () => ok(99),
    "/personalApp/updateBatchById": () => ok(null),
    ...routes,
  });
}
const rows = () => within(screen.getByTestId("custom-my-apps")).getAllByRole("listitem").map((li) => li.getAttribute("data-testid"));
const bodyOf = async (request: Request) => request.clone().json();
const dialog = () => screen.getByRole("dialog");
// Role queries over a whole antd dialog are slow in jsdom: the Save button by its text.
const save = () => within(dialog()).getByText("Save").closest("button") as HTMLButtonElement;

beforeEach(async () => {
  await setLanguage("en");
  sessionStorage.setItem("userId", "7");
  diyRows = [diy(21, "Wiki", 30, [2]), diy(20, "Board", 10), diy(22, "Notes", 50, [2, 3])];
  mine = [{ ...diy(30, "CRM", 5), appId: 40, diyStatus: 0 }];
});
afterEach(() => {
  cleanup();
  resetNet();
  sessionStorage.clear();
});

describe("customize", PAGE, () => {
  it("lists the apps added by hand in their order with their tags", async () => {
    serve();
    renderWidget(<CustomIndex />);
    await screen.findByTestId("custom-app-20");
    expect(rows()).toEqual(["custom-app-20", "custom-app-21", "custom-app-22"]);
    const notes = screen.getByTestId("custom-app-22");
    expect(within(notes).getByText("Finance")).toBeTruthy();
    expect(within(notes).getByText("HR")).toBeTruthy();
    expect(within(notes).getByTestId("app-default-icon")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Move Board up" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Move Notes down" }).hasAttribute("disabled")).toBe(true);
  });

  it("adds an app: checks the fields, then sends name, http(s) address, icon and tags", async () => {
    serve();
    renderWidget(<CustomIndex />);
    await screen.findByTestId("custom-app-20");
    fireEvent.click(screen.getByTestId("custom-add"));
    await screen.findByRole("dialog");
    await act(async () => {
      fireEvent.click(save());
    });
    expect(await within(dialog()).findByText("Please enter the app's name")).toBeTruthy();
    expect(within(dialog()).getByText("Please enter the app's address")).toBeTruthy();

    fireEvent.change(within(dialog()).getByLabelText("Name"), { target: { value: " Intranet " } });
    fireEvent.change(within(dialog()).getByLabelText("Address"), { target: { value: "javascript:alert(1)" } });
    fireEvent.change(within(dialog()).getByLabelText("Icon address (optional)"), { target: { value: "icon.png" } });
    await act(async () => {
      fireEvent.click(save());
    });
    expect(await within(dialog()).findByText("Please enter an address starting with http:// or https://")).toBeTruthy();
    expect(within(dialog()).getByText("Please enter an image address starting with http://, https:// or /")).toBeTruthy();
    expect(net.calls("/personalApp").filter((r) => r.method === "POST")).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText("Address"), { target: { value: "https://intranet.example.com" } });
    fireEvent.change(within(dialog()).getByLabelText("Icon address (optional)"), { target: { value: "" } });
    fireEvent.mouseDown(within(dialog()).getByLabelText("Tags"));
    fireEvent.click(await screen.findByTitle("HR"));
    await act(async () => {
      fireEvent.click(save());
    });
    await waitFor(() => expect(net.calls("/personalApp").filter((r) => r.method === "POST")).toHaveLength(1));
    const [post] = net.calls("/personalApp").filter((r) => r.method === "POST");
    expect(await bodyOf(post)).toEqual({ appName: "Intranet", appUrl: "https://intranet.example.com", appIconUrl: null, pcOrH5Status: 0, labelIds: [3], userId: 7 });
    await waitFor(() => expect(net.calls("/personalApp/diyListByUserId").length).toBe(2)); // reloaded
  });

  it("edits an app with only its id and the fields of the form", async () => {
    serve({ "/personalApp": () => ok({ ...diy(20, "Board 2", 10) }) });
    renderWidget(<CustomIndex />);
    await screen.findByTestId("custom-app-20");
    fireEvent.click(screen.getByRole("button", { name: "Edit Board" }));
    await screen.findByRole("dialog");
    expect((within(dialog()).getByLabelText("Name") as HTMLInputElement).value).toBe("Board");
    fireEvent.change(within(dialog()).getByLabelText("Name"), { target: { value: "Board 2" } });
    await act(async () => {
      fireEvent.click(save());
    });
    await waitFor(() => expect(net.calls("/personalApp").filter((r) => r.method === "PUT")).toHaveLength(1));
    const [put] = net.calls("/personalApp").filter((r) => r.method === "PUT");
    expect(await bodyOf(put)).toEqual({ id: 20, appName: "Board 2", appUrl: "https://diy20.example.com", appIconUrl: null, pcOrH5Status: 0, labelIds: [] });
  });

  it("reorders with the buttons, saves the changed order numbers and keeps the focus", async () => {
    serve();
    renderWidget(<CustomIndex />);
    await screen.findByTestId("custom-app-20");
    const down = screen.getByRole("button", { name: "Move Board down" });
    down.focus();
    await act(async () => {
      fireEvent.click(down);
    });
    expect(rows()).toEqual(["custom-app-21", "custom-app-20", "custom-app-22"]);
    await waitFor(() => expect(net.calls("/personalApp/updateBatchById")).toHaveLength(1));
    expect(await bodyOf(net.calls("/personalApp/updateBatchById")[0])).toEqual([
      { id: 21, appSort: 10 },
      { id: 20, appSort: 30 },
    ]);
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("Move Board down"));
  });

  it("puts the old order back when the reorder cannot be saved", async () => {
    serve({ "/personalApp/updateBatchById": () => failed() });
    renderWidget(<CustomIndex />);
    await screen.findByTestId("custom-app-20");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Move Notes up" }));
    });
    await waitFor(() => expect(net.notified).toHaveLength(1));
    await waitFor(() => expect(rows()).toEqual(["custom-app-20", "custom-app-21", "custom-app-22"]));
  });

  it("removes an app only after the confirmation", async () => {
    serve({ "/personalApp": () => ok(null) });
    renderWidget(<CustomIndex />);
    await screen.findByTestId("custom-app-20");
    fireEvent.click(screen.getByRole("button", { name: "Remove Wiki" }));
    await screen.findByText("Wiki will be removed from your apps.");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    });
    expect(net.calls("/personalApp").filter((r) => r.method === "DELETE")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Remove Wiki" }));
    const boxes = await screen.findAllByText("Wiki will be removed from your apps.");
    const box = boxes[boxes.length - 1].closest(".ant-modal-content") as HTMLElement;
    await act(async () => {
      fireEvent.click(within(box).getByRole("button", { name: "Remove" }));
    });
    await waitFor(() => expect(net.calls("/personalApp").filter((r) => r.method === "DELETE")).toHaveLength(1));
    expect(new URL(net.calls("/personalApp").find((r) => r.method === "DELETE")!.url).searchParams.get("id")).toBe("21");
    await waitFor(() => expect(screen.queryByTestId("custom-app-21")).toBeNull());
  });

  it("picks a catalogue app into my apps and marks the ones already there", async () => {
    serve();
    renderWidget(<CustomIndex />);
    const crm = await screen.findByTestId("catalogue-app-40");
    expect(within(crm).getByText("In my apps")).toBeTruthy();
    await act(async () => {
      // The name begins with the words the button shows (WCAG 2.5.3, issue 21).
      fireEvent.click(screen.getByRole("button", { name: "Add to my apps: Inventory" }));
    });
    await waitFor(() => expect(net.calls("/personalApp").filter((r) => r.method === "POST")).toHaveLength(1));
    expect(await bodyOf(net.calls("/personalApp").find((r) => r.method === "POST")!)).toEqual({
      appId: 41,
      appName: "Inventory",
      appUrl: "https://inventory.example.com",
      appIconUrl: null,
      pcOrH5Status: 2,
      labelIds: [],
      userId: 7,
    });
  });

  it("says in the form when the tag list cannot be loaded", async () => {
    serve({ "/bscLabel": () => failed() });
    renderWidget(<CustomIndex />);
    await screen.findByTestId("custom-app-20");
    expect(net.notified).toHaveLength(0); // quiet: the form says it
    fireEvent.click(screen.getByTestId("custom-add"));
    await screen.findByRole("dialog");
    expect(within(dialog()).getAllByText(/The tag list could not be loaded/).length).toBeGreaterThan(0);
  });
});
