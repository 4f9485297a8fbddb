#!/usr/bin/env bash
# plot_text.sh GRADVEC: `gradvec plot` writes well-formed XML whatever bytes the words and the
# title hold: a real XML parser reads the picture back, with each label as escaped or replaced.
set -uo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
# Words with a byte that is not UTF-8, an ESC and markup; a title with a control byte and quotes.
printf '3 2\nbad\xffword 1 0.1\nesc\x1b[1m 0 1\na<&>b 1 0\n' >"$work/v.txt"
"$gradvec" plot --vectors "$work/v.txt" --top 3 --output "$work/p.svg" \
  --title $'t\x01"it'\''s"' >/dev/null || fail "plot failed"
labels=$(/usr/bin/python3 - "$work/p.svg" <<'PY'
import sys
import xml.etree.ElementTree as ElementTree
texts = [t.text for t in ElementTree.parse(sys.argv[1]).iter("{http://www.w3.org/2000/svg}text")]
labels = [t for t in texts if not t[0].isdigit() and not t.startswith(("PC", "-"))]
sys.stdout.buffer.write("|".join(labels).encode())
PY
) || fail "the SVG does not parse as XML"
fffd=$'\xef\xbf\xbd'  # U+FFFD in UTF-8, whatever the locale
expected="t$fffd\"it's\"|bad${fffd}word|esc$fffd[1m|a<&>b"
[[ $labels == "$expected" ]] || fail "labels read back as '$labels', expected '$expected'"
echo "ok: the plot parses as XML, labels: $labels"
