// jsdom implements getComputedStyle without pseudo-elements and logs "Not implemented" for every
// call antd makes with one; answer with the element's own style instead (antd's test setup does
// the same), so test output shows only what matters.
if (typeof window !== "undefined") {
  const own = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => own(elt);
}
