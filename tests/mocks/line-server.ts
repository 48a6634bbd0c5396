// LINE on this machine: serves the MSW handlers of tests/mocks/line.ts over plain HTTP, so a
// browser can be sent to "LINE Login" and the shop's server can push to "LINE" with no internet.
//   tsx tests/mocks/line-server.ts              (port LINE_MOCK_PORT, default 3399)
// Point the shop at it with the variables it prints (npm run dev:mocks does that for you).
// Control: GET /__mock/pushes (every message pushed), POST /__mock/next-user {"userId"},
// POST /__mock/push-failure {"mode":"none"|"error500"|"timeout"|"acceptThen500"}.
// With MAIL_MOCK_PORT it also runs a real SMTP server there (tests/support/mailbox.ts: user "shop",
// password "mail-secret-1"), whose messages GET /__mock/mails lists ({ to, subject, text }).
import { createServer, type IncomingMessage } from "node:http";
import { getResponse } from "msw";
import { startMailbox } from "../support/mailbox";
import { createLineMock, lineMockEnv } from "./line";

const port = Number(process.env.LINE_MOCK_PORT || 3399);
const base = `http://127.0.0.1:${port}`;
const mock = createLineMock({ authBase: base, apiBase: base });
const mailbox = process.env.MAIL_MOCK_PORT
  ? await startMailbox(undefined, undefined, Number(process.env.MAIL_MOCK_PORT))
  : null;

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", base), {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

const server = createServer((incoming, outgoing) => {
  void (async () => {
    try {
      if (incoming.url === "/__mock/mails") {
        const mails = (mailbox?.mails ?? []).map(({ to, subject, text }) => ({ to, subject, text }));
        outgoing.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(mails));
        return;
      }
      const response = await getResponse(mock.handlers, await toRequest(incoming));
      if (!response) {
        outgoing.writeHead(404, { "Content-Type": "text/plain" }).end("not a LINE endpoint this mock plays");
        return;
      }
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      if (!outgoing.headersSent) outgoing.writeHead(500, { "Content-Type": "text/plain" });
      outgoing.end(String(error));
    }
  })();
});

server.listen(port, "127.0.0.1", () => {
  const env = lineMockEnv(mock, process.env.PUBLIC_BASE_URL || "http://localhost:5173");
  console.log(`LINE (จำลอง) พร้อมที่ ${base}`);
  console.log(
    Object.entries(env)
      .map(([key, value]) => `  ${key}=${value}`)
      .join("\n"),
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
