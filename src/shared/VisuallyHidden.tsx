import type { ReactNode } from "react";

// Text for screen readers only: part of a control's name or a page's structure without being
// drawn (the usual clip pattern; display:none or visibility:hidden would hide it from them too).
const STYLE = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={STYLE}>{children}</span>;
}
