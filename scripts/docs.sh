#!/usr/bin/env bash
# Builds the combined DocC documentation of Harmonic, HarmonicEngine, HarmonicBLAS, HarmonicRender
# and HarmonicLottie with swift-docc-plugin, as a static site. Fails on any documentation warning (a broken symbol
# link, a parameter left undocumented) and on a public symbol that its module's landing page
# does not curate under Topics (DocC would file it under a generated "Structures" section).
# Usage: scripts/docs.sh [OUTPUT]   (default .build/docs; open OUTPUT/documentation/harmonic
#        through a local web server, for example `python3 -m http.server -d OUTPUT`)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docs}"
mkdir -p "$out"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift package --allow-writing-to-directory "$out" generate-documentation \
    --target Harmonic --target HarmonicEngine --target HarmonicBLAS --target HarmonicRender \
    --target HarmonicLottie \
    --enable-experimental-combined-documentation --warnings-as-errors \
    --output-path "$out" --transform-for-static-hosting >"$log" 2>&1; then
    grep -E -A8 "warning:|error:" "$log" | head -n 60 >&2
    echo "docs: the documentation has warnings (above)" >&2
    exit 1
fi
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
missing = []
for module in ["harmonic", "harmonicengine", "harmonicblas", "harmonicrender", "harmoniclottie"]:
    page = json.load(open(f"{out}/data/documentation/{module}.json"))
    for section in page.get("topicSections", []):
        if section.get("generated"):
            missing += [i.rsplit("/", 1)[-1] + f" ({module})" for i in section["identifiers"]]
if missing:
    print("docs: public symbols missing from their module's Topics: " + ", ".join(missing), file=sys.stderr)
    sys.exit(1)
PY
echo "docs: $out/documentation/{harmonic,harmonicengine,harmonicblas,harmonicrender,harmoniclottie} (no warnings; every public symbol curated)"
