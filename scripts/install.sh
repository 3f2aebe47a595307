#!/usr/bin/env bash
# make install: the `harmonic` tool under a prefix, with its manual page and its bash, zsh and
# fish completions, and a manifest of exactly those files for `make uninstall`.
#
#   scripts/install.sh PREFIX
#
# PREFIX/bin/harmonic                                   the tool (release build, Swift runtime
#                                                       linked in, so it runs without a toolchain)
# PREFIX/share/man/man1/harmonic.1                      `man harmonic` (swift-argument-parser's
#                                                       manual generator)
# PREFIX/share/bash-completion/completions/harmonic     bash
# PREFIX/share/zsh/site-functions/_harmonic             zsh
# PREFIX/share/fish/vendor_completions.d/harmonic.fish  fish
# PREFIX/share/harmonic/install-manifest                what was installed, for make uninstall
#
# Everything is made in a staging folder first: a failed build installs nothing.
# HARMONIC_INSTALL_CONFIGURATION=debug installs the debug build instead (the tests use it: a
# release build would add minutes to `make test`).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${1:?usage: scripts/install.sh PREFIX}"
configuration="${HARMONIC_INSTALL_CONFIGURATION:-release}"
case "$configuration" in
  release) build_flags=(-c release --static-swift-stdlib) ;;
  debug) build_flags=(-c debug) ;;
  *) echo "install: HARMONIC_INSTALL_CONFIGURATION must be release or debug, not $configuration" >&2; exit 1 ;;
esac

# Linking the Swift runtime in statically takes Foundation's networking part, which needs libcurl's
# development files (Debian: libcurl4-openssl-dev).
if [ "$configuration" = release ] && ! dpkg -s libcurl4-openssl-dev > /dev/null 2>&1 \
  && command -v apt-get > /dev/null; then
  echo "Installing libcurl4-openssl-dev (the static Swift runtime's networking needs it)"
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libcurl4-openssl-dev > /dev/null
fi
swift build "${build_flags[@]}" --product harmonic
binary="$(swift build "${build_flags[@]}" --show-bin-path)/harmonic"

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
mkdir -p "$staging/bin"
cp "$binary" "$staging/bin/harmonic"
# The manual page: swift-argument-parser's generator (the tool behind its generate-manual plugin,
# run directly on the staged binary so the release build is not made twice).
swift build --product generate-manual > "$staging/manual.log" 2>&1 \
  || { cat "$staging/manual.log" >&2; echo "install: the manual generator did not build" >&2; exit 1; }
generator="$(swift build --show-bin-path)/generate-manual"
mkdir -p "$staging/manual"
"$generator" "$staging/bin/harmonic" --output-directory "$staging/manual" > "$staging/manual.log" 2>&1 \
  || { cat "$staging/manual.log" >&2; echo "install: the manual page could not be generated" >&2; exit 1; }

# Relative to the prefix: source in the staging folder → destination.
files=(
  "bin/harmonic"
  "share/man/man1/harmonic.1"
  "share/bash-completion/completions/harmonic"
  "share/zsh/site-functions/_harmonic"
  "share/fish/vendor_completions.d/harmonic.fish"
)
mkdir -p "$staging/share/man/man1" "$staging/share/bash-completion/completions" \
  "$staging/share/zsh/site-functions" "$staging/share/fish/vendor_completions.d"
cp "$staging/manual/harmonic.1" "$staging/share/man/man1/harmonic.1"
tool="$staging/bin/harmonic"
"$tool" --generate-completion-script bash > "$staging/share/bash-completion/completions/harmonic"
"$tool" --generate-completion-script zsh > "$staging/share/zsh/site-functions/_harmonic"
"$tool" --generate-completion-script fish > "$staging/share/fish/vendor_completions.d/harmonic.fish"
for file in "${files[@]}"; do
  [ -s "$staging/$file" ] || { echo "install: $file came out empty" >&2; exit 1; }
done

# The folders this installation creates (kept from an earlier installation's manifest too), so
# that uninstalling leaves the prefix as it found it.
manifest="share/harmonic/install-manifest"
folders=()
if [ -f "$prefix/$manifest" ]; then
  while IFS= read -r line; do
    case "$line" in folder:*) folders+=("${line#folder:}") ;; esac
  done < "$prefix/$manifest"
fi
for file in "${files[@]}" "$manifest"; do
  folder="$(dirname "$file")"
  while [ "$folder" != . ]; do
    if [ ! -d "$prefix/$folder" ] && [[ ! " ${folders[*]-} " =~ " $folder " ]]; then folders+=("$folder"); fi
    folder="$(dirname "$folder")"
  done
done
[ -d "$prefix" ] || mkdir -p "$prefix"
for file in "${files[@]}"; do
  mode=644
  [ "$file" = bin/harmonic ] && mode=755
  install -D -m "$mode" "$staging/$file" "$prefix/$file"
done
mkdir -p "$prefix/share/harmonic"
{
  printf '%s\n' "${files[@]}" "$manifest"
  # Deepest first, the order they can be removed in.
  for folder in "${folders[@]-}"; do [ -n "$folder" ] && echo "folder:$folder"; done | awk -F/ '{ print NF "\t" $0 }' \
    | sort -rn | cut -f2-
} > "$prefix/$manifest"
echo "installed harmonic $("$prefix/bin/harmonic" --version) in $prefix: bin/harmonic, its manual page (man harmonic)"
echo "and bash, zsh and fish completions; make uninstall PREFIX=$prefix removes them"
