-- Issue 49: what the optional slip-checking service said of the current slip.
ALTER TABLE "OrderPayment" ADD COLUMN "slipCheck" TEXT,
ADD COLUMN "slipCheckNote" TEXT;
