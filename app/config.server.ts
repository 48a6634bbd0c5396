import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Settings from the environment, read once. With the embedded database a missing
 * session secret is generated once and kept in the data folder; with DATABASE_URL
 * (a real deployment) it must be given.
 */
export interface ShopConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecrets: string[];
  production: boolean;
  /** Trust X-Forwarded-Proto from a proxy the operator declares (TRUST_PROXY=1). */
  trustProxy: boolean;
}

let cached: ShopConfig | undefined;

export function getConfig(): ShopConfig {
  cached ??= readConfig(process.env);
  return cached;
}

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || "data");
}

function readConfig(env: NodeJS.ProcessEnv): ShopConfig {
  const dataDir = resolveDataDir(env);
  const databaseUrl = env.DATABASE_URL || undefined;
  let secrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0) {
    if (databaseUrl && env.NODE_ENV === "production") {
      throw new Error(
        "SESSION_SECRET is required when DATABASE_URL is set (a long random string; several may be given, comma-separated, newest first).",
      );
    }
    secrets = [generatedSecret(dataDir)];
  }
  return {
    dataDir,
    databaseUrl,
    sessionSecrets: secrets,
    production: env.NODE_ENV === "production",
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  };
}

function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { sessionSecret?: string };
    if (stored.sessionSecret) return stored.sessionSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const sessionSecret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${JSON.stringify({ sessionSecret }, null, 2)}\n`, { mode: 0o600 });
  return sessionSecret;
}
