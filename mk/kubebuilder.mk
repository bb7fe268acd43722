# A real kubebuilder project (e2e/kubebuilder, build tag e2e): kubebuilder
# v4 from the module proxy scaffolds a project; deletionlint reports nothing
# on the pristine scaffold and exactly the annotated findings once its
# controller creates a child it does not watch, in all three drivers, with
# the project's own .golangci.yml extended as docs/kubebuilder.md says.
#
#   make kubebuilder-e2e   about 3 minutes warm; the first run installs
#                          kubebuilder (kept by version) and compiles the
#                          scaffold's dependencies

KUBEBUILDER_TEST_FLAGS ?= -count=1 -timeout=30m

.PHONY: kubebuilder-e2e
kubebuilder-e2e:
	$(GO) test -tags e2e $(KUBEBUILDER_TEST_FLAGS) ./e2e/kubebuilder

TEST_TARGETS += kubebuilder-e2e
