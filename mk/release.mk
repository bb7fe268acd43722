# Release rehearsal (e2e/release, build tag e2e): the checkout's modules
# published at the version golangci-plugin/go.mod requires of the root
# module, into a module proxy on the file system, then `go install
# .../cmd/deletionlint@vX`, golangci-lint built with the plugin at vX as
# `golangci-lint custom` builds it, and the example built against the runtime
# module at vX, all from that proxy with no replace directive. See
# docs/releasing.md.
#
#   make release-check   about 2 minutes once make golangci-lint has run

RELEASE_TEST_FLAGS ?= -count=1 -timeout=30m

.PHONY: release-check
release-check: golangci-lint
	GO=$(GO) hack/disk.sh --scratch $(TEST_SCRATCH_GB) $(GO) test -tags e2e $(RELEASE_TEST_FLAGS) ./e2e/release

TEST_TARGETS += release-check
