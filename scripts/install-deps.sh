#!/usr/bin/env bash
# Installs what Harmonic's build and tests need on a fresh Debian machine that has only the
# Swift toolchain. Safe to run repeatedly: it installs only what is missing.
set -euo pipefail

need_apt=()
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
# OpenBLAS's CBLAS for the HarmonicBLAS target (found through pkg-config's `openblas`).
if ! pkg-config --exists openblas 2>/dev/null && ! dpkg -s libopenblas-dev >/dev/null 2>&1; then
  need_apt+=(libopenblas-dev)
fi
# librsvg and cairo for `harmonic plot --format png` (loaded at run time; the build needs no headers).
if ! dpkg -s librsvg2-2 >/dev/null 2>&1; then
  need_apt+=(librsvg2-2)
fi
# A C and a C++ compiler and nm for the C interface's checks (scripts/c-interface.sh).
command -v cc >/dev/null 2>&1 || need_apt+=(gcc)
command -v c++ >/dev/null 2>&1 || need_apt+=(g++)
command -v nm >/dev/null 2>&1 || need_apt+=(binutils)
# libcurl's development files for builds with the Swift runtime linked in (--static-swift-stdlib
# takes Foundation's networking part): `make install` and the export benchmark of `make bench`.
if ! dpkg -s libcurl4-openssl-dev >/dev/null 2>&1; then
  need_apt+=(libcurl4-openssl-dev)
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing system packages: ${need_apt[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
fi
