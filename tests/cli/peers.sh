# peers.sh, sourced by a test that checks gradvec against another tool: need_peer NAME COMMAND...
# runs COMMAND quietly and returns when it succeeds. When it fails, NAME is missing: under CI
# (CI=true), where `./setup.sh --interop` installs every peer, the test fails, so a missing peer
# cannot pass unnoticed; elsewhere it is skipped with a SKIP line (exit 77, which the test
# registers as SKIP_RETURN_CODE).
need_peer() {
  local name=$1
  shift
  "$@" >/dev/null 2>&1 && return 0
  if [[ ${CI:-} == true ]]; then
    echo "FAIL: $name is missing, and CI installs it (./setup.sh --interop)"
    exit 1
  fi
  echo "SKIP: $name not installed"
  exit 77
}
