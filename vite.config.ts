import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

import { antdIconAlias, esmOnly } from "./scripts/lib/esmOnly.ts";
import { precompress } from "./scripts/lib/precompress.ts";

// In development the API server runs on its own port (PORT, default 8080); the dev server
// forwards the API prefix and the health probes to it, so the app always calls its own origin.
const apiServer = process.env.PORTAL_API_TARGET ?? "http://127.0.0.1:8080";

/** Packages whose modules have no side effects although their package.json does not say so. */
const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/](rc-field-form|@rc-component[\\/]async-validator)[\\/]/;

export default defineConfig({
  // Issue 18: no CommonJS copy of antd's family in the build (scripts/lib/esmOnly.ts).
  // Issue 21: every text file of the output also as .br and .gz, sent by the server as the browser accepts.
  plugins: [react(), esmOnly(), precompress()],
  resolve: {
    alias: [
      // Issue 9: a 13 kB polyfill on every page for what every target browser has built in.
      { find: "resize-observer-polyfill", replacement: fileURLToPath(new URL("./src/shared/nativeResizeObserver.ts", import.meta.url)) },
      antdIconAlias,
    ],
  },
  server: {
    proxy: {
      "/portal-api": apiServer,
      "/healthz": apiServer,
      "/readyz": apiServer,
    },
  },
  build: {
    // The API server serves dist/ on the same port as the API.
    outDir: "dist",
    emptyOutDir: true,
    // The admin chunk (refine + its antd parts) and exceljs (loaded only by an export or import) are
    // the large ones; the login pages and the user shell stay small (issue 9, npm run bench).
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // These packages declare no "sideEffects", so everything their index imports was kept:
        // antd's Input and Button read one context of rc-field-form (FormProvider), and with it came
        // the whole form engine and its validator into the login page (issue 9, /baseLogin budget).
        // Their modules only define things; unused ones may go. Other modules keep the default.
        moduleSideEffects: (id: string) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
      },
    },
  },
});
