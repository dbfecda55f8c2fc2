GO      ?= go
BIN     := bin/hookexec
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)

.PHONY: build test fmt-check vet demo bench clean

# A static binary (no cgo): it starts about 0.6 ms faster, which every
# agent event pays (docs/benchmarks.md).
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o $(BIN) ./cmd/hookexec

# Everything CI runs: modules, format check, vet, race tests.
test:
	$(GO) mod download
	$(MAKE) fmt-check vet
	$(GO) test -race -count=1 ./...

fmt-check:
	@out="$$(gofmt -l cmd internal scripts schema 2>/dev/null)"; \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# Fire the shipped example config at a dangerous and a harmless command.
demo: build
	@./scripts/demo.sh $(BIN)

# Time hookexec against its baselines, draw the chart and run the Go
# benchmarks of the hot paths (docs/benchmarks.md). Results go to bin/bench/;
# pass harness options with BENCH_FLAGS (go run ./scripts/bench -h).
bench:
	CGO_ENABLED=0 $(GO) run ./scripts/bench -ldflags "-s -w -X main.version=$(VERSION)" $(BENCH_FLAGS)

clean:
	rm -rf bin
