#!/usr/bin/env bash
# fetch_offline.sh REPO: data/fetch.sh on a copy of data/ (never the real one).
#  - a damaged shipped corpus is refused by --check, naming what is wrong, and left in place;
#  - a missing corpus with no network is one clear line and exit 1, and no file is left behind.
# "No network" is a curl that fails as curl does when it cannot resolve the host.
set -uo pipefail
repo=$1
source "$(dirname "$0")/scratch.sh"
mkdir -p "$work/data" "$work/bin"
cp "$repo/data/fetch.sh" "$work/data/"

# Damaged: one byte changed, same size.
sed '1s/^./X/' "$repo/data/tinyshakespeare.txt" >"$work/data/tinyshakespeare.txt"
err=$("$work/data/fetch.sh" --check 2>&1 >/dev/null)
status=$?
[[ $status -eq 1 ]] || fail "--check on a damaged corpus: exit $status, expected 1"
[[ $err == *"has SHA-256"*"expected 86c4e6aa9db7c042ec79f339dcb96d42b0075e16b8fc2e86bf0ca57e2dc565ed"* ]] ||
  fail "--check did not name the checksum mismatch: $err"
[[ -f $work/data/tinyshakespeare.txt ]] || fail "--check removed the file"

# Offline and missing.
rm "$work/data/tinyshakespeare.txt"
printf '#!/bin/sh\necho "curl: (6) Could not resolve host: raw.githubusercontent.com" >&2\nexit 6\n' >"$work/bin/curl"
chmod +x "$work/bin/curl" "$work/data/fetch.sh"
err=$(env -u GRADVEC_DATA_MIRROR PATH="$work/bin:$PATH" "$work/data/fetch.sh" 2>&1 >/dev/null)
status=$?
[[ $status -eq 1 ]] || fail "offline fetch: exit $status, expected 1"
[[ $(grep -c . <<<"$err") -eq 1 ]] || fail "offline fetch printed more than one line: $err"
[[ $err == *"download failed"*"Could not resolve host"*"offline?"* ]] || fail "offline fetch message: $err"
[[ -z $(ls "$work/data" | grep -v '^fetch.sh$') ]] || fail "offline fetch left files: $(ls "$work/data")"
echo "ok: damaged corpus refused; offline fetch: $err"
