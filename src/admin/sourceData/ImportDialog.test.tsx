import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";

import { providersWrapper } from "../../auth/test-support";
import { setLanguage } from "../../i18n";
import { ImportDialog } from "./ImportDialog";
import { importSource } from "./sourceDataApi";

// The dialog's own behaviour; the call itself is the API tests' and the e2e test's.
vi.mock("./sourceDataApi", () => ({ importSource: vi.fn(), downloadTemplate: vi.fn() }));
vi.mock("../../api/toast", () => ({ toast: vi.fn() }));

afterEach(cleanup);

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>("input[type=file]")!;
  fireEvent.change(input, { target: { files: [file] } });
}

describe("source data import dialog", () => {
  it("shows the row-by-row report in the current language when nothing was imported", async () => {
    setLanguage("en");
    vi.mocked(importSource).mockResolvedValue({
      ok: false,
      message: "Import failed",
      rowErrors: [{ row: 3, field: "email", value: "x", message: "请输入正确邮箱地址！", enMessage: "email is not a valid email address" }],
    });
    const onImported = vi.fn();
    render(<ImportDialog kind="employee" open onClose={() => undefined} onImported={onImported} />, { wrapper: providersWrapper() });
    expect(screen.getByRole("dialog", { name: "Import: Employee directory" })).toBeTruthy();
    choose(new File(["employeeNo\n"], "e.csv", { type: "text/csv" }));
    fireEvent.click(screen.getByTestId("source-import-start"));
    expect(await screen.findByText("email is not a valid email address")).toBeTruthy();
    expect(screen.getByRole("cell", { name: "3" })).toBeTruthy();
    expect(vi.mocked(importSource).mock.calls[0][1]).toBe("employee");
    expect(onImported).not.toHaveBeenCalled();
  });

  it("reports the counts, completes the progress and reloads the list after a good import", async () => {
    setLanguage("en");
    vi.mocked(importSource).mockResolvedValue({ ok: true, result: { kind: "upn", total: 3, created: 2, updated: 1 } });
    const onImported = vi.fn();
    render(<ImportDialog kind="upn" open onClose={() => undefined} onImported={onImported} />, { wrapper: providersWrapper() });
    choose(new File(["upn\n"], "u.csv", { type: "text/csv" }));
    fireEvent.click(screen.getByTestId("source-import-start"));
    expect(await screen.findByText("Imported 3 rows: 2 added, 1 updated")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100"));
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it("asks for a file before sending anything", async () => {
    setLanguage("en");
    vi.mocked(importSource).mockClear();
    const { toast } = await import("../../api/toast");
    render(<ImportDialog kind="nmpa" open onClose={() => undefined} onImported={() => undefined} />, { wrapper: providersWrapper() });
    fireEvent.click(screen.getByTestId("source-import-start"));
    expect(toast).toHaveBeenCalledWith("Please choose a file first", "warning");
    expect(importSource).not.toHaveBeenCalled();
  });
});
