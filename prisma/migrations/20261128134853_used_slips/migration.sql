-- Issue 49: the slip's own QR (bank code and transaction reference) and one slip, one payment.
ALTER TABLE "OrderPayment" ADD COLUMN "slipBankCode" TEXT,
ADD COLUMN "slipReference" TEXT;

CREATE TABLE "UsedSlip" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "reference" TEXT,
    "bankCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsedSlip_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "UsedSlip_sha256_key" ON "UsedSlip"("sha256");
CREATE UNIQUE INDEX "UsedSlip_reference_key" ON "UsedSlip"("reference");
CREATE INDEX "UsedSlip_orderId_idx" ON "UsedSlip"("orderId");

ALTER TABLE "UsedSlip" ADD CONSTRAINT "UsedSlip_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "OrderPayment"("orderId") ON DELETE CASCADE ON UPDATE CASCADE;
