// The shop, started as server/main.ts starts it, but with a database connection that counts the
// SQL statements it sends (the app's db.server.ts takes a connection put on globalThis, as the tests
// do), and keeps the last ones with their arguments and times. The count is read from a second
// port (GET /), the statements too (GET /log, which empties it). Used only to show which calls
// touch the database and which statements the heaviest pages send (their EXPLAIN); every timed
// figure of the report comes from the plain server.
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SentStatement } from "../tests/support/statement-count";

type ConnectionModule = typeof import("../app/data/connection.server");
type ClientModule = typeof import("../app/data/generated/client");
type CountModule = typeof import("../tests/support/statement-count");

const appRoot = process.cwd();
const load = <T>(file: string) => import(pathToFileURL(path.join(appRoot, file)).href) as Promise<T>;
const { openDatabase, targetFromEnv } = await load<ConnectionModule>("app/data/connection.server.ts");
const { PrismaClient } = await load<ClientModule>("app/data/generated/client.ts");
const { countingAdapter } = await load<CountModule>("tests/support/statement-count.ts");

let statements = 0;
/** The statements since the log was last read: SQL, arguments, milliseconds. */
let logged: SentStatement[] = [];

const base = openDatabase(targetFromEnv());
const adapterFactory = countingAdapter(base.adapterFactory, (statement) => {
  statements += 1;
  if (logged.length < 5000) logged.push(statement);
}) as SqlMigrationAwareDriverAdapterFactory;
const prisma = new PrismaClient({ adapter: adapterFactory });
(globalThis as { __shopDb?: unknown }).__shopDb = {
  adapterFactory,
  prisma,
  async close() {
    await prisma.$disconnect();
    await base.close();
  },
};

const counterPort = Number(process.env.PROBE_COUNTER_PORT);
createServer((request, response) => {
  response.setHeader("Content-Type", "application/json");
  if (request.url === "/log") {
    response.end(JSON.stringify(logged, (_key, value) => (typeof value === "bigint" ? value.toString() : value)));
    logged = [];
    return;
  }
  response.end(JSON.stringify({ statements }));
}).listen(counterPort, "127.0.0.1");

await load("server/main.ts");
