// Stands in for the resize-observer-polyfill package in the built app (vite.config.ts alias): antd's
// rc-resize-observer imports the polyfill unconditionally, and every browser the build targets has
// ResizeObserver (Chrome 64, Firefox 69, Safari 13.1). Unit tests (jsdom, no ResizeObserver) keep
// the polyfill: vitest.config.ts does not use this alias.
export default globalThis.ResizeObserver;
