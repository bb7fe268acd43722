#!/usr/bin/env bash
# Runs deletionlint built with the race detector standalone on the example
# operator and as go vet's tool on the analyzers' test corpus, and checks
# that it reports exactly what the normal build reports: the rules share
# results and run in parallel on each package, and a data race there once
# made go vet miss a finding. The go vet leg runs on the rules' test cases
# (GOPATH trees of small stubs) rather than on the example, whose hundreds
# of Kubernetes dependencies would each cost a race-enabled process: the
# rules run in parallel within a package in both, and the test cases have
# more shapes.
#
#   hack/race/run.sh NORMAL_BINARY RACE_BINARY EXAMPLES_DIR ANALYZERS_DIR
set -euo pipefail
normal=$1 race=$2 dir=$3 analyzers=$4
# The test-case packages whose rules share results (deletion code,
# resolvers, children and builder chains); each RULE/... is in the GOPATH
# $analyzers/RULE/testdata, with the shared stubs in the second GOPATH entry
# $analyzers/internal/testdata.
corpus_pkgs="adapterdeletion/redis/... finalizerblock/... foregrounddeletion/... ownschildren/... driftgate/... blockownerdeletion/... ownerbyref/..."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export GORACE="halt_on_error=1 exitcode=66"

# run NAME CMD...: the findings of CMD, sorted, in $out/NAME; exit codes 0,
# 1 (go vet's "found something") and 3 (the command's) are expected.
run() {
	local name=$1
	shift
	local rc=0
	(cd "$dir" && "$@") >"$out/$name.raw" 2>&1 || rc=$?
	case $rc in
	0 | 1 | 3) ;;
	*)
		echo "race-test: $* exited $rc:" >&2
		head -50 "$out/$name.raw" >&2
		exit 1
		;;
	esac
	grep -E '^[^#].*\.go:[0-9]+:[0-9]+: ' "$out/$name.raw" | sort >"$out/$name"
}

status=0
for mode in standalone vet; do
	for build in normal race; do
		bin=${!build}
		if [ "$mode" = standalone ]; then
			run "$mode-$build" "$bin" ./buggy/...
		else
			: >"$out/$mode-$build"
			for pkgs in $corpus_pkgs; do
				rule=${pkgs%%/*}
				(export GOPATH=$analyzers/$rule/testdata:$analyzers/internal/testdata GO111MODULE=off GOFLAGS= && dir=$analyzers/$rule/testdata/src && run "$mode-$build-$rule" go vet -vettool="$bin" "$pkgs")
				cat "$out/$mode-$build-$rule" >>"$out/$mode-$build"
			done
		fi
	done
	if ! diff -u "$out/$mode-normal" "$out/$mode-race"; then
		echo "race-test: $mode: the race-enabled build reports differently" >&2
		status=1
	elif [ ! -s "$out/$mode-normal" ]; then
		echo "race-test: $mode: no findings" >&2
		status=1
	else
		echo "race-test: $mode: $(wc -l <"$out/$mode-normal") findings, no data race"
	fi
done
exit $status
