-- AlterTable
ALTER TABLE "User" ADD COLUMN     "promptpayId" TEXT,
ADD COLUMN     "promptpayName" TEXT;
