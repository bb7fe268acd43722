# Robustness: fuzzing every analyzer, and the SARIF schema check.
#
# The fuzz targets (analyzers/fuzz_test.go) type-check generated and mutated
# Go files against the shared stubs (analyzers/internal/testdata/src) and run every
# registered rule and isdeleting on them; a panic or an analyzer error is
# a failure. Crashers the fuzzer finds are written to
# analyzers/testdata/fuzz/<target>/ and replayed by every `go test` after.
#
#   make fuzz-short        each target for FUZZ_SHORT_TIME (part of make test)
#   make fuzz              each target for FUZZ_TIME
#   make sarif-schema-test validate -sarif output against the SARIF 2.1.0
#                          JSON schema (fetched from the npm registry)
#
# DELETIONLINT_FUZZ_EXCLUDE=rule,rule leaves rules out, to go on fuzzing the
# others while a crash found in one is being fixed.

FUZZ_TARGETS    := FuzzSource FuzzGenerated
FUZZ_SHORT_TIME ?= 10s
FUZZ_TIME       ?= 10m
# Two workers: the machines have two cores. Minimizing each new interesting
# input takes up to a minute by default, most of a short run: keep it short.
FUZZ_FLAGS      ?= -parallel=2 -fuzzminimizetime=5s

.PHONY: fuzz fuzz-short sarif-schema-test
fuzz-short:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $$t for $(FUZZ_SHORT_TIME)"; \
		$(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZ_SHORT_TIME) $(FUZZ_FLAGS) ./analyzers/ || exit 1; \
	done

fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $$t for $(FUZZ_TIME)"; \
		$(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZ_TIME) $(FUZZ_FLAGS) ./analyzers/ || exit 1; \
	done

# The schema ships in the npm package @microsoft/jest-sarif (MIT), as
# lib/schemas/sarif-2.1.0-rtm.5.json, the final SARIF 2.1.0 schema. It is
# fetched once with `npm pack` into a cache directory outside the checkout.
SARIF_NPM_PACKAGE := @microsoft/jest-sarif@1.0.0-beta.0
SARIF_CACHE       ?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME),$(HOME)/.cache)/deletionlint/sarif
SARIF_SCHEMA      := $(SARIF_CACHE)/sarif-2.1.0-rtm.5.json

# Without npm or the npm registry this fails in one line that says so (make
# test needs both, once; the README says so under "Two commands").
$(SARIF_SCHEMA):
	@command -v npm >/dev/null || { echo "sarif-schema-test needs npm (and the npm registry, once) to fetch the SARIF schema; install npm, or put the schema at $@"; exit 1; }
	@mkdir -p $(SARIF_CACHE)/pack
	@cd $(SARIF_CACHE)/pack && { npm pack --silent $(SARIF_NPM_PACKAGE) >/dev/null 2>npm.err || \
		{ echo "sarif-schema-test: npm pack $(SARIF_NPM_PACKAGE) failed (is the npm registry reachable?): $$(head -1 npm.err)"; exit 1; }; } && \
		tar -xzf microsoft-jest-sarif-*.tgz package/lib/schemas/sarif-2.1.0-rtm.5.json
	mv -f $(SARIF_CACHE)/pack/package/lib/schemas/sarif-2.1.0-rtm.5.json $@

sarif-schema-test: $(SARIF_SCHEMA)
	cd internal/sarif/schematest && $(GO) vet ./... && \
		SARIF_SCHEMA=$(SARIF_SCHEMA) $(GO) test -count=1 ./...

TEST_TARGETS += sarif-schema-test fuzz-short
