# Real-world validation (docs/validation/README.md): deletionlint on a pinned
# corpus of controller-runtime projects (docs/validation/projects.txt), compared
# with the reviewed expectation files docs/validation/NAME.txt.
#
#   make validate          print per-rule TP/FP/accepted/FN, precision and recall,
#                          the appeared/vanished findings; fail on any change
#                          (about 2 minutes once the modules are cached; the
#                          first run downloads and compiles every project's
#                          dependencies: 1 to 2 hours on 2 cores and tens of
#                          GB of Go build cache: plan for 50 GB free)
#   make validate-update   rewrite the expectation files (new findings get verdict ?)
#
# VALIDATE_ONLY=name,name restricts the run to some projects.

VALIDATE_ONLY ?=

.PHONY: validate validate-update

validate: $(BIN)/deletionlint
	nice -n 5 $(GO) run ./hack/validate -bin $(BIN)/deletionlint -only "$(VALIDATE_ONLY)"

validate-update: $(BIN)/deletionlint
	nice -n 5 $(GO) run ./hack/validate -bin $(BIN)/deletionlint -only "$(VALIDATE_ONLY)" -update

# make test runs the mechanism on two projects of the corpus (Cluster API and
# controller-runtime's examples: about 15 seconds once their modules are
# cached, a few minutes the first time), so a change to a rule that moves
# one of their reviewed findings, or to the harness, fails make test too.
# The whole corpus is make validate.
VALIDATE_SMOKE ?= controller-runtime,cluster-api

.PHONY: validate-smoke
validate-smoke: $(BIN)/deletionlint
	GO=$(GO) hack/disk.sh --scratch $(TEST_SCRATCH_GB) nice -n 5 $(GO) run ./hack/validate -bin $(BIN)/deletionlint -only "$(VALIDATE_SMOKE)"

TEST_TARGETS += validate-smoke
