import type { Config } from "@react-router/dev/config";

// The framework floor: the smallest server-rendered React Router app, built like the shop.
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "../.data/floor-build",
} satisfies Config;
