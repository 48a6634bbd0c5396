-- DropIndex
DROP INDEX "Design_ownerId_status_idx";

-- CreateIndex
CREATE INDEX "Design_owner_newest_idx" ON "Design"("ownerId", "status", "createdAt" DESC, "id" DESC);
