-- Categories list their active chore counts: without this, counting one
-- category's chores read the whole family index of every family.
CREATE INDEX chores_by_category ON chores (category_id) WHERE is_active;
