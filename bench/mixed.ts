// The mixed load: many people at once doing what customers, tailors and admins do, each person a
// client of its own with its own session, one request after another with no pause (a closed loop),
// for a fixed time. Every answer is checked: a refused step or a 5xx is an error.
import { loginPassword } from "./config";
import type { Query } from "./routes";

export const mixedLoad = {
  clients: 50,
  seconds: Number(process.env.BENCH_MIXED_SECONDS) || 60,
  /** Of every 10 clients: 7 customers, 2 tailors, 1 admin. */
  mix: { customers: 35, tailors: 10, admins: 5 },
};

/** What each kind of person does, in a loop (for the report). */
export const MIXED_STEPS = {
  customer:
    "home → silk shops → designer → add a tailor's design to the cart (POST /api/cart/add) → the cart (GET /api/cart) → place the order (PATCH /api/orders/place) → my orders",
  tailor:
    "incoming orders page → waiting orders (GET /api/merchants/orders/me?status=ordered) → accept the oldest (PATCH /api/orders/accept) → statistics page",
  admin: "dashboard → orders page → users page → the orders call (GET /api/admin/orders, a page further each time)",
};

export interface MixedResult {
  clients: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** The first few errors, for the report. */
  errorSamples: string[];
  /** Steps done to the end: orders placed by customers, orders accepted by tailors. */
  placed: number;
  accepted: number;
  /**
   * Of the shop's answers during the load (warm-up included), how many came from any cache: a 304
   * to a client's ETag, or a visitor's page a route keeps, answered from memory (decision 122).
   * Absent before stop 48.
   */
  cached?: { kept: number; drawn: number };
}

interface People {
  customers: string[];
  tailors: { email: string; designIds: number[] }[];
  admins: string[];
}

/**
 * The people of the mixed load: customers of the data set with an address, tailors with designs
 * on sale (customers buy those, so the tailors have orders to accept), and the demo admin.
 */
export async function mixedPeople(query: Query): Promise<People> {
  const customers = (
    await query<{ email: string }>(
      `SELECT email FROM "User" WHERE roles = ARRAY['user']::"Role"[] AND status = 'active' AND address IS NOT NULL
       ORDER BY id DESC LIMIT ${mixedLoad.mix.customers}`,
    )
  ).map((row) => row.email);
  const tailors = (
    await query<{ email: string; designs: number[] }>(
      `SELECT u.email, array_agg(d.id ORDER BY d.id) AS designs FROM "User" u JOIN "Design" d ON d."ownerId" = u.id
       WHERE 'merchant' = ANY(u.roles) AND u.status = 'active' AND d.status = 'approved' AND d.type = 'design' AND d.price > 0
       GROUP BY u.id ORDER BY u.id DESC LIMIT ${mixedLoad.mix.tailors}`,
    )
  ).map((row) => ({ email: row.email, designIds: row.designs }));
  if (customers.length < mixedLoad.mix.customers || tailors.length < mixedLoad.mix.tailors)
    throw new Error("the data set has too few customers or tailors with designs for the mixed load");
  // Their carts start empty: an own design of the data set waiting for a tailor cannot be placed.
  await query(
    `DELETE FROM "Order" WHERE status = 'cart' AND "buyerId" IN (SELECT id FROM "User" WHERE email = ANY($1))`,
    [customers],
  );
  return { customers, tailors, admins: Array.from({ length: mixedLoad.mix.admins }, () => "admin@example.com") };
}

class Client {
  private cookie = "";
  constructor(
    private readonly origin: string,
    private readonly record: (ms: number, error: string | null) => void,
  ) {}

  async login(email: string): Promise<void> {
    const response = await fetch(`${this.origin}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: this.origin },
      body: JSON.stringify({ email, password: loginPassword }),
    });
    await response.arrayBuffer();
    const cookie = response.headers.getSetCookie().find((line) => /session/.test(line));
    if (!response.ok || !cookie) throw new Error(`mixed load: login as ${email} answered ${response.status}`);
    this.cookie = cookie.split(";")[0]!;
  }

  /** One request, timed; an answer outside `expected` (or a failure to answer) is an error. */
  async request(
    method: string,
    path: string,
    options: { json?: unknown; expected?: number[] } = {},
  ): Promise<{ status: number; body: unknown } | null> {
    const started = performance.now();
    try {
      const response = await fetch(this.origin + path, {
        method,
        redirect: "manual",
        headers: {
          cookie: this.cookie,
          Origin: this.origin,
          "accept-encoding": "gzip, br",
          accept: path.startsWith("/api/") ? "application/json" : "text/html",
          ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
      });
      const text = await response.text();
      const expected = options.expected ?? [200];
      const ok = expected.includes(response.status);
      this.record(
        performance.now() - started,
        ok ? null : `${method} ${path}: ${response.status} ${text.slice(0, 120)}`,
      );
      if (!ok) return null;
      const type = response.headers.get("content-type") ?? "";
      return { status: response.status, body: type.includes("json") ? JSON.parse(text) : null };
    } catch (error) {
      this.record(performance.now() - started, `${method} ${path}: ${String(error)}`);
      return null;
    }
  }
}

function percentile(sorted: number[], share: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

/** Runs the mixed load against a shop at `origin` for `seconds`. */
export async function runMixedLoad(origin: string, people: People, seconds = mixedLoad.seconds): Promise<MixedResult> {
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let measuring = false;
  const record = (ms: number, error: string | null) => {
    if (!measuring) return;
    latencies.push(ms);
    if (error) {
      errors += 1;
      if (errorSamples.length < 5) errorSamples.push(error);
    }
  };
  let placed = 0;
  let accepted = 0;
  const designs = people.tailors.flatMap((tailor) => tailor.designIds);

  const customer = async (client: Client, index: number, until: () => boolean) => {
    let round = 0;
    while (!until()) {
      round += 1;
      await client.request("GET", "/");
      await client.request("GET", "/merchant/info");
      await client.request("GET", "/design?category=shirt");
      const designId = designs[(index * 7 + round) % designs.length]!;
      await client.request("POST", "/api/cart/add", {
        json: { designId, quantity: 1, sizeId: "size2" },
        expected: [201],
      });
      await client.request("GET", "/api/cart");
      if (await client.request("PATCH", "/api/orders/place", { json: {} })) placed += 1;
      await client.request("GET", "/user/orders");
    }
  };
  const tailor = async (client: Client, _index: number, until: () => boolean) => {
    while (!until()) {
      await client.request("GET", "/merchant");
      const waiting = await client.request("GET", "/api/merchants/orders/me?status=ordered");
      const items = (waiting?.body as { items?: { id: number }[] } | null)?.items ?? [];
      const oldest = items.at(-1);
      if (oldest && (await client.request("PATCH", "/api/orders/accept", { json: { orderId: oldest.id } })))
        accepted += 1;
      await client.request("GET", "/merchant/statistics");
    }
  };
  const admin = async (client: Client, index: number, until: () => boolean) => {
    let page = index;
    while (!until()) {
      await client.request("GET", "/admin");
      await client.request("GET", "/admin/manage/orders");
      await client.request("GET", "/admin/manage/users");
      page = (page % 50) + 1;
      await client.request("GET", `/api/admin/orders?page=${page}`);
    }
  };

  const workers: { client: Client; run: typeof customer; index: number; email: string }[] = [
    ...people.customers.map((email, index) => ({ client: new Client(origin, record), run: customer, index, email })),
    ...people.tailors.map((t, index) => ({ client: new Client(origin, record), run: tailor, index, email: t.email })),
    ...people.admins.map((email, index) => ({ client: new Client(origin, record), run: admin, index, email })),
  ];
  for (const worker of workers) await worker.client.login(worker.email);

  // A few seconds of warm-up, not counted, then the measured time.
  const warmupEnds = Date.now() + 3000;
  const ends = warmupEnds + seconds * 1000;
  setTimeout(() => {
    measuring = true;
  }, warmupEnds - Date.now());
  const startCount = { placed: 0, accepted: 0 };
  setTimeout(() => {
    startCount.placed = placed;
    startCount.accepted = accepted;
  }, warmupEnds - Date.now());
  await Promise.all(workers.map((worker) => worker.run(worker.client, worker.index, () => Date.now() >= ends)));
  measuring = false;

  const sorted = latencies.sort((a, b) => a - b);
  return {
    clients: workers.length,
    seconds,
    requests: sorted.length,
    requestsPerSecond: sorted.length / seconds,
    p50Ms: Math.round(percentile(sorted, 0.5)),
    p99Ms: Math.round(percentile(sorted, 0.99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    errors,
    errorSamples,
    placed: placed - startCount.placed,
    accepted: accepted - startCount.accepted,
  };
}
