-- Missed chores cost their penalty, never more than the balance holds; an
-- excuse gives back what was taken. Both are ledger entries keyed by the
-- missed chore's id, so each happens once.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
    CHECK (kind IN ('CHORE', 'ADJUSTMENT', 'PAYOUT', 'BIRTHDAY', 'MISSED', 'EXCUSED'));

-- One row per missed chore: the day (a miss breaks the child's streak
-- unless excused), its penalty, what the balance allowed to take (the rest
-- is the shortfall, recorded, not taken), and whether it was excused. The
-- excuse and the miss travel on different subjects: an excuse handled first
-- leaves a row excused and without a day, and the miss then takes nothing.
CREATE TABLE misses (
    missed_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    child_id uuid NOT NULL,
    -- the family's date it was due on; NULL until the miss itself arrives
    due_on date,
    penalty_cents bigint NOT NULL DEFAULT 0,
    taken_cents bigint NOT NULL DEFAULT 0,
    excused_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX misses_by_child ON misses (child_id, due_on) WHERE excused_at IS NULL;
