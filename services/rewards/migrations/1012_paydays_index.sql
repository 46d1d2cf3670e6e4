-- The pay-day job asks each minute only for the allowances and interest
-- rates not yet decided up to the latest day any family can be in; nearly
-- every row is, so it reads them through these instead of the whole tables.
CREATE INDEX allowances_by_checked ON allowances (checked_through);
CREATE INDEX interest_rates_by_checked ON interest_rates (checked_through);
