-- When the scheduled mails (review digest, weekly summary) next look at a
-- parent: the next time their digest time comes in their family's zone.
-- The epoch, as for every parent until a look sets it, and again whenever
-- the time or the zone changes, means at the next look. Without it each
-- look read every parent whose digest time had passed that day.
ALTER TABLE users ADD COLUMN mail_look_at timestamptz NOT NULL DEFAULT 'epoch';
CREATE INDEX users_mail_look ON users (mail_look_at) WHERE role = 'ORG_ADMIN' AND is_active;
