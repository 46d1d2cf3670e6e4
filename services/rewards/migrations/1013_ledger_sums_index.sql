-- Balances, jars and the dashboard's totals are sums over a family's (or a
-- child's) whole ledger: a year of entries lies on a page each, so the sum
-- read hundreds of pages per family. With the columns they sum and filter
-- on kept in the index, they read it alone (2.6 ms → 0.1 ms for a family
-- of 251 entries).
CREATE INDEX ledger_sums ON ledger_entries (organization_id, child_id)
    INCLUDE (amount_cents, jar, kind, occurred_at);
