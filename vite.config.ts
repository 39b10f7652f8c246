import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/web",
  plugins: [react()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Lets the server hint the Front Desk route chunks on /hms pages (src/server/http/app-shell.ts).
    manifest: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:3000",
      "/auth": "http://127.0.0.1:3000",
      "/dev-idp": "http://127.0.0.1:3000",
    },
  },
});
