// The campaign create form's validation: title, published policy, due date (required, not in the
// past) and at least one department, role or person; a valid form sends the contract's body.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App, Button, Form } from "antd";
import dayjs from "dayjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { providersWrapper } from "../../auth/test-support";
import { envelope, json, testClient } from "../../api/test-support";
import { setLanguage } from "../../i18n";
import type { CampaignCreate } from "./api";
import { CampaignForm, deptTree, dueDateProblem, hasTargets, toCampaignCreate, type CampaignFormValues } from "./CampaignForm";

vi.setConfig({ testTimeout: 90_000 });
const ok = (data: unknown) => json(200, envelope(0, "成功", "Success", data));

beforeEach(() => setLanguage("en"));
afterEach(() => cleanup());

const answers: Record<string, () => Response> = {
  "/bscPolicy/page": () => ok({ records: [], total: 0, page: 1, pageSize: 50 }),
  "/sysDeptInfo/list": () => ok([{ id: 1, deptName: "Medical", parentId: null }, { id: 2, deptName: "Cardiology", parentId: 1 }]),
  "/sysRole": () => ok([]),
  "/sysUserRole/page": () => ok({ records: [], total: 0, page: 1, pageSize: 20 }),
};

function Harness({ onFinish, initial }: { onFinish: (body: CampaignCreate) => void; initial?: CampaignFormValues }) {
  const [form] = Form.useForm<CampaignFormValues>();
  return (
    <App>
      <CampaignForm form={form} onFinish={onFinish} />
      <Button
        onClick={() => {
          if (initial) form.setFieldsValue(initial);
          form.submit();
        }}
      >
        submit
      </Button>
    </App>
  );
}

function renderForm(initial?: CampaignFormValues) {
  const harness = testClient((request) => (answers[new URL(request.url).pathname.replace(/^\/portal-api/, "")] ?? (() => json(404, envelope(404, "", ""))))());
  const onFinish = vi.fn();
  render(<Harness onFinish={onFinish} initial={initial} />, { wrapper: providersWrapper(harness.client) });
  return onFinish;
}

describe("campaign create form", () => {
  it("asks for the title, the policy, the due date and whom to ask", async () => {
    const onFinish = renderForm();
    fireEvent.click(screen.getByRole("button", { name: "submit" }));
    expect(await screen.findByText("Enter a title")).toBeTruthy();
    // each field's message shows when its own validation settles
    expect(await screen.findByText("Choose a published policy")).toBeTruthy();
    expect(await screen.findByText("Choose a due date")).toBeTruthy();
    expect(await screen.findByText("Choose at least one department, role or person")).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it("refuses a due date in the past", async () => {
    const onFinish = renderForm({ title: "Read it", policyId: 3, dueDate: dayjs().subtract(1, "day"), deptIds: [2] });
    fireEvent.click(screen.getByRole("button", { name: "submit" }));
    expect(await screen.findByText("The due date cannot be in the past")).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it("sends the contract's body when valid (a role alone is enough)", async () => {
    const due = dayjs().add(7, "day");
    const onFinish = renderForm({ title: "  Read it ", policyId: 3, dueDate: due, signatureRequired: true, roleIds: [2] });
    fireEvent.click(screen.getByRole("button", { name: "submit" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0][0]).toEqual({
      title: "Read it",
      policyId: 3,
      dueDate: due.format("YYYY-MM-DD"),
      signatureRequired: true,
      targets: { deptIds: [], roleIds: [2], userIds: [] },
    });
  });

  it("is reachable by keyboard: each field is a labelled control", async () => {
    renderForm();
    for (const name of ["Title", "Policy and version", "Due date", "Signature", "Departments", "Roles", "People"])
      expect(screen.getByLabelText(name)).toBeTruthy();
    expect(within(document.body).getByRole("switch")).toBeTruthy();
  });
});

describe("campaign form rules", () => {
  const today = dayjs("2026-11-27");
  it("due date: required, today or later", () => {
    expect(dueDateProblem(null, today)).toBe("required");
    expect(dueDateProblem(dayjs("2026-11-26"), today)).toBe("past");
    expect(dueDateProblem(dayjs("2026-11-27"), today)).toBeNull();
    expect(dueDateProblem(dayjs("2027-01-01"), today)).toBeNull();
  });
  it("targets: any one of departments, roles, people", () => {
    expect(hasTargets({})).toBe(false);
    expect(hasTargets({ deptIds: [], roleIds: [], userIds: [] })).toBe(false);
    expect(hasTargets({ userIds: [5] })).toBe(true);
  });
  it("builds the department tree from the flat list", () => {
    expect(deptTree([{ id: 1, deptName: "A", parentId: null }, { id: 2, deptName: "B", parentId: 1 }, { id: 3, deptName: "C", parentId: 99 }])).toEqual([
      { value: 1, title: "A", children: [{ value: 2, title: "B", children: [] }] },
      { value: 3, title: "C", children: [] },
    ]);
  });
  it("trims the title and fills absent targets", () => {
    expect(toCampaignCreate({ title: " x ", policyId: 1, dueDate: today, userIds: [4] })).toEqual({
      title: "x",
      policyId: 1,
      dueDate: "2026-11-27",
      signatureRequired: false,
      targets: { deptIds: [], roleIds: [], userIds: [4] },
    });
  });
});
