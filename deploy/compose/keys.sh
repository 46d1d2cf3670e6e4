#!/bin/sh
# Makes the Ed25519 key pair of the access tokens: auth signs with the private
# key, every service and the gateway verify with the public one.
#
# An existing private key is kept, so tokens already issued stay valid across
# `docker compose up` runs; delete the `jwt-private` volume to rotate it.
set -eu

private_dir=/keys/private
public_dir=/keys/public
private_key="$private_dir/jwt-private.pem"
public_key="$public_dir/jwt-public.pem"
app_uid="${APP_UID:-10001}"

umask 077

if [ ! -s "$private_key" ]; then
    # PKCS#8 PEM. Written aside and renamed, so an interrupted run never leaves
    # a truncated key that a later run would keep.
    openssl genpkey -algorithm ed25519 -out "$private_key.tmp"
    mv "$private_key.tmp" "$private_key"
    echo "keys: created a new token signing key"
else
    echo "keys: keeping the existing token signing key"
fi

# Derived on every run, so the public key always matches the private one.
openssl pkey -in "$private_key" -pubout -out "$public_key.tmp"
mv "$public_key.tmp" "$public_key"

# Only the services' user may read the private key; anyone may read the public one.
chown "$app_uid:$app_uid" "$private_key"
chmod 0400 "$private_key"
chmod 0444 "$public_key"
