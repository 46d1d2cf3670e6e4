-- Allowance and interest. A parent sets, per child, a regular allowance
-- (paid on each pay day for the period that just ended, when the child had
-- enough chores approved in it) and a monthly interest on the save jar.
-- Each is paid by the job as ledger lines of its own kind, keyed by the
-- child and the period, so a period is paid once however often the job runs.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
    CHECK (kind IN ('CHORE', 'ADJUSTMENT', 'PAYOUT', 'BIRTHDAY', 'MISSED', 'EXCUSED',
                    'TRANSFER', 'REDEMPTION', 'ALLOWANCE', 'INTEREST'));

-- A child's allowance; no row: none. `day` is the weekday (1 Monday to 7
-- Sunday) of a WEEKLY one, the day of the month (1 to 31; past a month's
-- end, its last day) of a MONTHLY one. `checked_through`: the last pay day
-- the job has decided (paid, or not for want of chores), in the family's
-- calendar; pay days up to it are never looked at again.
CREATE TABLE allowances (
    child_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    period text NOT NULL CHECK (period IN ('WEEKLY', 'MONTHLY')),
    day integer NOT NULL CHECK (day BETWEEN 1 AND 31),
    min_approved_chores integer NOT NULL CHECK (min_approved_chores >= 0),
    checked_through date NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (period = 'MONTHLY' OR day <= 7)
);

-- A child's monthly interest on the save jar, in hundredths of a percent;
-- no row: none. `checked_through`: the first day of the last month whose
-- start the job has paid interest at.
CREATE TABLE interest_rates (
    child_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    basis_points integer NOT NULL CHECK (basis_points BETWEEN 1 AND 1000),
    checked_through date NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ledger_chores_by_child ON ledger_entries (child_id, occurred_at) WHERE kind = 'CHORE';

ALTER TABLE allowances ENABLE ROW LEVEL SECURITY;
ALTER TABLE allowances FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON allowances TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON allowances TO chorely_all_families USING (true);

ALTER TABLE interest_rates ENABLE ROW LEVEL SECURITY;
ALTER TABLE interest_rates FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON interest_rates TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON interest_rates TO chorely_all_families USING (true);
