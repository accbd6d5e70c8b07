import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// In development the API server runs on its own port (PORT, default 8080); the dev server
// forwards the API prefix and the health probes to it, so the app always calls its own origin.
const apiServer = process.env.PORTAL_API_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
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
    // antd + refine make one large vendor chunk by nature; the shells themselves stay small.
    chunkSizeWarningLimit: 1500,
  },
});
