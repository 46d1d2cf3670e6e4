-- When the job next looks at the family for missed chores: just after its
-- current day ends (in its time zone), so a look costs one index range
-- however many families there are. NULL: at the next look (a new family,
-- one whose zone changed, or one not looked at since this column came).
ALTER TABLE families ADD COLUMN missed_next_check_at timestamptz;
CREATE INDEX families_missed_due ON families (missed_next_check_at);
