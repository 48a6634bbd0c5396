-- AlterTable
ALTER TABLE "Design" ADD COLUMN     "measurementProfileId" INTEGER;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "measurements" JSONB;

-- CreateIndex
CREATE INDEX "Design_measurementProfileId_idx" ON "Design"("measurementProfileId");

-- AddForeignKey
ALTER TABLE "Design" ADD CONSTRAINT "Design_measurementProfileId_fkey" FOREIGN KEY ("measurementProfileId") REFERENCES "MeasurementProfile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

