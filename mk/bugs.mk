# Reported bugs (hack/bugs/README.md): deletion bugs that users reported and
# maintainers fixed in public operators, each run at the commit before the
# fix and at the fix, from the Go module proxy. It prints, per rule, the
# bugs caught (recall) in the tune half and in the held-out half, and the
# fixes that silence their finding; it lists the tune half's misses only.
#
#   make bugs            every bug (the first run downloads and compiles each
#                        operator's dependencies at two commits: hours on 2
#                        cores; the build cache, its own under
#                        $TMPDIR/deletionlint-bugs, is emptied between bugs
#                        when the disk has 15 GB or less free:
#                        BUGS_FLAGS=-min-free=GB to change it)
#                        A run that stops goes on where it stopped when made
#                        again with the same binary: the findings of each
#                        run are kept by the binary's digest.
#   make bugs BUGS_ONLY=id,id
#   make bugs BUGS_RULES=rule,rule   the bugs of some rules, in both halves
#                        (a rule change judged on its rule's held-out bugs
#                        without naming them)
#   make bugs BUGS_HALF=heldout      one half only (tune or heldout): the
#                        held-out half judged alone, its bugs unnamed
#
# Not part of make test: too slow. Its scoring is unit-tested (go test
# ./hack/bugs).

BUGS_ONLY ?=
BUGS_RULES ?=
BUGS_HALF ?=
BUGS_FLAGS ?=

.PHONY: bugs
bugs: $(BIN)/deletionlint
	nice -n 5 $(GO) run ./hack/bugs -bin $(BIN)/deletionlint -only "$(BUGS_ONLY)" -rules "$(BUGS_RULES)" -half "$(BUGS_HALF)" $(BUGS_FLAGS)
