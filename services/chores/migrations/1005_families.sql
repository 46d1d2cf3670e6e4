-- Each family's time zone as the family service announced it (its
-- OrganizationCreated and OrganizationUpdated events): days, months and
-- availability follow it, and reading it here saves a call per request.
-- A family not yet seen is asked for once and remembered.
CREATE TABLE families (
    organization_id uuid PRIMARY KEY,
    time_zone text NOT NULL
);
