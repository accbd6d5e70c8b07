// Issue 21: the copy of a table's "select all" in antd's hidden measure row is inert (not
// focusable); the visible one is not.
import { cleanup, render, screen } from "@testing-library/react";
import { Table } from "antd";
import { afterEach, describe, expect, it } from "vitest";

import { InertWhenMeasured } from "./InertWhenMeasured";

afterEach(cleanup);

describe("InertWhenMeasured", () => {
  it("makes the measure row's copy of a selection title inert, not the header's", () => {
    render(
      <Table
        rowKey="id"
        scroll={{ x: 800 }}
        columns={[{ key: "name", title: "Name", dataIndex: "name", width: 200 }]}
        dataSource={[{ id: 1, name: "A" }]}
        rowSelection={{ columnTitle: (checkbox) => <InertWhenMeasured>{checkbox}</InertWhenMeasured> }}
      />,
    );
    const boxes = screen.getAllByRole("checkbox", { hidden: true }).filter((box) => box.closest("th"));
    const hidden = boxes.filter((box) => box.closest('[aria-hidden="true"]'));
    const shown = boxes.filter((box) => !box.closest('[aria-hidden="true"]'));
    expect(hidden.length).toBe(1);
    expect(shown.length).toBe(1);
    expect(hidden[0].closest("[inert]")).not.toBeNull();
    expect(shown[0].closest("[inert]")).toBeNull();
  });
});
