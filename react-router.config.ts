import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets end-to-end runs on different ports build side by side.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
