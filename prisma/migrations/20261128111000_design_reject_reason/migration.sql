-- Why an admin did not approve a tailor's design: the tailor reads it beside the design (issue 46).
-- Cleared when the design is sent again (a new sample photo) or approved.
ALTER TABLE "Design" ADD COLUMN "rejectReason" TEXT;
