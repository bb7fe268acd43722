# The deletion graph (deletionlint graph, docs/graph.md) rendered by the real
# tools that draw it for users: the Mermaid output by the Mermaid library in
# headless Chromium, the DOT output by Graphviz's dot. The tests (e2e/graph,
# build tag e2e) draw the example operator (examples/buggy and fixed) and
# the golden graphs of cmd/deletionlint/testdata/graph, fail on any render
# error or warning, and write a PNG of each to GRAPH_OUT; they also check
# that the example's graphs in docs/graph.md and the README are current.
#
#   make graph-e2e     install what is missing (below), then run the tests
#                      (part of make test)
#   make graph-tools   install Chromium and Graphviz (Debian packages, with
#                      apt-get, as a CI step would) when they are missing,
#                      and Mermaid (npm) once per MERMAID_VERSION
#   make docs          also rewrites the example's graphs in docs/graph.md
#                      and the README
#
# Mermaid is installed with npm into GRAPH_CACHE, one directory per version,
# outside the checkout; Chromium and Graphviz need root or sudo the first
# time. The paths of the three tools are given to the tests as CHROMIUM,
# DOT and MERMAID_JS.

GRAPH_CACHE     ?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME),$(HOME)/.cache)/deletionlint/graph
GRAPH_OUT       ?= $(BIN)/graph
MERMAID_VERSION ?= 11.17.2
MERMAID_JS      := $(GRAPH_CACHE)/mermaid-$(MERMAID_VERSION)/node_modules/mermaid/dist/mermaid.min.js
CHROMIUM        ?= $(shell command -v chromium 2>/dev/null || echo /usr/bin/chromium)
DOT             ?= $(shell command -v dot 2>/dev/null || echo /usr/bin/dot)
GRAPH_E2E_FLAGS ?= -count=1 -timeout=20m
# apt-get as root, or through sudo.
APT_GET         := $(if $(filter 0,$(shell id -u)),,sudo )apt-get

.PHONY: graph-e2e graph-tools graph-debian-packages graph-docs

# make docs rewrites the example's graphs too (needs no browser).
docs: graph-docs
graph-docs:
	$(GO) test -tags e2e -count=1 ./e2e/graph -run TestDocsCurrent -update

graph-e2e: graph-tools
	CHROMIUM=$(CHROMIUM) DOT=$(DOT) MERMAID_JS=$(MERMAID_JS) GRAPH_OUT=$(GRAPH_OUT) \
		$(GO) test -tags e2e $(GRAPH_E2E_FLAGS) ./e2e/graph

graph-tools: graph-debian-packages $(MERMAID_JS)

# Installs only what is missing: a machine that has both runs nothing.
graph-debian-packages:
	@missing=""; \
	test -x "$(CHROMIUM)" || missing="$$missing chromium"; \
	test -x "$(DOT)" || missing="$$missing graphviz"; \
	if [ -n "$$missing" ]; then \
		echo "graph-tools: installing$$missing (Debian packages)"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq --no-install-recommends $$missing; \
	fi

$(MERMAID_JS):
	@command -v npm >/dev/null || { echo "graph-tools needs npm (and the npm registry, once) to install mermaid@$(MERMAID_VERSION)"; exit 1; }
	mkdir -p $(GRAPH_CACHE)/mermaid-$(MERMAID_VERSION)
	cd $(GRAPH_CACHE)/mermaid-$(MERMAID_VERSION) && npm install --no-save --no-audit --no-fund --silent mermaid@$(MERMAID_VERSION)
	@test -f $@ || { echo "mermaid@$(MERMAID_VERSION) has no $@"; exit 1; }

TEST_TARGETS += graph-e2e
