# Race test: deletionlint built with the race detector (-race) must report
# exactly what the normal build reports, with no data race: standalone on the
# example operator, under go vet on the rules' test cases (see
# hack/race/run.sh); and the shared results queried from many goroutines at
# once (the TestConcurrent* tests of the shared analyses).
#
#   make race-test

.PHONY: race-test
race-test: $(BIN)/deletionlint
	$(GO) build -race -o $(BIN)/deletionlint-race ./cmd/deletionlint
	hack/race/run.sh $(BIN)/deletionlint $(BIN)/deletionlint-race $(CURDIR)/examples $(CURDIR)/analyzers
	$(GO) test -race -count=1 -run '^TestConcurrent' ./analyzers/internal/facts/...

TEST_TARGETS += race-test
