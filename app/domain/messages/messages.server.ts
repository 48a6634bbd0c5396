import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { db, type PrismaClient } from "~/data/db.server";
import type { Role } from "~/data/generated/enums";
import { CLOSED_ACCOUNT } from "~/domain/audit/actions";
import { DomainError } from "~/domain/errors";
import { prepareSlipPhoto, type ReceivedPhoto } from "~/domain/images/store.server";
import { notify } from "~/domain/notifications/notify.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import {
  MESSAGE_LIMIT_POINTS,
  MESSAGE_LIMIT_SECONDS,
  MESSAGE_MESSAGES,
  type MessageAuthorRole,
  type MessageView,
  messageImagePath,
  SHOP_AUTHOR_NAME,
} from "./messages";

/**
 * An order's conversation (issue 48). Its buyer and its tailor read and write; an admin reads and
 * may write as the shop; nobody else sees it (403). It opens when the order is placed (a cart item
 * has none: 409). A message is plain text (messages.ts checks it), optionally one photo, taken as
 * the slips are (its type by its bytes, up to 20 MB streamed, upright, at most 1,600 px, JPEG
 * without EXIF) and stored private. Each one notifies the other side in the same transaction.
 */

interface Reader {
  id: number;
  roles: readonly Role[];
  name: string;
}

interface OrderParties {
  id: number;
  status: string;
  buyerId: number;
  sellerId: number | null;
}

/** The capacity a person reads and writes an order's conversation in, or a refusal. */
function roleIn(order: OrderParties, reader: Reader): MessageAuthorRole {
  if (order.buyerId === reader.id) return "user";
  if (order.sellerId === reader.id) return "merchant";
  if (reader.roles.includes("admin")) return "admin";
  throw new DomainError("forbidden", MESSAGE_MESSAGES.notYours);
}

async function partiesOf(orderId: number): Promise<OrderParties> {
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: { id: true, status: true, buyerId: true, sellerId: true },
  });
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  return order;
}

/** Who may read an order's conversation, and as what (the order must be placed). */
export async function assertCanReadThread(orderId: number, reader: Reader): Promise<MessageAuthorRole> {
  const order = await partiesOf(orderId);
  const role = roleIn(order, reader);
  if (order.status === "cart") throw new DomainError("conflict", MESSAGE_MESSAGES.notPlaced);
  return role;
}

const messageSelect = {
  id: true,
  orderId: true,
  authorId: true,
  authorRole: true,
  text: true,
  imageId: true,
  createdAt: true,
  author: { select: { name: true } },
} as const;

type MessageRow = {
  id: number;
  orderId: number;
  authorId: number | null;
  authorRole: string;
  text: string;
  imageId: number | null;
  createdAt: Date;
  author: { name: string } | null;
};

function toView(row: MessageRow, readerId: number): MessageView {
  const role = row.authorRole as MessageAuthorRole;
  return {
    id: row.id,
    author: {
      id: row.authorId,
      // The shop speaks as the shop; an erased author (or none left) reads as one.
      name: role === "admin" ? SHOP_AUTHOR_NAME : (row.author?.name ?? CLOSED_ACCOUNT),
      role,
    },
    text: row.text,
    imageUrl: row.imageId ? messageImagePath(row.orderId, row.id) : null,
    createdAt: row.createdAt,
    mine: row.authorId === readerId,
  };
}

/** The whole conversation, oldest first (at most THREAD_LIMIT, the newest of them). */
export const THREAD_LIMIT = 500;

export async function listThread(orderId: number, reader: Reader): Promise<MessageView[]> {
  return listThreadOf(await partiesOf(orderId), reader);
}

/**
 * The same, for an order its page has read already with its parties (its buyer and tailor): the
 * same check on who may read it, without reading the order a second time.
 */
export async function listThreadOf(order: OrderParties, reader: Reader): Promise<MessageView[]> {
  roleIn(order, reader);
  if (order.status === "cart") throw new DomainError("conflict", MESSAGE_MESSAGES.notPlaced);
  const rows = await db().orderMessage.findMany({
    where: { orderId: order.id },
    orderBy: { id: "desc" },
    take: THREAD_LIMIT,
    select: messageSelect,
  });
  return rows.reverse().map((row) => toView(row, reader.id));
}

/** One message's photo, for those who may read the conversation. */
export async function messageImage(orderId: number, messageId: number, reader: Reader) {
  await assertCanReadThread(orderId, reader);
  const message = await db().orderMessage.findFirst({
    where: { id: messageId, orderId },
    select: { image: { select: { bytes: true, contentType: true } } },
  });
  if (!message?.image) throw new DomainError("not_found", MESSAGE_MESSAGES.noImage);
  return message.image;
}

const limitersByClient = new WeakMap<PrismaClient, RateLimiterPrisma>();

function limiter(): RateLimiterPrisma {
  const client = db();
  let found = limitersByClient.get(client);
  if (!found) {
    found = new RateLimiterPrisma({
      storeClient: client,
      keyPrefix: "order-message",
      points: MESSAGE_LIMIT_POINTS,
      duration: MESSAGE_LIMIT_SECONDS,
    });
    limitersByClient.set(client, found);
  }
  return found;
}

/** Takes one of the person's messages for this minute, or refuses with the wait (429, Retry-After). */
async function takeMessagePoint(userId: number): Promise<void> {
  try {
    await limiter().consume(String(userId));
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw new DomainError("rate_limited", MESSAGE_MESSAGES.rateLimited(seconds), { retryAfterSeconds: seconds });
  }
}

export interface NewMessage {
  /** Checked by messageTextSchema (1 to 2,000 characters). */
  text: string;
  photo?: ReceivedPhoto | null;
}

/**
 * Writes a message (and its photo) and the other side's notification in one transaction. Whose
 * order comes first, then the limit, then the photo's work.
 */
export async function postMessage(
  orderId: number,
  author: Reader,
  input: NewMessage,
  now = new Date(),
): Promise<MessageView> {
  const role = await assertCanReadThread(orderId, author);
  await takeMessagePoint(author.id);
  const picture = input.photo ? await prepareSlipPhoto(input.photo) : null;
  const row = await db().$transaction(async (tx) => {
    const image = picture
      ? await tx.storedImage.create({
          data: {
            contentType: picture.contentType,
            sha256: picture.sha256,
            width: picture.width,
            height: picture.height,
            bytes: picture.bytes,
            private: true,
          },
          select: { id: true },
        })
      : null;
    const message = await tx.orderMessage.create({
      data: {
        orderId,
        authorId: author.id,
        authorRole: role,
        text: input.text,
        imageId: image?.id ?? null,
        createdAt: now,
      },
      select: messageSelect,
    });
    await notify(tx, {
      kind: "message",
      orderId,
      actorId: author.id,
      authorName: role === "admin" ? SHOP_AUTHOR_NAME : author.name,
      text: input.text,
      at: now,
    });
    return message;
  });
  return toView(row, author.id);
}
