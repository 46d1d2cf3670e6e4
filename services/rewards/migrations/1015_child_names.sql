-- Each child's name, as the family service's events (`ChildCreated`,
-- `ChildUpdated`) or, for a child heard of before names were kept, its
-- answer give it: the payouts list names the child without asking.
ALTER TABLE children ADD COLUMN name text;
