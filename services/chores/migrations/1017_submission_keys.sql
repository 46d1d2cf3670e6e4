-- The key a child's device sends with a submission, so that sending it again
-- (a retry after a dropped connection, a queued tap from the family board)
-- answers the first submission instead of making a second one. Nullable: a
-- submission sent without a key, and every one before this, has none.
ALTER TABLE submissions ADD COLUMN idempotency_key text;

CREATE UNIQUE INDEX submissions_idempotency_key
    ON submissions (organization_id, child_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
