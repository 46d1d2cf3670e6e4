-- The dashboards count each active chore's approved completions in a window:
-- without this, every dashboard read scanned every family's submissions.
CREATE INDEX submissions_approved_by_chore
    ON submissions (chore_id, completed_at) WHERE status = 'APPROVED';
