# file_bytes.sh, sourced by a test that edits a binary file gradvec wrote (a checkpoint, a model)
# to see it refused: little-endian numbers read and written in place at a byte offset.

# u32 FILE OFFSET, i64 FILE OFFSET: the uint32 or int64 there.
u32() { od -An -tu4 -j "$2" -N4 "$1" | tr -d ' '; }
i64() { od -An -td8 -j "$2" -N8 "$1" | tr -d ' '; }
# put_bytes FILE OFFSET ESCAPES: overwrites bytes given as printf escapes ('\x00\x00\xc0\x7f').
put_bytes() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }
# put_int64 FILE OFFSET VALUE: overwrites 8 bytes.
put_int64() {
  local bytes="" i
  for ((i = 0; i < 8; i++)); do bytes+=$(printf '\\x%02x' $((($3 >> (8 * i)) & 255))); done
  put_bytes "$1" "$2" "$bytes"
}
