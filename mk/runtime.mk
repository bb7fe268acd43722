# Runtime companion module (runtime/): its tests run against a real
# kube-apiserver, etcd and kube-controller-manager (garbage collector only)
# through controller-runtime's envtest.
#
# `make kube-binaries` builds the control-plane binaries from the Go module
# proxy (hack/kube, hack/etcd) rather than downloading release archives, once,
# into a directory keyed by version outside the checkout, and reuses them
# after that.
# Tests find them through KUBEBUILDER_ASSETS.
#
#   make kube-binaries   build (or reuse) the binaries; prints their directory
#   make runtime-test    build them when missing, then go test ./... in runtime/,
#                        once per supported controller-runtime minor

KUBE_VERSION      := v1.37.1
ETCD_VERSION      := v3.7.3
KUBE_CACHE_ROOT   ?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME),$(HOME)/.cache)/deletionlint
KUBEBUILDER_ASSETS ?= $(KUBE_CACHE_ROOT)/kube-$(KUBE_VERSION)-etcd-$(ETCD_VERSION)
RUNTIME_TEST_FLAGS ?= -count=1 -timeout=20m

KUBE_BINARIES := $(KUBEBUILDER_ASSETS)/kube-apiserver \
                 $(KUBEBUILDER_ASSETS)/kube-controller-manager \
                 $(KUBEBUILDER_ASSETS)/etcd

# version.gitVersion and friends are what `kube-apiserver --version` and the
# /version endpoint report; without them a module build reports v0.0.0.
KUBE_LDFLAGS := -s -w \
	-X k8s.io/component-base/version.gitVersion=$(KUBE_VERSION) \
	-X k8s.io/component-base/version.gitMajor=$(word 1,$(subst ., ,$(patsubst v%,%,$(KUBE_VERSION)))) \
	-X k8s.io/component-base/version.gitMinor=$(word 2,$(subst ., ,$(patsubst v%,%,$(KUBE_VERSION)))) \
	-X k8s.io/component-base/version.gitTreeState=clean

.PHONY: kube-binaries runtime-test runtime-vet
kube-binaries: $(KUBE_BINARIES)
	@echo "KUBEBUILDER_ASSETS=$(KUBEBUILDER_ASSETS)"

# Each binary is built into a temporary name and renamed, so an interrupted
# build never leaves a half-written binary that later runs would reuse.
# The directory is keyed by version, so only a missing binary is built: a
# fresh clone's go.mod is newer than the cached binaries (git keeps no
# modification times) and must not force a rebuild.
#
# The three share a build cache of their own, removed when they are built:
# the Kubernetes and etcd packages they compile (about 3.5 GB, measured
# 2026-12-06) are needed by no other build (-trimpath and CGO_ENABLED=0 key
# them apart from the tests' builds) and never again once the binaries are
# kept, and on a machine short of disk they are what make test can spare.
# hack/disk.sh removes a scratch cache an interrupted build left.
$(KUBE_BINARIES) &: | hack/kube/go.mod hack/etcd/go.mod
	@mkdir -p $(KUBEBUILDER_ASSETS)
	@set -e; scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/deletionlint-gocache.XXXXXX"); \
	trap 'rm -rf "$$scratch"' EXIT; \
	for b in kube-apiserver kube-controller-manager etcd; do \
		out=$(KUBEBUILDER_ASSETS)/$$b; \
		test -x $$out && continue; \
		case $$b in \
		etcd) dir=hack/etcd pkg=. flags='-s -w' ;; \
		*) dir=hack/kube pkg=k8s.io/kubernetes/cmd/$$b flags='$(KUBE_LDFLAGS)' ;; \
		esac; \
		echo "go build -o $$out $$pkg (in $$dir, GOCACHE=$$scratch)"; \
		(cd $$dir && GOCACHE=$$scratch CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$$flags" -o $$out.tmp $$pkg); \
		mv -f $$out.tmp $$out; \
	done

# The runtime module supports a range of controller-runtime minors: its
# go.mod requires the oldest (so that adding it upgrades nothing in a module
# on that version), and runtime/compat has a go.mod (and go.sum) for each
# newer one, which the tests use with -modfile.
RUNTIME_COMPAT := $(sort $(wildcard runtime/compat/controller-runtime-*.mod))

runtime-vet:
	cd runtime && $(GO) vet ./...
	@set -e; for m in $(RUNTIME_COMPAT:runtime/%=%); do \
		echo "go vet -modfile=$$m ./... (in runtime)"; \
		(cd runtime && $(GO) vet -modfile=$$m ./...); \
	done

runtime-test: kube-binaries runtime-vet
	cd runtime && KUBEBUILDER_ASSETS=$(KUBEBUILDER_ASSETS) $(GO) test $(RUNTIME_TEST_FLAGS) ./...
	@set -e; for m in $(RUNTIME_COMPAT:runtime/%=%); do \
		echo "go test -modfile=$$m ./... (in runtime)"; \
		(cd runtime && KUBEBUILDER_ASSETS=$(KUBEBUILDER_ASSETS) $(GO) test -modfile=$$m $(RUNTIME_TEST_FLAGS) ./...); \
	done

TEST_TARGETS += runtime-test
