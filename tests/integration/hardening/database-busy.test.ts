import { describe, expect, it } from "vitest";
import { isDatabaseBusy } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import { Prisma } from "~/data/generated/client";
import { DATABASE_BUSY, formFailure, handleApi, orPageError } from "~/http/responses.server";

/** A transaction that outlives its time: Prisma really throws P2028, on PGlite and PostgreSQL alike. */
async function expiredTransaction(): Promise<unknown> {
  try {
    await db().$transaction(
      async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.user.count();
      },
      { timeout: 50 },
    );
  } catch (error) {
    return error;
  }
  throw new Error("the transaction was expected to expire");
}

function busy(code: string): Prisma.PrismaClientKnownRequestError {
  return new Prisma.PrismaClientKnownRequestError("busy", { code, clientVersion: "test" });
}

describe("a saturated database is 503, never 500", () => {
  it("recognises Prisma's busy codes and PostgreSQL's", () => {
    for (const code of ["P2028", "P2024", "P1001", "P1002", "P1017"]) expect(isDatabaseBusy(busy(code))).toBe(true);
    for (const code of ["53300", "57014", "55P03"]) {
      const error = new Prisma.PrismaClientKnownRequestError("busy", {
        code: "P2039",
        clientVersion: "test",
        meta: { driverAdapterError: { cause: { originalCode: code } } },
      });
      expect(isDatabaseBusy(error)).toBe(true);
    }
    // node-postgres's pool timeout (connectionTimeoutMillis) reaches the shop as a plain Error.
    expect(isDatabaseBusy(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseBusy(busy("P2002"))).toBe(false);
    expect(isDatabaseBusy(new Error("P2028"))).toBe(false);
  });

  it("a JSON call answers 503, Retry-After and the Thai message", async () => {
    const error = await expiredTransaction();
    expect((error as Prisma.PrismaClientKnownRequestError).code).toBe("P2028");
    const response = await handleApi(async () => {
      throw error;
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ error: DATABASE_BUSY });
  });

  it("a page loader throws a 503 page error", async () => {
    const error = await expiredTransaction();
    const thrown = await orPageError(() => Promise.reject(error)).catch((caught: unknown) => caught);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", data: DATABASE_BUSY, init: { status: 503 } });
    const init = (thrown as { init: ResponseInit }).init;
    expect(new Headers(init.headers).get("Retry-After")).toBe("5");
  });

  it("a form answers its refusal with 503", async () => {
    const answer = formFailure(busy("P2024")) as unknown as { data: unknown; init: ResponseInit };
    expect(answer.init.status).toBe(503);
    expect(new Headers(answer.init.headers).get("Retry-After")).toBe("5");
    expect(JSON.stringify(answer.data)).toContain(DATABASE_BUSY);
  });

  it("any other fault is still rethrown", async () => {
    await expect(handleApi(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
