# Performance: deletionlint against its floor, the noop command (bench/noop:
# the same drivers with one analyzer that does nothing, no facts, no
# requirements), in one run, alternating the two, with the medians of
# several repetitions. It prints a Markdown table: per target, driver and
# cache state, the median wall and CPU time and the peak memory of both
# tools, the median of the per-run ratios and the issue's goal, met or not:
#
#   vet         go vet -vettool=deletionlint against -vettool=noop, <= 1.15x
#   standalone  deletionlint PATTERNS against noop PATTERNS, <= 1.3x
#   golangci    bin/custom-gcl (make golangci-lint) with only deletionlint
#               against only govet, when the binary exists
#   graph       deletionlint graph -test PATTERNS against deletionlint
#               PATTERNS, the run whose findings it draws, <= 1.1x
#
# Warm is the presubmit case: the caches hold everything from an earlier
# run of both tools (dependencies compiled, their vet results and facts
# cached), then every root package is edited: before each run the runner
# writes zz_bench_edit.go, a constant with a new value, into each root
# package, so the roots are compiled and analysed again (and go vet cannot
# answer from its result cache); the files are removed afterwards. Cold is
# an empty GOCACHE for every run (go vet and standalone, on BENCH_COLD).
#
# Targets, all analysed as the user's own module: writable copies, in
# BENCH_WORK/src, of Cluster API v1.14.2 (./core/reconcilers/...
# ./controllers/...), controller-runtime v0.25.2 (./pkg/...) and
# golang.org/x/tools v0.52.0 (./go/..., a tree importing nothing of
# Kubernetes), from the module cache; and generated trees of BENCH_SIZES
# controllers (gen-N), with a second table of the cost per controller at
# each size and its ratio between the largest and the smallest size (1.0
# is linear growth). Absolute times depend on the machine and its load,
# printed with the table.
#
# config-connector, the largest real tree (Config Connector's
# ./pkg/controller/direct/..., about 150 packages over a very large API
# tree), is measured when BENCH_KCC names its source: a checkout, or the git
# directory of one without a work tree. The module proxy does not serve it;
# the runner copies it, replaces the modules the proxy refuses by empty
# local modules and leaves out the packages that then do not load.
#
#   make bench                      one to two hours on 2 cores (the
#                                   generated trees of 300 controllers and the
#                                   cold runs take most of it); the first time
#                                   also copies the trees and downloads their
#                                   dependencies
#   make bench BENCH_REPS=5 BENCH_SIZES=100,300 BENCH_TARGETS=gen-100,gen-300
#   make bench BENCH_TARGETS=config-connector BENCH_KCC=/path/to/k8s-config-connector
#   make bench BENCH_TARGETS=cluster-api BENCH_DRIVERS=graph BENCH_SLOW_REPS=3
#
# BENCH_REPS counts the warm go vet runs of each tool, BENCH_SLOW_REPS the
# warm standalone, graph and golangci-lint ones, BENCH_COLD_REPS the cold
# ones. BENCH_DRIVERS picks drivers (vet, standalone, graph, golangci).
#
# The copies, the built tools and the golangci-lint cache are kept in
# BENCH_WORK.

BENCH_WORK  ?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME),$(HOME)/.cache)/deletionlint/bench
BENCH_REPS  ?= 3
BENCH_SLOW_REPS ?= 1
BENCH_COLD_REPS ?= 1
BENCH_SIZES ?= 50,150,300
BENCH_COLD  ?= gen-50
BENCH_TARGETS ?=
BENCH_KCC   ?=
BENCH_DRIVERS ?=

.PHONY: bench
bench:
	$(GO) run ./bench/runner -work=$(BENCH_WORK) -reps=$(BENCH_REPS) -slow-reps=$(BENCH_SLOW_REPS) \
		-cold-reps=$(BENCH_COLD_REPS) -sizes=$(BENCH_SIZES) -cold=$(BENCH_COLD) -targets=$(BENCH_TARGETS) -golangci=$(BIN)/custom-gcl -kcc=$(BENCH_KCC) -drivers=$(BENCH_DRIVERS)
