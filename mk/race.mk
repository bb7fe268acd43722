# Race test: deletionlint built with the race detector (-race) must report on
# the example operator exactly what the normal build reports, standalone and
# under go vet, with no data race. See hack/race/run.sh.
#
#   make race-test

.PHONY: race-test
race-test: $(BIN)/deletionlint
	$(GO) build -race -o $(BIN)/deletionlint-race ./cmd/deletionlint
	hack/race/run.sh $(BIN)/deletionlint $(BIN)/deletionlint-race $(CURDIR)/examples

TEST_TARGETS += race-test
