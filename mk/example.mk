# Example operator (examples/, its own Go module): a small controller-runtime
# operator in two copies, examples/buggy with deliberate violations of every
# rule (each marked "// finding: RULE" on the line reported) and
# examples/fixed with each violation fixed.
#
#   make example         print deletionlint's findings on examples/buggy
#   make example-fixed   fail if deletionlint reports anything on examples/fixed
#   make example-build   go build and go vet the example module
#   make example-scenarios  run the example's deletion tests (examples/scenarios):
#                        each copy against a real control plane through
#                        runtime/deletiontest; the buggy copy must fail each
#                        rule's scenario with the expected message, the fixed
#                        copy must pass it. Builds the control-plane binaries
#                        on first use (kube-binaries, mk/runtime.mk).
#
# deletionlint exits 3 when it reports findings, which is what the example is
# for: `make example` prints them and succeeds, and fails on any other error.
# EXAMPLE_FLAGS are passed to deletionlint (e.g. -RULE=false to leave a rule
# out).

EXAMPLE_DIR   := $(CURDIR)/examples
EXAMPLE_FLAGS ?=
EXAMPLE_SCENARIOS_FLAGS ?= -count=1 -timeout=20m

.PHONY: example example-fixed example-build example-scenarios

example: $(BIN)/deletionlint
	@echo "$(strip deletionlint $(EXAMPLE_FLAGS) ./buggy/...)   (in examples/)"
	@cd $(EXAMPLE_DIR) && { $(BIN)/deletionlint $(EXAMPLE_FLAGS) ./buggy/...; rc=$$?; \
		case $$rc in \
		3) echo "example: findings reported above (expected: see examples/README.md)";; \
		0) echo "example: no findings on examples/buggy; are the rules registered?";; \
		*) echo "example: deletionlint failed with exit code $$rc" >&2; exit $$rc;; \
		esac; }

example-fixed: $(BIN)/deletionlint
	@echo "$(strip deletionlint $(EXAMPLE_FLAGS) ./fixed/...)   (in examples/)"
	@cd $(EXAMPLE_DIR) && { $(BIN)/deletionlint $(EXAMPLE_FLAGS) ./fixed/...; rc=$$?; \
		case $$rc in \
		0) echo "example-fixed: no findings";; \
		3) echo "example-fixed: findings on examples/fixed, which must have none" >&2; exit 1;; \
		*) echo "example-fixed: deletionlint failed with exit code $$rc" >&2; exit $$rc;; \
		esac; }

example-build:
	cd $(EXAMPLE_DIR) && $(GO) build ./... && $(GO) vet ./...

example-scenarios: kube-binaries
	cd $(EXAMPLE_DIR) && $(GO) vet ./scenarios/ && \
		KUBEBUILDER_ASSETS=$(KUBEBUILDER_ASSETS) $(GO) test $(EXAMPLE_SCENARIOS_FLAGS) ./scenarios/

TEST_TARGETS += example-scenarios
