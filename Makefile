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

test: unit $(TEST_TARGETS)

.PHONY: FORCE
FORCE:

# docs/rules.md is generated from the registry and the rules' doc.go; a unit
# test fails when it is stale.
.PHONY: docs
docs:
	$(GO) test ./internal/rulesdoc -run TestRulesDocCurrent -update
