import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * What every page runs, in one script file (the "shell"): React, React Router, the bundler's own
 * helpers, the few app modules the root itself uses and the small ones most pages share (formats,
 * badges, paging). Left to the bundler they came in up to fourteen files, one request each; on a
 * slow rural connection each request waits its own round trip, and a browser opens six at a time.
 */
const SHELL = [
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
  /^\0(rolldown[\\/]runtime|vite[\\/]preload-helper)\.js$/,
  /[\\/]app[\\/](content[\\/]site|components[\\/]inline-style)\.tsx?$/,
  /[\\/]app[\\/](lib[\\/]format|components[\\/](pagination|payment-badge|confirm-dialog|address-dialog|form-fields))\.tsx?$/,
  /[\\/]app[\\/]routes[\\/]orders[\\/]ui[\\/]status-badge\.tsx$/,
  /[\\/]app[\\/]domain[\\/](orders[\\/]state-machine|catalogue[\\/]categories)\.ts$/,
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "shell", test: (id) => SHELL.some((pattern) => pattern.test(id)) }],
        },
      },
    },
  },
});
