# End-to-end tests (e2e/, build tag e2e): the real deletionlint command, go
# vet -vettool and the custom golangci-lint (make golangci-lint) run on the
# annotated example operator (examples/) and must agree. See e2e/doc.go.
#
#   make e2e   build the drivers when needed, then run the tests

E2E_TEST_FLAGS ?= -count=1 -timeout=45m

.PHONY: e2e
e2e: golangci-lint
	$(GO) test -tags e2e $(E2E_TEST_FLAGS) ./e2e

TEST_TARGETS += e2e
