# Race test: deletionlint built with the race detector (-race) must report
# exactly what the normal build reports, with no data race: standalone on the
# example operator, under go vet on the rules' test cases. See
# hack/race/run.sh.
#
#   make race-test

.PHONY: race-test
race-test: $(BIN)/deletionlint
	$(GO) build -race -o $(BIN)/deletionlint-race ./cmd/deletionlint
	hack/race/run.sh $(BIN)/deletionlint $(BIN)/deletionlint-race $(CURDIR)/examples $(CURDIR)/analyzers

TEST_TARGETS += race-test
