import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets end-to-end runs on different ports build side by side.
  buildDirectory: process.env.BUILD_DIR || "build",
  // A route's clientAction/clientLoader stay in its one file: split off, they were one more script
  // request on the designer's pages, and on a slow connection each request waits its turn.
  splitRouteModules: false,
} satisfies Config;
