-- What a parent has handled (a submission reviewed, a store request
-- decided), so a notification of it made after the handling (its event
-- reached another consumer later) is made read: the bell counts only what
-- still needs someone, whatever order the events arrive in.
CREATE TABLE handled_items (
    organization_id UUID        NOT NULL,
    -- The notifications' kind: SUBMISSION or STORE_REQUEST.
    kind            TEXT        NOT NULL,
    -- The id the notifications' data names.
    item_id         TEXT        NOT NULL,
    handled_at      TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (organization_id, kind, item_id)
);

ALTER TABLE handled_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE handled_items FORCE ROW LEVEL SECURITY;
CREATE POLICY family_wall ON handled_items TO chorely_app USING (organization_id = chorely_family());
CREATE POLICY all_families ON handled_items TO chorely_all_families USING (true);
