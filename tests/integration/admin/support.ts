import { db } from "~/data/db.server";
import { type CallOptions, callRoute } from "../../support/requests";

/** Calls a route function; the generated route types ask for more than a test needs. */
export function call(fn: unknown, path: string, options: CallOptions = {}) {
  return callRoute(fn as never, path, options);
}

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of the answer it expects
export async function jsonOf(result: unknown): Promise<any> {
  if (!(result instanceof Response)) throw new Error("expected a Response");
  return result.json();
}

/** A design and an order of it, straight in the database. */
export async function makeDesign(
  input: {
    ownerId?: number | null;
    status?: "pending" | "approved" | "rejected";
    type?: "design" | "upload";
    price?: number | null;
    createdAt?: Date;
  } = {},
) {
  return db().design.create({
    data: {
      ownerId: input.ownerId ?? null,
      status: input.status ?? "approved",
      type: input.type ?? "design",
      price: input.price === undefined ? null : input.price,
      baseId: "shirt1",
      createdAt: input.createdAt,
    },
  });
}

export async function makeOrder(input: {
  buyerId: number;
  sellerId?: number | null;
  designId: number;
  status?: "cart" | "ordered" | "accepted" | "completed" | "canceled";
  totalPrice?: number | null;
  quantity?: number;
  orderedAt?: Date | null;
  createdAt?: Date;
  /** The size it is cut to; null for an item put in the cart before sizes were asked for. */
  sizeId?: string | null;
}) {
  const status = input.status ?? "ordered";
  return db().order.create({
    data: {
      buyerId: input.buyerId,
      sellerId: input.sellerId ?? null,
      designId: input.designId,
      name: "เสื้อทดสอบ",
      quantity: input.quantity ?? 1,
      sizeId: input.sizeId === undefined ? "size3" : input.sizeId,
      totalPrice: input.totalPrice === undefined ? 1000 : input.totalPrice,
      unitPrice: input.totalPrice === undefined ? 1000 : input.totalPrice,
      status,
      orderedAt:
        input.orderedAt === undefined ? (status === "cart" ? null : (input.createdAt ?? new Date())) : input.orderedAt,
      createdAt: input.createdAt,
    },
  });
}

/** An empty shop for each test: no orders, designs, sessions or people (children first). */
export async function emptyShop(): Promise<void> {
  await db().order.deleteMany();
  await db().design.deleteMany();
  await db().session.deleteMany();
  await db().user.deleteMany();
}
