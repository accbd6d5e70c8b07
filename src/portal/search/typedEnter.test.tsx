// The top bar's search box as PortalHeader builds it (an AutoComplete of recent searches around
// Input.Search, its select yielding to nothing typed): Enter searches the typed text even when the
// list has made a suggestion that starts with it active; a suggestion reached with the arrow keys,
// or clicked, is searched instead.
import { useRef, useState } from "react";
import { AutoComplete, Input } from "antd";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { enterSearchesTyped } from "./typedEnter";

function Box({ go, recent }: { go: (text: string) => void; recent: string[] }) {
  const [text, setText] = useState("");
  const selected = useRef(false);
  return (
    <div data-testid="box" onKeyDownCapture={enterSearchesTyped(go)}>
      <AutoComplete
        value={text}
        onChange={setText}
        options={recent.filter((r) => r.includes(text) && r !== text).map((value) => ({ value }))}
        onSelect={(value: string) => {
          selected.current = true;
          go(value);
        }}
        defaultActiveFirstOption={false}
      >
        <Input.Search
          aria-label="search"
          enterButton="Search"
          onSearch={(value) => {
            selected.current = false;
            queueMicrotask(() => selected.current || go(value));
          }}
        />
      </AutoComplete>
    </div>
  );
}

const input = () => screen.getByRole("combobox") as HTMLInputElement;
async function type(text: string) {
  fireEvent.focus(input());
  fireEvent.change(input(), { target: { value: text } });
  // rc-select makes the suggestion starting with the text active a tick later.
  await waitFor(() => expect(document.querySelector(".ant-select-item-option-active")).not.toBeNull());
}

afterEach(cleanup);

describe("Enter in the top bar's search", () => {
  it("searches the typed text, not the suggestion the list made active by itself, and closes the list", async () => {
    const go = vi.fn();
    render(<Box go={go} recent={["CAPA"]} />);
    await type("CAP");
    await act(async () => {
      fireEvent.keyDown(input(), { key: "Enter", code: "Enter", keyCode: 13 });
    });
    expect(go.mock.calls).toEqual([["CAP"]]);
    expect(input().value).toBe("CAP");
    await waitFor(() => expect(input().getAttribute("aria-expanded")).toBe("false"));
  });

  it("searches a suggestion reached with the arrow keys", async () => {
    const go = vi.fn();
    render(<Box go={go} recent={["CAPA", "CAPEX"]} />);
    await type("CAP");
    fireEvent.keyDown(input(), { key: "ArrowDown", code: "ArrowDown", keyCode: 40 });
    await act(async () => {
      fireEvent.keyDown(input(), { key: "Enter", code: "Enter", keyCode: 13 });
    });
    expect(go.mock.calls.at(-1)).toEqual(["CAPEX"]);
  });

  it("typing after moving through the list makes Enter search the text again", async () => {
    const go = vi.fn();
    render(<Box go={go} recent={["CAPA 2026", "CAPA"]} />);
    await type("CA");
    fireEvent.keyDown(input(), { key: "ArrowDown", code: "ArrowDown", keyCode: 40 });
    fireEvent.keyDown(input(), { key: "P", code: "KeyP", keyCode: 80 });
    await type("CAP");
    await act(async () => {
      fireEvent.keyDown(input(), { key: "Enter", code: "Enter", keyCode: 13 });
    });
    expect(go.mock.calls).toEqual([["CAP"]]);
  });
});
