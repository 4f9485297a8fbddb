#!/usr/bin/env bash
# Fetches a corpus into data/NAME.txt and verifies its size and SHA-256.
#
#   data/fetch.sh [NAME]                download NAME (default: tinyshakespeare) with curl or wget
#   data/fetch.sh --mirror DIR [NAME]   copy DIR/NAME.txt instead (offline machines)
#   GRADVEC_DATA_MIRROR=DIR data/fetch.sh    the same through the environment
#   data/fetch.sh --check [NAME]        verify the file present; never download (exit 1 if bad)
#
# TinyShakespeare ships in the repository, so for it the script only verifies the copy (and
# fetches it again if that copy was damaged). Every other corpus is fetched, never committed.
# The file goes to a temporary name first and is renamed only once verified, so an interrupted
# or corrupt fetch never leaves a file that looks like the real one.
set -euo pipefail
shopt -s inherit_errexit  # a failure inside $(...) fails the script too

# name -> "url bytes sha256". Adding a corpus is one line here and a paragraph in data/README.md.
declare -A corpora=(
  [tinyshakespeare]="https://raw.githubusercontent.com/karpathy/char-rnn/master/data/tinyshakespeare/input.txt 1115394 86c4e6aa9db7c042ec79f339dcb96d42b0075e16b8fc2e86bf0ca57e2dc565ed"
)

data_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

die() {
  echo "fetch.sh: error: $*" >&2
  exit 1
}

usage() {
  echo "usage: data/fetch.sh [--mirror DIR] [--check] [NAME]   (NAME: ${!corpora[*]}; default tinyshakespeare)"
}

mirror="${GRADVEC_DATA_MIRROR:-}"
check_only=0
corpus=tinyshakespeare
while (($# > 0)); do
  case "$1" in
    --mirror)
      (($# >= 2)) || die "--mirror needs a directory"
      mirror="$2"
      shift 2
      ;;
    --mirror=*)
      mirror="${1#--mirror=}"
      shift
      ;;
    --check)
      check_only=1
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    -*) die "unknown argument '$1' ($(usage))" ;;
    *)
      [[ -v "corpora[$1]" ]] || die "unknown corpus '$1' ($(usage))"
      corpus="$1"
      shift
      ;;
  esac
done
read -r url expected_bytes expected_sha256 <<<"${corpora[$corpus]}"
readonly url expected_bytes expected_sha256
readonly name="$corpus.txt"
readonly target="$data_dir/$name"

sha256_of() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null; then
    shasum -a 256 "$1" | cut -d' ' -f1
  else
    die "neither sha256sum nor shasum is installed: cannot verify $name"
  fi
}

# Prints nothing if $1 is the expected file, else what is wrong with it.
mismatch() {
  local bytes sha
  bytes="$(wc -c <"$1" | tr -d ' ')"
  if [[ "$bytes" != "$expected_bytes" ]]; then
    echo "is $bytes bytes, expected $expected_bytes"
    return
  fi
  sha="$(sha256_of "$1")"
  [[ "$sha" == "$expected_sha256" ]] || echo "has SHA-256 $sha, expected $expected_sha256"
}

if [[ -f "$target" ]]; then
  problem="$(mismatch "$target")"
  if [[ -z "$problem" ]]; then
    echo "data/$name is present and verified"
    exit 0
  fi
  ((check_only == 0)) || die "data/$name $problem"
  echo "fetch.sh: existing data/$name $problem; fetching it again" >&2
fi
((check_only == 0)) || die "data/$name is missing; fetch it with: data/fetch.sh $corpus"

# The .tmp suffix matches .gitignore, so even a file left by kill -9 is never committed.
temporary="$target.$$.tmp"
trap 'rm -f "$temporary"' EXIT
trap 'exit 130' INT TERM  # turn signals into an exit, so the EXIT trap cleans up

if [[ -n "$mirror" ]]; then
  source="$mirror/$name"
  [[ -f "$source" ]] || die "mirror has no $name: $source does not exist"
  # cat, not cp: the copy gets ordinary permissions even from a read-only mirror.
  cat "$source" >"$temporary" || die "cannot copy $source to $data_dir"
elif command -v curl >/dev/null; then
  source="$url"
  # curl prints one error per attempt; only the last one goes into our single line.
  if ! curl_errors="$(curl --fail --silent --show-error --location --retry 3 \
    --output "$temporary" "$url" 2>&1)"; then
    die "download failed: $url: ${curl_errors##*$'\n'} (offline? use --mirror DIR)"
  fi
elif command -v wget >/dev/null; then
  source="$url"
  wget --quiet --tries=3 --output-document="$temporary" "$url" ||
    die "download failed: $url (offline? use --mirror DIR)"
else
  die "neither curl nor wget is installed; install one or use --mirror DIR"
fi

problem="$(mismatch "$temporary")"
[[ -z "$problem" ]] || die "$name from $source $problem; not installed"
mv -f "$temporary" "$target"
echo "data/$name fetched from $source and verified"
