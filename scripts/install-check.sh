#!/usr/bin/env bash
# `make test`'s check of make install and make uninstall, in a prefix of its own (a temporary
# folder that already holds a file and a folder of its own): the tool runs from PREFIX/bin, the
# manual page and the completions name every subcommand, and uninstalling leaves the prefix
# exactly as it was. The debug build stands in for the release one (same files, minutes less).
set -euo pipefail
cd "$(dirname "$0")/.."

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
prefix="$root/usr"
mkdir -p "$prefix/bin" "$prefix/share/man"
echo "not Harmonic's" > "$prefix/bin/other-tool"
before="$(cd "$root" && find . | sort)"

fail() { echo "install-check: $*" >&2; exit 1; }

HARMONIC_INSTALL_CONFIGURATION=debug make --no-print-directory install PREFIX="$prefix" > "$root/install.log" 2>&1 \
  || { cat "$root/install.log" >&2; fail "make install failed"; }
version="$("$prefix/bin/harmonic" --version)"
[ "$version" = "$(swift build --show-bin-path >/dev/null && "$(swift build --show-bin-path)/harmonic" --version)" ] \
  || fail "the installed tool says version '$version'"
"$prefix/bin/harmonic" settle '{"spring": {}}' > /dev/null || fail "the installed tool does not run"
manual="$prefix/share/man/man1/harmonic.1"
grep -q '^\.Dt HARMONIC 1' "$manual" || fail "the manual page has no title line"
for command in sample settle convert plot scene; do
  grep -q "$command" "$manual" || fail "the manual page does not describe $command"
  grep -q "$command" "$prefix/share/bash-completion/completions/harmonic" || fail "bash completion lacks $command"
  grep -q "$command" "$prefix/share/zsh/site-functions/_harmonic" || fail "zsh completion lacks $command"
  grep -q "$command" "$prefix/share/fish/vendor_completions.d/harmonic.fish" || fail "fish completion lacks $command"
done
bash -n "$prefix/share/bash-completion/completions/harmonic" || fail "the bash completion is not valid bash"
if command -v man > /dev/null; then
  MANPAGER=cat man -l "$manual" 2> /dev/null | grep -q "harmonic" || fail "man cannot render the manual page"
fi
# The bash completion completes the subcommands.
completions="$(bash -c "source '$prefix/share/bash-completion/completions/harmonic'
  COMP_WORDS=(harmonic se); COMP_CWORD=1; COMP_LINE='harmonic se'; COMP_POINT=\${#COMP_LINE}
  _harmonic 2>/dev/null || true; printf '%s\n' \"\${COMPREPLY[@]}\"")"
echo "$completions" | grep -q '^settle$' || fail "bash does not complete 'harmonic se' to settle (got: $completions)"

make --no-print-directory uninstall PREFIX="$prefix" > "$root/uninstall.log" 2>&1 \
  || { cat "$root/uninstall.log" >&2; fail "make uninstall failed"; }
after="$(cd "$root" && find . -not -name '*.log' | sort)"
[ "$before" = "$after" ] || fail "uninstall left the prefix changed: $(diff <(echo "$before") <(echo "$after") | tr '\n' ' ')"
if make --no-print-directory uninstall PREFIX="$prefix" > /dev/null 2>&1; then fail "a second uninstall succeeded"; fi
echo "install-check: make install and make uninstall in a prefix of their own (tool, manual page, bash/zsh/fish completions; the prefix restored)"
