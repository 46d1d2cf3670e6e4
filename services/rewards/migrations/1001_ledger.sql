-- Every change of a child's money, append-only. A balance is the sum of a
-- child's entries. (kind, source_id) is unique: a replayed event or a retried
-- request finds its entry already there and adds nothing.
CREATE TABLE ledger_entries (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    child_id uuid NOT NULL,
    kind text NOT NULL CHECK (kind IN ('CHORE', 'ADJUSTMENT', 'PAYOUT', 'BIRTHDAY')),
    -- submission id, request key, payout id, or child and year
    source_id text NOT NULL,
    amount_cents bigint NOT NULL,
    notes text NOT NULL DEFAULT '',
    -- the parent who made an adjustment or payout
    created_by uuid,
    created_at timestamptz NOT NULL DEFAULT now(),
    -- when it happened: a chore's completion, otherwise the entry's creation
    occurred_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ledger_entries_source_key UNIQUE (kind, source_id)
);
CREATE INDEX ledger_by_child ON ledger_entries (child_id);
CREATE INDEX ledger_by_family ON ledger_entries (organization_id, kind, occurred_at);
