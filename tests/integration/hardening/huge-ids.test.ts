import path from "node:path";
import { describe, expect, it } from "vitest";
import { callRoute, statusOf } from "../../support/requests";
import { signedIn } from "../../support/users";
import { flatRoutes } from "./route-table";

/**
 * Ids that can name no record (past PostgreSQL's integer, 2147483647) are "not found" or a refusal,
 * never a server fault: every route of the table, its path parameters, the id fields of its
 * forms and JSON bodies and the ids of its query all set to such a number, for a visitor and
 * for each role, read and written.
 */

const HUGE_IDS = ["2147483648", "99999999999999999999"];
const ID_FIELDS = ["id", "orderId", "itemId", "productId", "merchantId", "designId"];
const ID_QUERY = ["id", "productId", "merchantId", "edit", "delete", "view", "order", "change", "page"];
/** Commands that take no input: writing them would sign the test's people out. */
const COMMANDS = new Set(["/logout", "/api/auth/logout", "/api/user/line/reset"]);
const appDir = path.resolve(import.meta.dirname, "../../../app");

function isJsonCall(pathname: string): boolean {
  return pathname.startsWith("/api/") || /^\/admin\/(users|designs|orders|dashboard)/.test(pathname);
}

describe("ids past 2^31", () => {
  it("answer no route with a 5xx", async () => {
    const cookies = [
      undefined,
      ...(await Promise.all(
        (["user", "merchant", "admin"] as const).map(async (role) => (await signedIn({ roles: [role] })).cookie),
      )),
    ];
    const faults: string[] = [];
    for (const route of flatRoutes()) {
      // biome-ignore lint/suspicious/noExplicitAny: any route module
      const module: any = await import(/* @vite-ignore */ path.join(appDir, route.file));
      for (const id of HUGE_IDS) {
        const pathname = route.path.replace(/:\w+\??|\*/g, id);
        const query = new URLSearchParams(ID_QUERY.map((name) => [name, id])).toString();
        const fields = Object.fromEntries(ID_FIELDS.map((name) => [name, id]));
        for (const cookie of cookies) {
          const calls: [string, () => Promise<unknown>][] = [];
          if (module.loader) calls.push(["GET", () => callRoute(module.loader, `${pathname}?${query}`, { cookie })]);
          if (module.action && !COMMANDS.has(route.path))
            for (const method of ["POST", "PUT", "PATCH", "DELETE"])
              calls.push([
                method,
                () =>
                  callRoute(module.action, pathname, {
                    cookie,
                    method,
                    ...(isJsonCall(pathname)
                      ? {
                          json: {
                            ...Object.fromEntries(ID_FIELDS.map((name) => [name, Number(id)])),
                            items: [{ id: Number(id), version: "x" }],
                          },
                        }
                      : { form: { ...fields, intent: "status" } }),
                  }),
              ]);
          for (const [method, call] of calls) {
            try {
              const status = statusOf(await call());
              if (status >= 500) faults.push(`${method} ${pathname} → ${status}`);
            } catch (error) {
              faults.push(`${method} ${pathname} threw ${String(error).replace(/\s+/g, " ").slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(faults).toEqual([]);
  }, 120_000);
});
