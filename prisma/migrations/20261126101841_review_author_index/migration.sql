-- CreateIndex
CREATE INDEX "Review_authorId_idx" ON "Review"("authorId");
