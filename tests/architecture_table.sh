#!/usr/bin/env bash
# architecture_table.sh REPO: docs/architecture.md's table of layers names exactly the libraries
# CMake builds, each in the folder whose CMakeLists.txt builds it, and every such folder is one
# that tests/layering.sh keeps in its layer.
set -uo pipefail
cd "$1" || exit 2
problems=()

# "folder library" per library the table names: its rows are | `folder/` | `lib`, `lib` | ... |,
# between "## The layers" and the next heading.
documented=$(awk '/^## The layers/ { on = 1; next } /^## / { on = 0 } on && /^\| `/' docs/architecture.md |
  while IFS='|' read -r _ folder libraries _; do
    folder=$(grep -o '`[^`]*`' <<<"$folder" | tr -d '`'); folder=${folder%/}
    for library in $(grep -o '`gradvec_[^`]*`' <<<"$libraries" | tr -d '`'); do
      echo "$folder $library"
    done
  done | sort)
# The same from CMake: every add_library outside tests/, ${isa} written <isa> as the table does.
built=$(find . -name CMakeLists.txt -not -path './tests/*' -not -path './build*' | sort |
  while IFS= read -r cmake; do
    folder=$(dirname "${cmake#./}")
    grep -oE 'add_library\((gradvec_[A-Za-z0-9_${}]+)' "$cmake" | sed 's/add_library(//; s/\${isa}/<isa>/' |
      while IFS= read -r library; do echo "$folder $library"; done
  done | sort)
# The executable is no library; the table names it beside the command line's library.
documented=$(grep -v ' gradvec$' <<<"$documented")

while IFS= read -r entry; do
  [[ -n $entry ]] && problems+=("docs/architecture.md names $entry, which CMake does not build there")
done < <(comm -23 <(echo "$documented") <(echo "$built"))
while IFS= read -r entry; do
  [[ -n $entry ]] && problems+=("CMake builds $entry, which docs/architecture.md's table of layers leaves out")
done < <(comm -13 <(echo "$documented") <(echo "$built"))
for folder in $(cut -d' ' -f1 <<<"$built" | sort -u); do
  grep -qE "^check_layer $folder |\"$folder/|^#include \"$folder/| $folder/" tests/layering.sh ||
    problems+=("$folder builds a library but tests/layering.sh keeps no layer for it")
done

if ((${#problems[@]} > 0)); then
  printf 'FAIL: %s\n' "${problems[@]}"
  exit 1
fi
echo "ok: the table of layers names the $(wc -l <<<"$built") libraries CMake builds"
