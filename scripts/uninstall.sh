#!/usr/bin/env bash
# make uninstall: removes exactly the files `make install` wrote under PREFIX (its manifest,
# PREFIX/share/harmonic/install-manifest, lists them), and the folders it created, when they
# are empty; nothing else.
#
#   scripts/uninstall.sh PREFIX
set -euo pipefail

prefix="${1:?usage: scripts/uninstall.sh PREFIX}"
manifest="$prefix/share/harmonic/install-manifest"
[ -f "$manifest" ] || { echo "uninstall: no Harmonic installation in $prefix (no $manifest)" >&2; exit 1; }
lines=()
while IFS= read -r line; do lines+=("$line"); done < "$manifest"
removed=0
folders=()
for line in "${lines[@]}"; do
  path="${line#folder:}"
  case "$path" in
    "" | /* | *..*) echo "uninstall: skipping the manifest line '$line' (not a path inside the prefix)" >&2; continue ;;
  esac
  if [ "$path" != "$line" ]; then
    folders+=("$path")
  elif [ -e "$prefix/$path" ] || [ -L "$prefix/$path" ]; then
    rm -f "$prefix/$path"
    removed=$((removed + 1))
  fi
done
# The folders the installation created, deepest first, if nothing else has moved in.
for folder in "${folders[@]-}"; do
  [ -n "$folder" ] && rmdir "$prefix/$folder" 2>/dev/null || true
done
echo "removed $removed files of Harmonic from $prefix"
