// The server's own code (server/*.ts and what it imports from app/) compiled to one JavaScript
// file beside the app's build, so the running shop needs no TypeScript transpiler:
//   node build/server/main.js        (npm run build makes it; BUILD_DIR picks the folder)
// Packages stay imports of node_modules; only the project's own modules are bundled.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outfile = path.resolve(root, process.env.BUILD_DIR || "build", "server", "main.js");

await build({
  entryPoints: [path.join(root, "server", "main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  alias: { "~": path.join(root, "app") },
  logLevel: "warning",
});
