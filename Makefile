GO      ?= go
BIN     := bin/hookexec
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: build install test test-go-latest test-windows fmt-check vet lint cross demo bench fuzz soak e2e release-tools release-check clean

# A static binary (no cgo): it starts about 0.6 ms faster, which every
# agent event pays (docs/benchmarks.md).
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o $(BIN) ./cmd/hookexec

# Install the binary that make build makes into BINDIR: $(go env GOBIN),
# else the first $(go env GOPATH)/bin, where go install puts it; PREFIX=DIR
# installs into DIR/bin. The file is replaced by a rename, so a running
# hookexec (a serve) keeps its binary. It says where the binary went and
# whether that directory is on PATH: an agent may run hooks with a shorter
# PATH than your shell's, which is why 'hookexec install' writes the
# absolute path into the agents' settings.
PREFIX ?=
BINDIR ?= $(if $(PREFIX),$(PREFIX)/bin,$(or $(shell $(GO) env GOBIN),$(firstword $(subst :, ,$(shell $(GO) env GOPATH)))/bin))
install: build
	@echo "==> install $(BIN) into $(BINDIR)"
	@mkdir -p "$(BINDIR)"
	cp $(BIN) "$(BINDIR)/.hookexec.tmp"
	chmod 0755 "$(BINDIR)/.hookexec.tmp"
	mv -f "$(BINDIR)/.hookexec.tmp" "$(BINDIR)/hookexec"
	@echo "installed $(BINDIR)/hookexec ($$("$(BINDIR)/hookexec" version))"
	@case ":$$PATH:" in \
	*":$(BINDIR):"*|*":$(BINDIR)/:"*) \
		first="$$(command -v hookexec)"; \
		if [ "$$first" != "$(BINDIR)/hookexec" ]; then \
			echo "$(BINDIR) is on PATH, but $$first comes first: remove it or put $(BINDIR) before it"; \
		else echo "$(BINDIR) is on PATH: run hookexec"; fi ;; \
	*) echo "$(BINDIR) is not on PATH: add it (export PATH=\"$(BINDIR):\$$PATH\") or run $(BINDIR)/hookexec;"; \
		echo "'hookexec install' writes the absolute path into the agents' settings either way" ;; \
	esac

# Everything CI runs: modules, format check, vet, lint, cross-builds, race
# tests. Each step says what it is doing first; go test prints each package
# as it finishes.
test:
	@echo "==> go mod download"
	$(GO) mod download
	$(MAKE) --no-print-directory fmt-check vet lint cross
	@echo "==> go test -race (all packages, a few minutes)"
	$(GO) test -race -count=1 -timeout 20m ./...
	@echo "==> hookexec:default and hookexec:strict against cc-safety-net's cases (docs/rules.md)"
	@$(GO) test -count=1 -run 'TestSafetynet(Strict)?Score$$' -v ./internal/rules/pack | grep '^hookexec:'

# The suite on the newest Go release hookexec supports (go.mod's version is
# the oldest); the toolchain downloads through the module proxy. No -race,
# to keep it short.
GO_LATEST ?= go1.27.4
test-go-latest:
	GOTOOLCHAIN=$(GO_LATEST) $(GO) test -count=1 ./...

# The Windows build's tests under Wine: the runner package and the fire
# smoke test, as Windows binaries (installs wine64 when it is missing).
test-windows:
	./scripts/wine/test.sh

fmt-check:
	@echo "==> gofmt check"
	@out="$$(gofmt -l cmd internal scripts schema e2e examples 2>/dev/null)"; \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	@echo "==> go vet"
	$(GO) vet ./...

# golangci-lint with the linters of .golangci.yml (which says why each),
# run as Linux, macOS and Windows, as cross vets them. On the other two,
# unused is left out: code used only by another platform's files is not
# dead. golangci-lint is a tool, not a dependency of the module: it is
# installed at a pinned version from the module proxy into bin/tools/ on
# first use (about a minute and a half on two cores with cold module and
# build caches; later runs reuse the binary, or the build cache after make
# clean).
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT := bin/tools/golangci-lint-$(GOLANGCI_LINT_VERSION)/golangci-lint
$(GOLANGCI_LINT):
	@echo "==> golangci-lint: installing $(GOLANGCI_LINT_VERSION) into bin/tools/ (first run only, about 1.5 min)"
	GOBIN=$(CURDIR)/$(dir $@) CGO_ENABLED=0 $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)

lint: $(GOLANGCI_LINT)
	@echo "==> golangci-lint (as Linux, macOS and Windows)"
	$(GOLANGCI_LINT) run ./...
	GOOS=darwin $(GOLANGCI_LINT) run --disable unused ./...
	GOOS=windows $(GOLANGCI_LINT) run --disable unused ./...

# Build and vet (which type-checks the tests too) for the other platforms,
# so none can silently break. Linux runs the whole suite (make test);
# Windows runs its part under Wine (make test-windows). -trimpath as in the
# release builds, so make release-check finds these packages compiled.
CROSS := darwin/arm64 darwin/amd64 freebsd/amd64 linux/arm64 windows/amd64
cross:
	@set -e; for p in $(CROSS); do \
		echo "==> cross-build and vet $$p"; \
		GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) build -trimpath ./... ; \
		GOOS=$${p%/*} GOARCH=$${p#*/} CGO_ENABLED=0 $(GO) vet ./... ; \
	done

# Fire the shipped example config at a dangerous and a harmless command.
demo: build
	@./scripts/demo.sh $(BIN)

# Time hookexec against its baselines, draw the chart and run the Go
# benchmarks of the hot paths (docs/benchmarks.md). Results go to bin/bench/;
# pass harness options with BENCH_FLAGS (go run ./scripts/bench -h).
bench:
	CGO_ENABLED=0 $(GO) run ./scripts/bench -ldflags "-s -w -X main.version=$(VERSION)" $(BENCH_FLAGS)

# Run every fuzz target of the module (each func FuzzX in any package, found
# with go test -list) for FUZZTIME each, one at a time. Their seed corpora
# (testdata/fuzz/FuzzX) already run as ordinary tests in make test; this
# explores further. A crasher is written to the package's testdata/fuzz/FuzzX:
# fix it and commit it as a seed. Results: docs/fuzzing.md. Go minimizes each
# new interesting input for up to 60 s by default, which stalls a one-minute
# run (no executions counted meanwhile): FUZZMINIMIZE bounds that.
FUZZTIME ?= 1m
FUZZMINIMIZE ?= 5s
fuzz:
	@list="$$($(GO) test -list '^Fuzz' ./...)" || { echo "$$list"; exit 1; }; \
	echo "$$list" | awk '/^Fuzz/ { n[++c] = $$1; next } /^ok/ { for (i = 1; i <= c; i++) print $$2, n[i]; c = 0 }' | \
	{ fail=0; while read -r pkg target; do \
		echo "fuzz $$pkg $$target ($(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg </dev/null || fail=1; \
	done; exit $$fail; }

# 10,000 fires in a row, 200 at once and 10,000 through the engine in one
# process; every verdict checked, then no process, zombie, descriptor or
# thread may be left over (docs/soak.md). Not part of make test: minutes.
soak:
	$(GO) run ./scripts/soak $(SOAK_FLAGS)

# The real agents against hookexec: the pinned Claude Code and Gemini CLI
# packages from npm (e2e/package.json), a fake model API on 127.0.0.1, each
# scenario's policies run once as the agent's own hooks and once through
# hookexec (docs/e2e.md). Options for go test in E2E_FLAGS (e.g. -run, -v).
e2e:
	./e2e/run.sh

# The release configuration (.goreleaser.yaml): goreleaser check, then a
# snapshot release of every archive, package, the cask and the Scoop manifest
# into dist/, without a tag, without publishing and without signing (a
# release signs checksums.txt with cosign keyless, which needs the release
# job's identity and the network: .goreleaser.yaml, signs). goreleaser is a
# tool, not a dependency of the module: it is installed at a pinned version
# into bin/tools/ (compiling it takes minutes with a cold build cache; later
# runs reuse the binary, or the build cache after make clean).
GORELEASER_VERSION := v2.16.0
GORELEASER := bin/tools/goreleaser-$(GORELEASER_VERSION)/goreleaser
$(GORELEASER):
	GOBIN=$(CURDIR)/$(dir $@) CGO_ENABLED=0 $(GO) install github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION)

release-tools: $(GORELEASER)

release-check: $(GORELEASER)
	$(GORELEASER) check
	$(GORELEASER) release --snapshot --clean --skip=publish,sign
	@if grep -q com.apple.quarantine dist/homebrew/Casks/hookexec.rb; then \
		echo "dist/homebrew/Casks/hookexec.rb strips the download quarantine"; exit 1; fi
	@if ldd dist/hookexec_linux_amd64_v1/hookexec >/dev/null 2>&1; then \
		echo "dist/hookexec_linux_amd64_v1/hookexec is dynamically linked"; exit 1; fi
	dist/hookexec_linux_amd64_v1/hookexec version

clean:
	rm -rf bin dist
