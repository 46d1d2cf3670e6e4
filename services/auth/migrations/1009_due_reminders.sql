-- A child is told, in the app and (with an address) by mail, an hour before
-- a chore of theirs is due.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN
    ('SUBMISSION', 'STORE_REQUEST', 'WEBHOOK_DISABLED', 'REVIEW', 'STORE_DECISION',
     'DUE_REMINDER'));

ALTER TABLE mail_queue DROP CONSTRAINT mail_queue_kind_check;
ALTER TABLE mail_queue ADD CONSTRAINT mail_queue_kind_check CHECK (kind IN
    ('VERIFY_EMAIL', 'RESET_PASSWORD', 'REVIEW_DIGEST', 'WEEKLY_SUMMARY', 'APPROVAL',
     'WEBHOOK_DISABLED', 'DUE_REMINDER'));
