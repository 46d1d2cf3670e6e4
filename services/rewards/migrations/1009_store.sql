-- The reward store. Items are removed softly (deleted_at): redemptions keep
-- pointing at what was asked for. stock NULL: no limit; it never goes below
-- zero (the CHECK is the last wall behind the conditional UPDATE).
CREATE TABLE store_items (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    price_cents bigint NOT NULL CHECK (price_cents > 0),
    stock integer CHECK (stock >= 0),
    -- offered to these children; empty: to every child
    child_ids uuid[] NOT NULL DEFAULT '{}',
    emoji text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
);
CREATE INDEX store_items_by_family ON store_items (organization_id) WHERE deleted_at IS NULL;

-- A child's request for an item, at the price it had then. Approval debits
-- the SPEND jar through a ledger line keyed by the redemption's id.
CREATE TABLE redemptions (
    id uuid PRIMARY KEY,
    organization_id uuid NOT NULL,
    item_id uuid NOT NULL REFERENCES store_items (id),
    child_id uuid NOT NULL,
    item_name text NOT NULL,
    emoji text NOT NULL DEFAULT '',
    price_cents bigint NOT NULL,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
    note text NOT NULL DEFAULT '',
    requested_at timestamptz NOT NULL DEFAULT now(),
    decided_at timestamptz,
    decided_by uuid
);
CREATE INDEX redemptions_by_family ON redemptions (organization_id, status, requested_at);
CREATE INDEX redemptions_by_child ON redemptions (child_id);

ALTER TABLE store_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE store_items FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON store_items TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON store_items TO chorely_all_families USING (true);

ALTER TABLE redemptions ENABLE ROW LEVEL SECURITY;
ALTER TABLE redemptions FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON redemptions TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON redemptions TO chorely_all_families USING (true);
