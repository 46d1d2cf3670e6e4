#!/bin/sh
# Prepares MinIO for the chores service: the photo bucket, private, and an
# access key that can reach that bucket only, so the service never holds the
# MinIO root credentials. Safe to run on every `docker compose up` (and, in
# the Helm chart's development setup, after every install and upgrade).
set -eu

bucket="$S3_BUCKET"
# The compose service by default; the Helm chart's Job passes its own.
minio_url="${MINIO_URL:-http://minio:9000}"

mc alias set chorely "$minio_url" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"

mc mb --ignore-existing "chorely/$bucket"
# Child photos are shown only through short-lived signed URLs: no anonymous access.
mc anonymous set none "chorely/$bucket"

policy=/tmp/chorely-photos-policy.json
cat > "$policy" <<EOF
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket"],
      "Resource": ["arn:aws:s3:::$bucket"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
      "Resource": ["arn:aws:s3:::$bucket/*"]
    }
  ]
}
EOF
mc admin policy create chorely chorely-photos "$policy"

# Adding an existing user updates its secret, so a changed S3_SECRET_ACCESS_KEY
# takes effect on the next run.
mc admin user add chorely "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"

# Attaching a policy that is already attached is an error, hence the check.
case "$(mc admin user info chorely "$S3_ACCESS_KEY_ID")" in
    *chorely-photos*) ;;
    *) mc admin policy attach chorely chorely-photos --user "$S3_ACCESS_KEY_ID" ;;
esac

echo "minio-init: bucket $bucket ready"
