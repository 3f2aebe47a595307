# Harmonic — the commands a newcomer needs:
#   make demo   build, then write example curves (CSV + summary) to out/ and say where
#   make test   the checks of every change, within fifteen minutes on 2 cores: format, docs, one
#               debug build for all of them, the Swift unit tests (with every fuzz seed replayed
#               through its contract), the C interface's example and header checks, make
#               install/uninstall in a temporary prefix, the Python package's tests, the studio's
#               JSON API, the Lottie players' cross-check and one notebook, all headless
#   make check  the long runs CI adds after make test: the studio in headless Chromium, every
#               notebook against the release Python package, the Lottie conformance quick pass
#               (After Effects' renders), and a short libFuzzer pass with AddressSanitizer
#   make bench  benchmarks (ordo-one suite) and the comparison with numpy/scipy (see README)
#   make fuzz, make properties   the long fuzzing and property runs
#   make lottie-conformance      every file of the shared Lottie corpus drawn by Harmonic, rlottie
#               and ThorVG, scored against After Effects' renders and the agreeing peers
#   make lottie-conformance-engine   the same for the engine player, beside the direct one
#   make install, make uninstall the tool on the PATH (PREFIX, default /usr/local) with its
#               manual page and completions, and exactly those files removed again
# Each installs what a fresh Debian machine with only the Swift toolchain lacks. Every step of
# make test and make check prints its time (scripts/step.sh).

SWIFT  ?= swift
OUT    ?= out
PREFIX ?= /usr/local
BIN     = $(shell $(SWIFT) build --show-bin-path)/harmonic

.PHONY: all demo test check test-portable build deps clean notebooks bench bench-quick fuzz properties format docs \
	install uninstall lottie-conformance lottie-conformance-engine release-tool

all: demo

## System packages the build needs (idempotent; skipped when already present).
deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

demo: build
	@scripts/demo.sh "$(BIN)" "$(OUT)"

test: deps
	@scripts/step.sh static-checks sh -c 'python3 scripts/check-float80.py && python3 scripts/check-conversions.py \
		&& scripts/format.sh --check && python3 scripts/readme_examples.py --check'
	@scripts/step.sh docs scripts/docs.sh
	@scripts/step.sh build $(SWIFT) build
	@HARMONIC_BIN="$(BIN)" scripts/step.sh swift-test $(SWIFT) test --parallel
	@scripts/step.sh c-interface scripts/c-interface.sh
	@scripts/step.sh install-check scripts/install-check.sh
	@scripts/step.sh python-package scripts/python-package.sh "$(BIN)" debug
	@scripts/step.sh studio-api scripts/studio-check.sh "$(BIN)" api
	@scripts/step.sh lottie-players scripts/lottie-check.sh "$(BIN)" players
	@scripts/step.sh notebook scripts/run-notebooks.sh "$(BIN)" springs.ipynb

## The long runs, after make test (CI runs both): the studio's page in headless Chromium
## (installed through apt on first use), every notebook executed against the Python package
## built in release, the Lottie conformance harness's quick pass (every After Effects reference
## of the shared corpus, drawn by Harmonic, rlottie and ThorVG) and scripts/fuzz.sh --quick
## (its own release build with libFuzzer and AddressSanitizer: the committed seeds, then 3,000
## fixed-seed mutations per target).
check: deps
	@scripts/step.sh build $(SWIFT) build
	@scripts/step.sh studio-browser scripts/studio-check.sh "$(BIN)" browser
	@scripts/step.sh python-package-release scripts/python-package.sh "$(BIN)" release
	@scripts/step.sh notebooks scripts/run-notebooks.sh "$(BIN)"
	@scripts/step.sh lottie-conformance-quick scripts/lottie-check.sh "$(BIN)" conformance
	@scripts/step.sh fuzz-quick scripts/fuzz.sh --quick

## The DocC documentation of Harmonic, HarmonicEngine and HarmonicBLAS as a static site in
## .build/docs (browse it with `python3 -m http.server -d .build/docs`, then
## http://localhost:8000/documentation/harmonic). `make test` builds it too and fails on a
## documentation warning or an uncurated public symbol.
docs: deps
	@scripts/docs.sh

## Formats every Swift file with `swift format` and .swift-format (`make test` checks it).
format:
	@scripts/format.sh

## The tests with the references arm64 uses (double-double instead of Float80), on this machine.
test-portable: deps
	$(SWIFT) build --scratch-path .build-portable -Xswiftc -DHARMONIC_DOUBLE_DOUBLE_REFERENCE
	HARMONIC_BIN="$(BIN)" $(SWIFT) test --parallel --scratch-path .build-portable -Xswiftc -DHARMONIC_DOUBLE_DOUBLE_REFERENCE

## Every fuzz target for FUZZ_SECONDS seconds each (default 600): libFuzzer + AddressSanitizer
## over the spec JSON, CSS easings, SVG path data, scenes and command lines (see Fuzz/README.md).
fuzz: deps
	@scripts/fuzz.sh

## The property tests at full size: 100,000 random cases per property (release build).
## `make test` runs the same properties with 2,000 cases each.
properties: deps
	HARMONIC_PROPERTY_CASES=100000 $(SWIFT) test -c release -Xswiftc -enable-testing \
		--filter 'HarmonicTests\.(Spring|TimingFunction|TimingModel|Path|Keyframe|Decay)Properties'

## The Lottie conformance harness over the whole corpus in ../shared/lottie-corpus (CORPUS=…):
## the report, the per-feature scoreboard and a picture sheet for every state Harmonic fails go
## to .build/lottie-conformance; the scoreboard is also written to
## Tests/LottieConformance/SCOREBOARD.md. `make check` runs its quick subset.
## Both corpus runs use a release build: the harness gives each frame a time limit, and a debug
## build's engine player takes ten times longer on large files.
CORPUS ?= ../shared/lottie-corpus
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)/harmonic
release-tool: deps
	$(SWIFT) build -c release --product harmonic

lottie-conformance: release-tool
	@scripts/lottie-conformance.sh "$(RELEASE_BIN)" "$(CORPUS)"

## The same with Harmonic's engine player, each state also drawn directly and compared:
## .build/lottie-conformance-engine and Tests/LottieConformance/SCOREBOARD-engine.md.
lottie-conformance-engine: release-tool
	@PLAYER=engine scripts/lottie-conformance.sh "$(RELEASE_BIN)" "$(CORPUS)"

## Execute the notebooks only (creates .venv from notebooks/requirements.txt on first use and
## installs the Python package into it).
notebooks: build
	@scripts/python-package.sh "$(BIN)" release
	@scripts/run-notebooks.sh "$(BIN)"

## Benchmarks (release builds): the ordo-one suite in Benchmarks/, then Harmonic against numpy,
## scipy and the plain-store floor on identical workloads (Benchmarks/peers/compare.py; numpy and
## scipy come from .venv when the system Python lacks them).
bench: deps
	cd Benchmarks && $(SWIFT) package benchmark --no-progress
	python3 Benchmarks/peers/compare.py --readme

## The peer comparison only, with fewer repetitions.
bench-quick: deps
	python3 Benchmarks/peers/compare.py --quick

## `harmonic` in $(PREFIX)/bin (a release build with the Swift runtime linked in), its manual
## page in share/man/man1, its bash, zsh and fish completions, and a manifest of those files.
install: deps
	@scripts/install.sh "$(DESTDIR)$(PREFIX)"

## Removes exactly what `make install` put in $(PREFIX) (from its manifest).
uninstall:
	@scripts/uninstall.sh "$(DESTDIR)$(PREFIX)"

clean:
	rm -rf .build $(OUT)
