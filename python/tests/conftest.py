"""Shared helpers: the `harmonic` command-line tool as the reference the package must match."""

import json
import os
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _tool() -> str:
    explicit = os.environ.get("HARMONIC_BIN")
    if explicit:
        return explicit
    found = shutil.which("harmonic")
    if found:
        return found
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.strip()
    return str(pathlib.Path(bin_path) / "harmonic")


@pytest.fixture(scope="session")
def cli():
    """Runs `harmonic ARGS…` and returns its parsed JSON output (`--format json`)."""
    tool = _tool()
    if not pathlib.Path(tool).exists():
        pytest.skip(f"the harmonic tool is not built ({tool}); run `swift build` or set HARMONIC_BIN")

    def run(*args):
        out = subprocess.run([tool, *args, "--format", "json"], check=True, capture_output=True, text=True).stdout
        data = json.loads(out)
        if "samples" in data:  # `harmonic scene`: rows of (time, layer, keyPath, value)
            return {"value": np.asarray(data["samples"]["value"], dtype=float), "events": data["events"]}
        return {k: np.asarray(v, dtype=float) for k, v in data.items()}

    return run


def spec_text(spec) -> str:
    return spec if isinstance(spec, str) else json.dumps(spec)
