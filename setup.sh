#!/usr/bin/env bash
# Installs what gradvec needs to build and test on Debian/Ubuntu; does nothing when all is present.
#   ./setup.sh          build + test dependencies
#   ./setup.sh --peers  also the tools bench/ compares against (fastText, gensim, PyTorch, hyperfine)
set -euo pipefail

packages=(g++ cmake make catch2 libcli11-dev libbenchmark-dev curl ca-certificates)
if [[ "${1:-}" == "--peers" ]]; then
  packages+=(fasttext python3-gensim python3-torch hyperfine time)
fi

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done
if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
echo "setup: installing ${missing[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
