-- Issue 49: deposits. The tailor asks 0, 30 or 50 percent first and may allow the balance on
-- delivery; a payment with a deposit keeps its amount and when it was confirmed.
ALTER TYPE "PaymentStatus" ADD VALUE 'deposit_paid' AFTER 'slip_sent';

ALTER TABLE "User" ADD COLUMN "depositPercent" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "cashOnDelivery" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "User" ADD CONSTRAINT "User_depositPercent_check" CHECK ("depositPercent" IN (0, 30, 50));

ALTER TABLE "OrderPayment" ADD COLUMN "depositAmount" DECIMAL(12,2),
ADD COLUMN "depositPaidAt" TIMESTAMP(3),
ADD COLUMN "cashOnDelivery" BOOLEAN NOT NULL DEFAULT false;
