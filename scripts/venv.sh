# Sourced by the scripts that need Python packages: makes sure the repository's virtual
# environment .venv exists and holds notebooks/requirements.txt (reinstalled only when that file
# changes), and sets `venv` and `root`.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
requirements="$root/notebooks/requirements.txt"

if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  echo "Installing python3-venv"
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv
fi
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
stamp="$venv/.requirements.sha"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "Installing notebook requirements into .venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
  echo "$want" > "$stamp"
fi
