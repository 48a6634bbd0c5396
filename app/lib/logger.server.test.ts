import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { REDACTED_KEYS, redactPaths } from "./logger.server";

/** What the shop's redaction makes of an object, as one JSON line. */
function logged(value: object): string {
  let out = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      out += String(chunk);
      done();
    },
  });
  pino({ redact: { paths: redactPaths(), censor: "[redacted]" } }, sink).info(value, "x");
  return out;
}

describe("the log's redaction", () => {
  it("cuts secrets and personal data out at the top, one and two levels down", () => {
    const secrets = {
      password: "pw-top-1",
      cookie: "cookie-top-1",
      address: "99 ถนนลับ",
      phone: "0812345678",
      image: "data:image/png;base64,AAAA",
    };
    const line = logged({
      ...secrets,
      body: { ...secrets, confirmPassword: "pw-confirm" },
      req: { headers: { cookie: "shop_session=abc", authorization: "Bearer t", "set-cookie": "s=1" } },
      deep: { input: { deliveryAddress: "ที่อยู่ส่ง", newPassword: "pw-new" } },
    });
    for (const secret of [
      ...Object.values(secrets),
      "pw-confirm",
      "shop_session=abc",
      "Bearer t",
      "s=1",
      "ที่อยู่ส่ง",
      "pw-new",
    ])
      expect(line).not.toContain(secret);
    expect(line).toContain("[redacted]");
    expect(REDACTED_KEYS).toContain("password");
  });
});
