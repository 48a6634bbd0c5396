-- Issue 48 with issue 46: notifications of receipt (confirmed, the reminder) and of a reported problem (and its close).
ALTER TYPE "NotificationKind" ADD VALUE 'receipt_confirmed';
ALTER TYPE "NotificationKind" ADD VALUE 'receipt_reminder';
ALTER TYPE "NotificationKind" ADD VALUE 'problem_reported';
ALTER TYPE "NotificationKind" ADD VALUE 'problem_closed';
