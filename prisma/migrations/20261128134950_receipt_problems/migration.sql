-- Issue 46, finishing safely: the buyer's receipt (or the shop's after RECEIPT_CONFIRM_DAYS) and the
-- reminder before it ride on the delivery; a problem the buyer reports instead waits for an admin's
-- decision. Each step is an order event of its own kind.
CREATE TYPE "ProblemDecision" AS ENUM ('refund_due', 'remake', 'no_action');

ALTER TYPE "OrderEventKind" ADD VALUE 'received';
ALTER TYPE "OrderEventKind" ADD VALUE 'receipt_reminder';
ALTER TYPE "OrderEventKind" ADD VALUE 'problem';
ALTER TYPE "OrderEventKind" ADD VALUE 'problem_closed';

ALTER TABLE "OrderDelivery" ADD COLUMN "receivedAt" TIMESTAMP(3),
ADD COLUMN "receivedBy" "EventActor",
ADD COLUMN "remindedAt" TIMESTAMP(3),
ADD COLUMN "shippedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- A delivery recorded before this migration was shipped when it was last said.
UPDATE "OrderDelivery" SET "shippedAt" = "updatedAt";

CREATE TABLE "OrderProblem" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "photoId" INTEGER,
    "reportedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),
    "decision" "ProblemDecision",
    "decisionNote" TEXT,

    CONSTRAINT "OrderProblem_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "OrderProblem_orderId_key" ON "OrderProblem"("orderId");
CREATE INDEX "OrderProblem_closedAt_reportedAt_idx" ON "OrderProblem"("closedAt", "reportedAt");
CREATE INDEX "OrderDelivery_receivedAt_shippedAt_idx" ON "OrderDelivery"("receivedAt", "shippedAt");

ALTER TABLE "OrderProblem" ADD CONSTRAINT "OrderProblem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "OrderProblem" ADD CONSTRAINT "OrderProblem_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "StoredImage"("id") ON DELETE SET NULL ON UPDATE CASCADE;
