# deletionlint: `make test` runs every test (what CI runs); `make example`
# prints the findings on the example operator. See README.md.

GO      ?= go
BIN     := $(CURDIR)/bin
export PATH := $(BIN):$(PATH)

# Each mk/*.mk adds its part: targets, and the names of the test targets it
# contributes to TEST_TARGETS (run by `make test` after the unit tests).
TEST_TARGETS :=
include $(sort $(wildcard mk/*.mk))

.PHONY: all build test unit vet
all: build

build: $(BIN)/deletionlint

$(BIN)/deletionlint: FORCE
	$(GO) build -o $@ ./cmd/deletionlint

unit:
	$(GO) vet ./...
	$(GO) test ./...

test: prerequisites unit $(TEST_TARGETS)

# What make test needs besides this checkout, checked first so that a
# missing tool, or a disk too full for the build, stops it at once with one
# line rather than deep in a compiler's output. hack/disk.sh tells a first
# run from a later one and, when the disk is short, frees what earlier runs
# left (old build cache entries first) before it gives up.
#
# A first run on a new machine (2026-12-06, cold caches) grew the build
# cache by 8.8 GB and the module cache by 1.9 GB, and used 12.8 GB at its
# peak; the control-plane binaries' build, 5.3 GB at its peak, leaves
# nothing in the build cache (mk/runtime.mk). The stages whose compiled
# packages no other stage reads (kubebuilder-e2e 1.6 GB, release-check 1.1,
# validate-smoke 1.6) build in a cache of their own, removed after, when
# the build cache's disk has less than TEST_SCRATCH_GB free as they start:
# 10.6 GB at the peak then (measured up to the release rehearsal, whose
# scratch cache and module cache are the peak). Later runs need a few.
TEST_FREE_GB_FIRST ?= 12
TEST_FREE_GB       ?= 4
TEST_SCRATCH_GB    ?= 10
.PHONY: prerequisites
prerequisites:
	@command -v $(GO) >/dev/null || { echo "make test: needs Go 1.26 or later ($(GO) not found)" >&2; exit 1; }
	@test -f $(SARIF_SCHEMA) || command -v npm >/dev/null || { echo "make test: needs npm and the npm registry to fetch the SARIF 2.1.0 schema once (or put the schema at $(SARIF_SCHEMA))" >&2; exit 1; }
	@todo=""; \
	test -f $(SARIF_SCHEMA) || todo="$$todo, the SARIF schema (npm)"; \
	test -f $(MERMAID_JS) || todo="$$todo, mermaid@$(MERMAID_VERSION) (npm)"; \
	test -x "$(CHROMIUM)" || todo="$$todo, chromium (apt-get)"; \
	test -x "$(DOT)" || todo="$$todo, graphviz (apt-get)"; \
	for b in $(KUBE_BINARIES); do test -x $$b || { todo="$$todo, kube-apiserver, kube-controller-manager and etcd (built from the module proxy, about 7 minutes)"; break; }; done; \
	if [ -n "$$todo" ]; then echo "make test: installs or builds on first use, into $(KUBE_CACHE_ROOT) or the system:$${todo#,}"; fi
	@GO=$(GO) hack/disk.sh $(TEST_FREE_GB_FIRST) $(TEST_FREE_GB) $(KUBE_CACHE_ROOT) $(KUBEBUILDER_ASSETS) $(KUBE_BINARIES)

.PHONY: FORCE
FORCE:

# docs/rules.md, the README's table of rules, the rule names of the
# directives, docs/nogo.md's analyzers and the settings' keys in
# docs/configuration.md and docs/golangci.md are generated from the rules'
# descriptors (internal/rulesdoc); a unit test fails when one is stale.
.PHONY: docs
docs:
	$(GO) test ./internal/rulesdoc -run TestGeneratedCurrent -update
