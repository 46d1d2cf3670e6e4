-- Reminders before a chore is due: once per child, chore and due date
-- (however often the job looks, on however many replicas), for a chore
-- with a due time, to each child who still owes it an hour before.
CREATE TABLE chore_reminders (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    chore_id uuid NOT NULL REFERENCES chores (id),
    child_id uuid NOT NULL,
    due_on date NOT NULL,
    due_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (chore_id, child_id, due_on)
);
CREATE INDEX chore_reminders_by_family ON chore_reminders (organization_id, due_on);

-- When the job next has to look at a family: the first moment a reminder of
-- one of its chores can be due (NULL: none is coming), or at once when
-- `stale` (a chore's schedule or the family's time zone changed since the
-- job last worked it out). A minute's look reads only the families due, so
-- a family whose next reminder is next week costs nothing until then.
CREATE TABLE reminder_looks (
    organization_id uuid PRIMARY KEY,
    next_at timestamptz,
    stale boolean NOT NULL DEFAULT true
);
CREATE INDEX reminder_looks_due ON reminder_looks (next_at) WHERE next_at IS NOT NULL;
CREATE INDEX reminder_looks_stale ON reminder_looks (organization_id) WHERE stale;

-- Triggers, not the service's write paths, mark a family stale: no way of
-- changing a chore (the API, a seeder, a repair by hand) can forget to.
CREATE FUNCTION reminder_look_stale() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO reminder_looks (organization_id, stale) VALUES (NEW.organization_id, true)
    ON CONFLICT (organization_id) DO UPDATE SET stale = true
        WHERE NOT reminder_looks.stale;
    RETURN NULL;
END;
$$;

CREATE TRIGGER chore_schedule_changed
    AFTER INSERT OR UPDATE OF due_days, due_time, is_active, periods_start_on ON chores
    FOR EACH ROW WHEN (NEW.due_time IS NOT NULL OR NEW.due_days <> '{}')
    EXECUTE FUNCTION reminder_look_stale();

CREATE TRIGGER family_zone_changed
    AFTER UPDATE OF time_zone ON families
    FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
    EXECUTE FUNCTION reminder_look_stale();

ALTER TABLE chore_reminders ENABLE ROW LEVEL SECURITY;
ALTER TABLE chore_reminders FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON chore_reminders TO chorely_app
    USING (organization_id = chorely_family());
CREATE POLICY all_families ON chore_reminders TO chorely_all_families USING (true);

ALTER TABLE reminder_looks ENABLE ROW LEVEL SECURITY;
ALTER TABLE reminder_looks FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON reminder_looks TO chorely_app
    USING (organization_id = chorely_family());
CREATE POLICY all_families ON reminder_looks TO chorely_all_families USING (true);
