-- AlterTable
ALTER TABLE "User" ADD COLUMN     "privacyNoticeAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "privacyNoticeVersion" TEXT;
