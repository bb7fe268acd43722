# A real kubebuilder project (e2e/kubebuilder, build tag e2e): kubebuilder
# v4 from the module proxy scaffolds a project, edited exactly as
# docs/kubebuilder.md says; the scaffold's own `make lint` runs golangci-lint
# at the version its Makefile pins, built from the module proxy with the
# plugins of its .custom-gcl.yml (logcheck and deletionlint's, from this
# checkout) and handed to the Makefile with GOLANGCI_LINT=. deletionlint
# reports nothing on the pristine scaffold and exactly the annotated
# findings once its controller creates a child it does not watch, in all
# three drivers.
#
#   make kubebuilder-e2e   about 4 minutes warm; the first run installs
#                          kubebuilder (kept by version under
#                          ~/.cache/deletionlint) and compiles the
#                          scaffold's dependencies and that golangci-lint

KUBEBUILDER_TEST_FLAGS ?= -count=1 -timeout=30m

.PHONY: kubebuilder-e2e
kubebuilder-e2e:
	GO=$(GO) hack/disk.sh --scratch $(TEST_SCRATCH_GB) $(GO) test -tags e2e $(KUBEBUILDER_TEST_FLAGS) ./e2e/kubebuilder

TEST_TARGETS += kubebuilder-e2e
