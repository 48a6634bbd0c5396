-- Issue 51: writes sent with an idempotency key, answered once (app/http/answer-once.server.ts).
CREATE TABLE "AnsweredPost" (
    "userId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "request" TEXT NOT NULL,
    "status" INTEGER,
    "headers" JSONB,
    "body" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AnsweredPost_pkey" PRIMARY KEY ("userId","key")
);

CREATE INDEX "AnsweredPost_createdAt_idx" ON "AnsweredPost"("createdAt");

ALTER TABLE "AnsweredPost" ADD CONSTRAINT "AnsweredPost_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
