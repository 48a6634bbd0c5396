// npm run dev: the shop from its sources, through the same HTTP server as `npm start` (server/app.ts):
// Vite (in middleware mode) builds pages and modules as they are asked for and reloads them on change.
import { trustedProxies } from "../app/config.server";
import { createShopServer } from "./app";

// Readable log lines for a person at the terminal (pino-pretty, a devDependency); LOG_PRETTY=0 for JSON.
// The logger is made on first use, after this line.
process.env.LOG_PRETTY ??= "1";

const port = Number(process.env.PORT || 5173);
const host = process.env.HOST || "localhost";

const app = await createShopServer({
  trustedProxies: trustedProxies(),
});
app.listen(port, host, () => console.log(`ร้าน (โหมดพัฒนา) เปิดแล้วที่ http://${host}:${port}`));
