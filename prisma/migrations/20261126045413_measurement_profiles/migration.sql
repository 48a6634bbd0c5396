-- CreateEnum
CREATE TYPE "MeasurementUnit" AS ENUM ('in', 'cm');

-- CreateTable
CREATE TABLE "MeasurementProfile" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "unit" "MeasurementUnit" NOT NULL DEFAULT 'in',
    "chest" DECIMAL(5,1) NOT NULL,
    "waist" DECIMAL(5,1) NOT NULL,
    "hips" DECIMAL(5,1) NOT NULL,
    "shoulder" DECIMAL(5,1) NOT NULL,
    "sleeve" DECIMAL(5,1) NOT NULL,
    "shirtLength" DECIMAL(5,1) NOT NULL,
    "neck" DECIMAL(5,1) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MeasurementProfile_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MeasurementProfile_userId_name_key" ON "MeasurementProfile"("userId", "name");

-- AddForeignKey
ALTER TABLE "MeasurementProfile" ADD CONSTRAINT "MeasurementProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
