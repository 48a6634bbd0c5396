import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { HttpPolicy } from "../../../app/http/limits";
import { routePolicies, secretAddresses } from "../../../server/route-policy";
import { prepareBuild } from "../../support/http-server";
import { flatRoutes } from "./route-table";

/*
 * Each route's HTTP policy is what its own module declares (app/http/limits.ts: httpPolicy in its
 * `handle`), read from the built app the way the server reads it (server/route-policy.ts), never
 * from a list of addresses. Walks every route of the table.
 */

let build: ServerBuild;
let policyOf: ReturnType<typeof routePolicies>;

beforeAll(async () => {
  const dir = prepareBuild();
  build = (await import(pathToFileURL(path.join(dir, "build", "server", "index.js")).href)) as ServerBuild;
  policyOf = routePolicies(build);
}, 240_000);

const appDir = path.resolve(import.meta.dirname, "../../../app");

/** An address of the route: each parameter a number, a splat a word. */
const addressOf = (pattern: string) => pattern.replace(/:[^/]+/g, "1").replace(/\*$/, "x");

describe("routes declare what their writes take", () => {
  it("every route that streams a phone's photo says so, and takes it also as React Router's data request", () => {
    const streaming = flatRoutes().filter((route) =>
      /readStreamedForm|slip-upload\.server|message-form\.server/.test(
        readFileSync(path.join(appDir, route.file), "utf8"),
      ),
    );
    expect(streaming.map((route) => route.path)).toContain("/user/product/:id");
    for (const route of streaming) {
      expect(policyOf(addressOf(route.path)).body, route.file).toBe("photo");
      expect(policyOf(`${addressOf(route.path)}.data`).body, route.file).toBe("photo");
    }
  });

  it("the designer's saves take a picture; every other write small text", () => {
    expect(policyOf("/design")).toEqual({ body: "picture", call: false });
    expect(policyOf("/api/design")).toEqual({ body: "picture", call: true });
    expect(policyOf("/merchant/popular_design/1.data").body).toBe("picture");
    expect(policyOf("/cart")).toEqual({ body: "small", call: false });
    expect(policyOf("/profile/edit").body).toBe("small");
    expect(policyOf("/no/such/address")).toEqual({ body: "small", call: false });
  });

  it("a module without a component is a call (JSON refusals), unless it takes a page's form", () => {
    expect(policyOf("/api/cart/add").call).toBe(true);
    expect(policyOf("/admin/users").call).toBe(true);
    expect(policyOf("/api/admin/users").call).toBe(true);
    expect(policyOf("/admin/manage/users").call).toBe(false);
    expect(policyOf("/logout").call).toBe(false);
    expect(policyOf("/cart/add").call).toBe(false);
  });
});

describe("routes declare where their pages' scripts may connect", () => {
  it("only the LIFF page's scripts talk to another origin (LINE's, for its SDK)", () => {
    const declaring = Object.values(build.routes)
      .filter((route) => (route?.module.handle as { http?: HttpPolicy } | undefined)?.http?.connect?.length)
      .map((route) => route!.path);
    expect(declaring).toEqual(["liff"]);
  });
});

describe("routes whose address carries a secret", () => {
  it("a password reset link is known by its route's pattern, its data request too; other addresses are not", () => {
    const secretPattern = secretAddresses(build);
    expect(secretPattern("/reset-password/a1b2c3")).toBe("/reset-password/:token");
    expect(secretPattern("/reset-password/a1b2c3.data")).toBe("/reset-password/:token");
    for (const pathname of ["/reset-password", "/forgot-password", "/login", "/api/orders/1"])
      expect(secretPattern(pathname), pathname).toBeNull();
  });
});
