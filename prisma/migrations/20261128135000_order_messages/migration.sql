-- Issue 48: a conversation per order, notifications in the shop, and LINE pushes without an order event.
CREATE TYPE "NotificationKind" AS ENUM ('message', 'order_placed', 'order_accepted', 'order_declined', 'order_canceled', 'order_expired', 'order_completed', 'slip_sent', 'payment_confirmed', 'payment_rejected', 'refund_due', 'refunded', 'shipped', 'review_received', 'review_answered', 'design_approved', 'design_rejected');

CREATE TABLE "OrderMessage" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "authorId" INTEGER,
    "authorRole" "EventActor" NOT NULL,
    "text" TEXT NOT NULL,
    "imageId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderMessage_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "OrderMessage_text_length" CHECK (char_length("text") BETWEEN 1 AND 2000),
    CONSTRAINT "OrderMessage_author_role" CHECK ("authorRole" IN ('user', 'merchant', 'admin'))
);

CREATE TABLE "Notification" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "orderId" INTEGER,
    "text" TEXT NOT NULL,
    "href" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMP(3),

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "OrderMessage_orderId_id_idx" ON "OrderMessage"("orderId", "id");
CREATE INDEX "OrderMessage_authorId_idx" ON "OrderMessage"("authorId");
CREATE INDEX "Notification_userId_id_idx" ON "Notification"("userId", "id" DESC);
CREATE INDEX "Notification_userId_readAt_idx" ON "Notification"("userId", "readAt");
CREATE INDEX "Notification_orderId_idx" ON "Notification"("orderId");
-- One unread "new messages" notification per person and order: a burst adds to its count.
CREATE UNIQUE INDEX "Notification_unread_message_key" ON "Notification"("userId", "orderId") WHERE "kind" = 'message' AND "readAt" IS NULL;

ALTER TABLE "OrderMessage" ADD CONSTRAINT "OrderMessage_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OrderMessage" ADD CONSTRAINT "OrderMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "OrderMessage" ADD CONSTRAINT "OrderMessage_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "StoredImage"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- LINE pushes of notifications that have no order event (a message, a review, a design decision).
ALTER TABLE "OutboxMessage" ALTER COLUMN "eventId" DROP NOT NULL;
ALTER TABLE "OutboxMessage" ADD COLUMN "batchKey" TEXT;
CREATE UNIQUE INDEX "OutboxMessage_batchKey_key" ON "OutboxMessage"("batchKey");
