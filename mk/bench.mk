# Performance: deletionlint against its floor, the noop command (bench/noop:
# the same driver with one analyzer that does nothing), on real controller
# trees from the module proxy (pinned in bench/runner/main.go), a tree that
# imports nothing of Kubernetes, and generated trees of BENCH_SIZES
# controllers. It prints a Markdown table: wall time, CPU time and peak
# memory for go vet (warm, and cold for BENCH_COLD), the standalone command
# and, when bin/custom-gcl exists (make golangci-lint), golangci-lint with
# only deletionlint against only govet. The ratios come from alternating
# runs; absolute times depend on the machine and its load.
#
#   make bench                      about 15 minutes on 2 idle cores the
#                                   first time (downloads and compiles the
#                                   trees' dependencies), less after
#   make bench BENCH_REPS=5 BENCH_SIZES=100,300
#
# The target modules and built tools are kept in BENCH_WORK.

BENCH_WORK  ?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME),$(HOME)/.cache)/deletionlint/bench
BENCH_REPS  ?= 3
BENCH_SIZES ?= 50,150,300
BENCH_COLD  ?= gen-50
BENCH_TARGETS ?=

.PHONY: bench
bench:
	$(GO) run ./bench/runner -work=$(BENCH_WORK) -reps=$(BENCH_REPS) -sizes=$(BENCH_SIZES) \
		-cold=$(BENCH_COLD) -targets=$(BENCH_TARGETS) -golangci=$(BIN)/custom-gcl
