-- Jars: every ledger line moves money in one of a child's SPEND, SAVE and
-- GIVE jars; a jar holds the sum of its lines, the balance the sum of all.
-- Existing lines were all spendable money: they stay in SPEND. One source
-- (an approval, a transfer) may move several jars, one line each, so the
-- key that makes a movement count once is (kind, source_id, jar); a source's
-- lines are written together, under the child's lock, or not at all.
ALTER TABLE ledger_entries ADD COLUMN jar text NOT NULL DEFAULT 'SPEND'
    CHECK (jar IN ('SPEND', 'SAVE', 'GIVE'));
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_source_key;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_source_key UNIQUE (kind, source_id, jar);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check
    CHECK (kind IN ('CHORE', 'ADJUSTMENT', 'PAYOUT', 'BIRTHDAY', 'MISSED', 'EXCUSED',
                    'TRANSFER', 'REDEMPTION'));

-- How a child's new earnings are split between the jars, in percent; a
-- child without a row keeps everything in SPEND.
CREATE TABLE jar_splits (
    child_id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    spend_percent integer NOT NULL CHECK (spend_percent BETWEEN 0 AND 100),
    save_percent integer NOT NULL CHECK (save_percent BETWEEN 0 AND 100),
    give_percent integer NOT NULL CHECK (give_percent BETWEEN 0 AND 100),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (spend_percent + save_percent + give_percent = 100)
);

ALTER TABLE jar_splits ENABLE ROW LEVEL SECURITY;
ALTER TABLE jar_splits FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON jar_splits TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON jar_splits TO chorely_all_families USING (true);
