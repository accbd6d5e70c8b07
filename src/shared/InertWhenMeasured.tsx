// antd's Table copies each column title into a hidden row it measures widths with (aria-hidden,
// when columns are fixed or the table scrolls sideways). A control in a title - the selection
// column's "select all" - is then there twice, and Tab still reaches the hidden copy (axe
// aria-hidden-focus; issue 21). No Table prop leaves the title out of that row, so the copy makes
// itself inert: wrap the title in this.
import { useLayoutEffect, useRef, type ReactNode } from "react";

export function InertWhenMeasured({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element?.closest('[aria-hidden="true"]')) element.setAttribute("inert", "");
  }, []);
  return <span ref={ref}>{children}</span>;
}
