#!/usr/bin/env bash
# Checks, before make test builds anything, that the disks of Go's build
# cache and of $TMPDIR have room for it. When one has not, it first frees
# what earlier runs of make test left behind, then checks again:
#
#  1. Go build cache entries unused for more than a day (what Go's own trim
#     does after five days; a machine that runs make test many times a day,
#     as CI does, fills its disk before then);
#  2. golangci-lint's result cache, control-plane binaries of versions other
#     than the one pinned, and the scratch trees of make validate, make bugs,
#     the runtime tests and the control-plane build left in $TMPDIR by
#     interrupted runs (a day old);
#  3. the whole Go build cache (go clean -cache), which the run refills.
#
# It stops at the first step that frees enough, and prints one line for each
# step it takes. TEST_TRIM=0 stops with the message instead of freeing.
#
# Usage: hack/disk.sh FIRST_GB LATER_GB KUBE_CACHE_ROOT KUBE_DIR BINARY...
# A run needs FIRST_GB free when a control-plane binary is missing or the
# build cache is nearly empty (a first run), LATER_GB otherwise.
#
#    or: hack/disk.sh --scratch GB COMMAND...
# runs COMMAND, a stage of make test whose compiled packages no other stage
# reads (a kubebuilder project's, the release rehearsal's, make validate's
# projects'); when the disk of the build cache has less than GB free, with a
# build cache of its own under $TMPDIR, removed when COMMAND exits, so that
# what it compiles does not stay on a disk short of room. A later run on a
# roomy disk keeps them, and reuses them.
set -euo pipefail

go=${GO:-go}
cache=$("$go" env GOCACHE)
tmp=${TMPDIR:-/tmp}

# need prints the free space, in GB, this run needs.
need() {
	local b
	for b in "$@"; do
		[ -x "$b" ] || { echo "$first"; return; }
	done
	# A warm cache holds well over 50000 files; fewer than 20000 is a first run.
	if [ "$(find "$cache" -maxdepth 2 -type f 2>/dev/null | head -n 20000 | wc -l)" -lt 20000 ]; then
		echo "$first"
	else
		echo "$later"
	fi
}

# free prints the free space, in whole GB, of the disk that holds $1.
free() {
	local d=$1
	while [ ! -d "$d" ]; do d=$(dirname "$d"); done
	df -Pk "$d" | awk 'NR==2 { print int($4/1048576) }'
}

# short prints the first of the two directories whose disk has less than
# the run needs, with its free space; nothing when both have room.
short() {
	local n d f
	n=$(need "$@")
	for d in "$cache" "$tmp"; do
		f=$(free "$d")
		if [ "$f" -lt "$n" ]; then
			echo "$d $f $n"
			return
		fi
	done
}

report() {
	echo "make test: $1 GB free on the disk of $2, needs about $3 GB: $4" >&2
}

if [ "${1:-}" = --scratch ]; then
	want=$2
	shift 2
	have=$(free "$cache")
	[ "$have" -ge "$want" ] && exec "$@"
	scratch=$(mktemp -d "$tmp/deletionlint-gocache.XXXXXX")
	trap 'rm -rf "$scratch"' EXIT
	echo "make test: $have GB free on the disk of $cache, less than $want: $* builds in a cache of its own, removed after ($scratch)" >&2
	GOCACHE=$scratch "$@"
	exit
fi

first=$1 later=$2 kube_root=$3 kube_dir=$4
shift 4

lack=$(short "$@")
[ -z "$lack" ] && exit 0
read -r dir have want <<<"$lack"
if [ "${TEST_TRIM:-1}" = 0 ]; then
	report "$have" "$dir" "$want" "free some (go clean -cache empties the build cache), or set TEST_FREE_GB and TEST_FREE_GB_FIRST lower"
	exit 1
fi

report "$have" "$dir" "$want" "removing Go build cache entries unused for a day"
find "$cache" -mindepth 2 -maxdepth 2 -type f -mmin +1440 -delete 2>/dev/null || true
lack=$(short "$@")
[ -z "$lack" ] && exit 0
read -r dir have want <<<"$lack"

report "$have" "$dir" "$want" "removing golangci-lint's cache, other versions' control-plane binaries and day-old scratch trees"
gcl=${GOLANGCI_LINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/golangci-lint}
rm -rf "$gcl"
for d in "$kube_root"/kube-*-etcd-*; do
	[ -d "$d" ] && [ "$d" != "$kube_dir" ] && rm -rf "$d"
done
find "$tmp" -mindepth 1 -maxdepth 1 -mmin +1440 \
	\( -name deletionlint-validate -o -name deletionlint-bugs -o -name 'deletiontest-kcm-*' -o -name 'bench-gocache*' \
	-o -name 'deletionlint-gocache.*' \) \
	-exec rm -rf {} + 2>/dev/null || true
lack=$(short "$@")
[ -z "$lack" ] && exit 0
read -r dir have want <<<"$lack"

report "$have" "$dir" "$want" "emptying Go's build cache (go clean -cache); this run refills it"
"$go" clean -cache
lack=$(short "$@")
[ -z "$lack" ] && exit 0
read -r dir have want <<<"$lack"
report "$have" "$dir" "$want" "free some, or set TEST_FREE_GB and TEST_FREE_GB_FIRST lower"
exit 1
