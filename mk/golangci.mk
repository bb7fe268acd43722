# A real golangci-lint with the deletionlint module plugin linked in.
#
# `golangci-lint custom` builds such a binary from .custom-gcl.yml by cloning
# golangci-lint from GitHub, which CI cannot reach. hack/golangci is the same
# program as a module of its own: golangci-lint's main (pinned in its go.mod)
# plus a blank import of golangci-plugin, with replace directives to this
# checkout. Its go.sum is committed, so the build needs only the module
# proxy (or the module cache).
#
#   make golangci-lint   build (or reuse) bin/custom-gcl: about 3.5 minutes
#                        cold on 2 cores, 1.5 minutes when only the
#                        analyzers changed, nothing when nothing did
#   make lint            lint this repository with it (see .golangci.yml;
#                        part of make test)
#   make golangci-plugin-test  the plugin's unit tests (part of make test)

GOLANGCI_LINT      := $(BIN)/custom-gcl
GOLANGCI_VERSION   := $(shell awk '$$1 == "github.com/golangci/golangci-lint/v2" { print $$2 }' hack/golangci/go.mod)

# Everything linked into the binary from this checkout: the wrapper, the
# plugin, and the analyzers with their module files and the packages of
# internal/ they import (go list -deps ./analyzers/... names them; a unit
# test, TestGolangciInputs, fails when this list misses one). Tests and
# testdata are not linked, so editing them does not force a rebuild.
GOLANGCI_INTERNAL := internal/config internal/generated internal/graph
GOLANGCI_INPUTS := hack/golangci/go.mod hack/golangci/go.sum hack/golangci/main.go \
	golangci-plugin/go.mod golangci-plugin/go.sum \
	$(filter-out %_test.go,$(wildcard golangci-plugin/*.go)) \
	go.mod go.sum \
	$(shell find analyzers $(GOLANGCI_INTERNAL) -name '*.go' ! -name '*_test.go' ! -path '*/testdata/*' 2>/dev/null)

.PHONY: golangci-lint golangci-plugin-test lint
golangci-lint: $(GOLANGCI_LINT)

# version and date are what `custom-gcl version` reports. golangci-lint
# salts its result cache with the version (the binary's own hash only when
# it has none), so the version says which plugin is linked in, as
# `golangci-lint custom` does (2.15.0-custom-gcl-HASH): the pinned version
# and a hash of the inputs. With the bare pinned version, a rebuilt binary
# would answer unchanged packages from the results of the analyzers it was
# built with before (issue 36). The date is the pinned version's release
# time from the module cache. The binary is written under a temporary name
# and renamed so an interrupted build never leaves a half-written binary.
$(GOLANGCI_LINT): $(GOLANGCI_INPUTS)
	@mkdir -p $(@D)
	inputs=$$(sha256sum $(sort $(GOLANGCI_INPUTS)) | sha256sum | cut -c1-16) && \
	cd hack/golangci && \
	date=$$($(GO) list -m -f '{{.Time.UTC.Format "2006-01-02T15:04:05Z"}}' github.com/golangci/golangci-lint/v2) && \
	$(GO) build -trimpath -ldflags "-s -w \
		-X main.version=$(patsubst v%,%,$(GOLANGCI_VERSION))-custom-gcl-$$inputs \
		-X main.commit=deletionlint-plugin \
		-X main.date=$$date" \
		-o $@.tmp .
	mv -f $@.tmp $@

# The modules linted, each in its own directory (golangci-lint lints one
# module at a time). The example operator (examples/) is not: its buggy/
# tree exists to be reported.
LINT_MODULES := . golangci-plugin hack/golangci runtime

lint: $(GOLANGCI_LINT)
	@set -e; for m in $(LINT_MODULES); do \
		echo "custom-gcl run ./... in $$m"; \
		(cd $$m && $(GOLANGCI_LINT) run ./...); \
	done

golangci-plugin-test:
	cd golangci-plugin && $(GO) vet ./... && $(GO) test ./...

TEST_TARGETS += golangci-plugin-test lint
