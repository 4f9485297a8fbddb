#!/usr/bin/env bash
# Installs what gradvec needs to build and test on Debian/Ubuntu; does nothing when all is present.
#   ./setup.sh            build + test dependencies
#   ./setup.sh --interop  only fastText and gensim, so the tests that read and write their models
#                         run (CI calls it; without them those tests skip, and fail under CI=true)
#   ./setup.sh --peers    also the tools bench/ compares against (fastText, gensim, PyTorch,
#                         SentencePiece, hyperfine), and OpenBLAS behind libblas.so.3, so gensim
#                         and PyTorch run at their best
#   ./setup.sh --fuzz     also clang and its libFuzzer, for the -DGRADVEC_FUZZ=ON build
#   ./setup.sh --mpi      also Open MPI (its headers and mpirun), for the -DGRADVEC_MPI=ON build
#   ./setup.sh --python   also pybind11, numpy, pytest and setuptools (the build backend of
#                         `pip install .`), and gensim, which the module's tests compare with, for
#                         the -DGRADVEC_PYTHON=ON build (docs/python.md)
set -euo pipefail

packages=(g++ cmake make catch2 libcli11-dev libbenchmark-dev zlib1g-dev)
case "${1:-}" in
  --interop) packages=(fasttext python3-gensim) ;;
  # libopenblas0-pthread takes over libblas.so.3 (its alternative outranks the reference BLAS).
  --peers) packages+=(fasttext python3-gensim python3-torch sentencepiece libopenblas0-pthread hyperfine time) ;;
  # clang is Debian's default (14 on bookworm); libclang-rt-14-dev holds its libFuzzer and
  # sanitizer runtimes.
  --fuzz) packages+=(clang libclang-rt-14-dev) ;;
  --mpi) packages+=(libopenmpi-dev openmpi-bin) ;;
  # python3-dev: Python.h; python3-venv: the venv docs/python.md installs into.
  --python) packages+=(python3-dev python3-venv pybind11-dev python3-pybind11 python3-numpy python3-pytest
                       python3-setuptools python3-wheel python3-pip python3-gensim) ;;
esac

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
