import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Form } from "antd";

import { InFormSelect, InFormTreeSelect } from "./InFormSelect";

afterEach(cleanup);

describe("InFormSelect (issue 21: aria-required only where ARIA allows it)", () => {
  it("keeps aria-required on the combobox and takes it off the select's wrapper", () => {
    const { container } = render(
      <Form>
        <Form.Item name="roles" label="Roles" rules={[{ required: true }]}>
          <InFormSelect mode="multiple" options={[{ value: "a", label: "A" }]} />
        </Form.Item>
        <Form.Item name="folder" label="Folder" rules={[{ required: true }]}>
          <InFormTreeSelect treeData={[{ value: 1, title: "F" }]} />
        </Form.Item>
      </Form>,
    );
    const comboboxes = screen.getAllByRole("combobox");
    expect(comboboxes).toHaveLength(2);
    for (const combobox of comboboxes) expect(combobox.getAttribute("aria-required")).toBe("true");
    expect(container.querySelectorAll(".ant-select")).toHaveLength(2);
    expect(container.querySelectorAll(".ant-select[aria-required]")).toHaveLength(0);
  });
});
