-- Why an order ended and who ended it (issue 46): the buyer before the tailor accepted, the
-- tailor (decline or cancel), an admin, or the shop itself (an order nobody accepted in time).
-- Both sides read them on the order's page; the order's events keep the reason too (note).
-- Set by the move into canceled, cleared when an admin moves a canceled order back.
ALTER TABLE "Order" ADD COLUMN "cancelReason" TEXT;
ALTER TABLE "Order" ADD COLUMN "canceledBy" TEXT;
ALTER TABLE "Order" ADD CONSTRAINT "Order_canceledBy_check"
  CHECK ("canceledBy" IS NULL OR "canceledBy" IN ('buyer', 'tailor', 'admin', 'system'));
