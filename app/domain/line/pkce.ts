import { createHash, randomBytes } from "node:crypto";

/** OAuth 2 helpers for LINE Login: random state and a PKCE pair (RFC 7636, S256). */

export function randomState(): string {
  return randomBytes(24).toString("base64url");
}

/** 43 characters from the unreserved set (32 random bytes in base64url). */
export function randomCodeVerifier(): string {
  return randomBytes(32).toString("base64url");
}

export function codeChallengeS256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
