import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { settleSessionSecrets } from "./config.server";

const folders: string[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "shop-secrets-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

// A child process that loads config.server.ts and says "ready"; then, for each line it is sent
// (a data folder and a moment), waits for that moment and settles the secrets against the folder.
const CHILD = `
import { createInterface } from "node:readline";
import { settleSessionSecrets } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, "config.server.ts")).href)};
process.stdout.write("ready\\n");
for await (const line of createInterface({ input: process.stdin })) {
  const { dataDir, at } = JSON.parse(line);
  while (Date.now() < at); // all together, as far as the cores allow
  const env = { DATA_DIR: dataDir };
  const secrets = settleSessionSecrets(env);
  process.stdout.write(JSON.stringify({ secrets, passedOn: env.SESSION_SECRET }) + "\\n");
}
`;

interface Settled {
  secrets: string[];
  passedOn: string;
}

function startChild(script: string) {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { PATH: process.env.PATH },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (err += chunk));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`the child stopped: ${err}`);
    return line.value;
  };
  return {
    ready: next().then((line) => expect(line).toBe("ready")),
    async settle(dataDir: string, at: number): Promise<Settled> {
      child.stdin.write(`${JSON.stringify({ dataDir, at })}\n`);
      return JSON.parse(await next()) as Settled;
    },
    stop: () => child.stdin.end(),
  };
}

describe("session secrets (settleSessionSecrets)", () => {
  test("eight processes settling a fresh data folder at once all end with one secret and one whole file", async () => {
    const script = path.join(freshFolder(), "settle.mjs");
    writeFileSync(script, CHILD);
    const children = Array.from({ length: 8 }, () => startChild(script));
    try {
      await Promise.all(children.map((child) => child.ready));
      // Several rounds, each on a folder that is not there yet: a race is a matter of timing.
      for (let round = 0; round < 10; round++) {
        const dataDir = path.join(freshFolder(), "data");
        const at = Date.now() + 100;
        const results = await Promise.all(children.map((child) => child.settle(dataDir, at)));

        const stored = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as {
          sessionSecret: string;
        };
        expect(stored.sessionSecret).toMatch(/^[\w-]{43}$/); // 32 random bytes, base64url
        for (const result of results) {
          expect(result.secrets).toEqual([stored.sessionSecret]);
          expect(result.passedOn).toBe(stored.sessionSecret);
        }
        // No temporary file is left beside it.
        expect(readdirSync(dataDir)).toEqual(["secrets.json"]);
      }
    } finally {
      for (const child of children) child.stop();
    }
  }, 60_000);

  test("a secret already stored is kept; a given SESSION_SECRET wins and no file is made", () => {
    const dataDir = freshFolder();
    const first = settleSessionSecrets({ DATA_DIR: dataDir });
    expect(settleSessionSecrets({ DATA_DIR: dataDir })).toEqual(first);

    const other = path.join(freshFolder(), "data");
    const env: NodeJS.ProcessEnv = { DATA_DIR: other, SESSION_SECRET: " newest , older " };
    expect(settleSessionSecrets(env)).toEqual(["newest", "older"]);
    expect(env.SESSION_SECRET).toBe("newest,older");
    expect(() => readdirSync(other)).toThrow();
  });

  test("PostgreSQL in production needs SESSION_SECRET; a damaged secrets.json is reported, not replaced", () => {
    expect(() =>
      settleSessionSecrets({ DATA_DIR: freshFolder(), DATABASE_URL: "postgres://x/y", NODE_ENV: "production" }),
    ).toThrow(/SESSION_SECRET is required/);
    const dataDir = freshFolder();
    writeFileSync(path.join(dataDir, "secrets.json"), '{"sessionSec');
    expect(() => settleSessionSecrets({ DATA_DIR: dataDir })).toThrow(/holds no session secret/);
    expect(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).toBe('{"sessionSec');
  });
});
