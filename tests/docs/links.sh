#!/usr/bin/env bash
# links.sh REPO: every relative link and #anchor in REPO's README.md, docs/*.md and
# bench/README.md resolves (the rules are in links.pl, which this runs from REPO).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$1" || exit 2
exec perl "$here/links.pl"
