-- A deleted child stays as a tombstone: the deletion and the creation or an
-- update travel on different subjects, so an event handled after
-- family.child_deleted must find the child gone rather than bring back its
-- birthday reward, and a late approval must not give it a balance again.
ALTER TABLE children ADD COLUMN deleted_at TIMESTAMPTZ;
