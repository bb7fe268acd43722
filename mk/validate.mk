# Real-world validation (docs/validation/README.md): deletionlint on a pinned
# corpus of controller-runtime projects (docs/validation/projects.txt), compared
# with the reviewed expectation files docs/validation/NAME.txt.
#
#   make validate          print per-rule TP/FP/accepted/FN, precision and recall,
#                          the appeared/vanished findings; fail on any change
#   make validate-update   rewrite the expectation files (new findings get verdict ?)
#
# VALIDATE_ONLY=name,name restricts the run to some projects.

VALIDATE_ONLY ?=

.PHONY: validate validate-update

validate: $(BIN)/deletionlint
	nice -n 5 $(GO) run ./hack/validate -bin $(BIN)/deletionlint -only "$(VALIDATE_ONLY)"

validate-update: $(BIN)/deletionlint
	nice -n 5 $(GO) run ./hack/validate -bin $(BIN)/deletionlint -only "$(VALIDATE_ONLY)" -update
