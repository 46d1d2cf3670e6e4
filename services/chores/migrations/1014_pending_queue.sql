-- The approval queue reads a family's pending submissions oldest first. Among
-- a year of reviewed ones they are few: without this index the queue read
-- every submission the family ever made to find them.
CREATE INDEX submissions_pending ON submissions (organization_id, submitted_at, id)
    WHERE status = 'PENDING';
