-- History shows a family's latest reviews, newest first, ties broken by id.
-- With the id in the index the latest 50 are read in order and the scan
-- stops there; without it every review the family ever had was read and
-- sorted (a year of them is thousands).
CREATE INDEX submissions_reviewed_latest ON submissions (organization_id, reviewed_at DESC, id DESC)
    WHERE reviewed_at IS NOT NULL;
DROP INDEX submissions_reviewed;
