"""Builds the package's native part: the HarmonicC library of the Swift package one folder up.

`pip install ./python` runs `swift build -c release --product HarmonicC` in the repository
(or in HARMONIC_SWIFT_PACKAGE, a folder with Package.swift) and copies libHarmonicC into the
package, with the Swift runtime libraries it loads from the toolchain, so the installed package
needs no Swift toolchain at run time. HARMONIC_SWIFT_CONFIGURATION=debug builds the debug library
instead (the repository's `make test` does, to share the build its other tests use; the default
is release). Building needs the Swift toolchain (6.1 or later) and what
the Swift package needs (see the repository's README).
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = pathlib.Path(__file__).resolve().parent
LIBRARY = "libHarmonicC.dylib" if sys.platform == "darwin" else "libHarmonicC.so"


def swift_package() -> pathlib.Path:
    root = pathlib.Path(os.environ.get("HARMONIC_SWIFT_PACKAGE", HERE.parent)).resolve()
    if not (root / "Package.swift").exists():
        raise SystemExit(
            f"harmonic: no Package.swift in {root}; build from the repository's python/ folder "
            "or set HARMONIC_SWIFT_PACKAGE to the Swift package"
        )
    return root


def header_constants(header: pathlib.Path) -> str:
    """The enumerations of harmonic.h as a Python module (`harmonic/_header.py`), so the package
    uses the header's own names and numbers and never a copy of them."""
    text = header.read_text(encoding="utf-8")
    lines = [
        '"""The enumerations of harmonic.h, generated from the header when the package is built."""',
        "",
    ]
    for name, body in re.findall(r"typedef enum (\w+) \{(.*?)\} \1;", text, flags=re.S):
        lines.append(f"# {name}")
        for constant, value in re.findall(r"\b(HARMONIC_[A-Z0-9_]+) = (\d+)", body):
            lines.append(f"{constant} = {value}")
        lines.append("")
    return "\n".join(lines)


def version(root: pathlib.Path) -> str:
    """Harmonic's version, from its one home in the Swift package (HarmonicVersion.swift)."""
    source = (root / "Sources" / "Harmonic" / "Support" / "HarmonicVersion.swift").read_text(encoding="utf-8")
    match = re.search(r'static let string = "([0-9]+\.[0-9]+\.[0-9]+)"', source)
    if not match:
        raise SystemExit("harmonic: no version string in HarmonicVersion.swift")
    return match.group(1)


def runtime_libraries(library: pathlib.Path, toolchain: pathlib.Path) -> list:
    """The shared libraries `library` loads from the Swift toolchain (ldd), to ship beside it."""
    if sys.platform == "darwin":
        return []  # the Swift runtime is part of macOS
    out = subprocess.run(["ldd", str(library)], check=True, capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        parts = line.split("=>")
        if len(parts) == 2 and parts[1].strip().startswith("/"):
            path = pathlib.Path(parts[1].split("(")[0].strip())
            if toolchain in path.parents:
                found.append(path)
    return found


class BuildWithSwift(build_py):
    def run(self):
        super().run()
        root = swift_package()
        swift = os.environ.get("SWIFT", "swift")
        configuration = os.environ.get("HARMONIC_SWIFT_CONFIGURATION", "release")
        if configuration not in ("release", "debug"):
            raise SystemExit(f"harmonic: HARMONIC_SWIFT_CONFIGURATION must be release or debug, not {configuration!r}")
        command = [swift, "build", "-c", configuration, "--product", "HarmonicC", "--package-path", str(root)]
        print("harmonic: " + " ".join(command), flush=True)
        subprocess.run(command, check=True)
        bin_path = subprocess.run(
            command[:-2] + ["--package-path", str(root), "--show-bin-path"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
        library = pathlib.Path(bin_path) / LIBRARY
        target = pathlib.Path(self.build_lib) / "harmonic"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(library, target / LIBRARY)
        header = root / "Sources" / "CHarmonic" / "include" / "harmonic.h"
        (target / "_header.py").write_text(header_constants(header), encoding="utf-8")
        toolchain = pathlib.Path(shutil.which(swift) or swift).resolve().parent.parent
        for runtime in runtime_libraries(library, toolchain):
            shutil.copy2(runtime, target / runtime.name)


class BinaryDistribution(Distribution):
    """A wheel for this platform (it carries a native library)."""

    def has_ext_modules(self):
        return True


setup(version=version(swift_package()), cmdclass={"build_py": BuildWithSwift}, distclass=BinaryDistribution)
