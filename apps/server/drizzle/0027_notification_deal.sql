-- D-28: a message notice names its deal, so that reading the deal's messages marks its notices
-- read too: the mailbox's count falls once the thread was read, in every tab.
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "deal_id" uuid REFERENCES "deals"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_deal_unread" ON "notifications" ("deal_id", "user_id") WHERE "read" = false;
