// Serves the built framework floor exactly as the shop is served (server/app.ts: compression,
// static assets with the same caching, the same security headers), in as many processes as the
// shop runs with the same database setting (BENCH_PROCESSES, from server/cluster.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createShopServer, holdIdleConnections } from "../../server/app";
import { serveWith } from "../../server/cluster";

const port = Number(process.env.PORT || 3302);
const host = process.env.HOST || "127.0.0.1";
await serveWith({
  count: Number(process.env.BENCH_PROCESSES || 1),
  entry: fileURLToPath(import.meta.url),
  serve: async () => {
    const app = await createShopServer({
      buildDir: path.resolve(import.meta.dirname, "../.data/floor-build"),
      trustedProxies: 0,
    });
    const server = app.listen(port, host);
    holdIdleConnections(server);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.on(signal, () => server.close(() => process.exit(0)));
    }
    await new Promise((resolve) => server.once("listening", resolve));
  },
  ready: () => console.log(`floor on http://${host}:${port}`),
});
