// Select and TreeSelect for a required Form.Item (issue 21, WCAG 4.1.2). Form.Item hands its control
// aria-required; antd 5's select puts it on its combobox input and also on its wrapper <div>, where
// ARIA does not allow it (axe aria-allowed-attr; ant-design/ant-design#46030, fixed only in antd 6).
// The wrapper's copy is taken off after every render; the combobox keeps it, so a screen reader
// still hears "required".
import { useLayoutEffect, useRef } from "react";
import { Select, TreeSelect, type SelectProps, type TreeSelectProps } from "antd";

function useWrapperWithoutAriaRequired() {
  const holder = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    holder.current?.querySelectorAll(":scope > .ant-select[aria-required]").forEach((wrapper) => wrapper.removeAttribute("aria-required"));
  });
  return holder;
}

export function InFormSelect<V = unknown>(props: SelectProps<V>) {
  const holder = useWrapperWithoutAriaRequired();
  return (
    <span ref={holder} style={{ display: "contents" }}>
      <Select<V> {...props} />
    </span>
  );
}

export function InFormTreeSelect<V = unknown>(props: TreeSelectProps<V>) {
  const holder = useWrapperWithoutAriaRequired();
  return (
    <span ref={holder} style={{ display: "contents" }}>
      <TreeSelect<V> {...props} />
    </span>
  );
}
