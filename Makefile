# Muster: the two commands a new user needs are `make run` and `make test`.
GO ?= go
NPM ?= npm
BIN := bin/muster
HTMX := static/htmx.min.js
HTMX_NPM := node_modules/htmx.org/dist/htmx.min.js

.PHONY: run test build lint gofmt-check vet fmt bench fuzz generate generate-check assets loadtest sheets-png

# run starts the web app at http://127.0.0.1:8080 with the database muster.db (created and
# migrated on first start); Ctrl+C stops it gracefully.
run: build
	./$(BIN) serve --addr 127.0.0.1:8080 --db muster.db

build: assets
	$(GO) build -o $(BIN) ./cmd/muster

# The web app's tests drive Chromium page by page (the longest package, about 7 minutes on
# two cores): the timeout leaves room above go test's default of 10 minutes per package.
# staticcheck runs beside the tests rather than before them: it analyses every package
# again, dependencies included (about two and a half CPU-minutes on a fresh machine), and
# the tests leave a core idle while browsers and processes wait. Its findings fail the run
# all the same, printed after the tests'.
test: generate-check gofmt-check vet
	@sc=$$(mktemp); $(GO) tool staticcheck ./... >$$sc 2>&1 & pid=$$!; \
	  $(GO) test -timeout 25m ./...; status=$$?; \
	  if ! wait $$pid; then echo "staticcheck:"; cat $$sc; status=1; fi; \
	  rm -f $$sc; exit $$status

lint: gofmt-check vet
	$(GO) tool staticcheck ./...

gofmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./costing/ ./rules/battle/

# The front end: htmx is pinned in package.json (package-lock.json) and installed from npm;
# the copy embedded in the binary, static/htmx.min.js, is refreshed from it. The copy is
# committed too, so that a plain `go build` works on a fresh clone without npm.
assets: $(HTMX)

$(HTMX_NPM): package.json package-lock.json
	$(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

$(HTMX): $(HTMX_NPM)
	cp $(HTMX_NPM) $(HTMX)

# templ components: views/*.templ -> views/*_templ.go (committed).
generate:
	$(GO) tool templ generate -path views

# generate-check fails when a generated file is stale or the embedded htmx is not the
# pinned one: it regenerates into a scratch copy and compares.
generate-check: assets
	@cmp -s $(HTMX) $(HTMX_NPM) || { echo "$(HTMX) is not the htmx pinned in package.json: run make assets"; exit 1; }
	@tmp=$$(mktemp -d) && trap 'rm -rf $$tmp' EXIT && cp views/*.templ $$tmp/ && \
	  $(GO) tool templ generate -path $$tmp >/dev/null 2>&1 && \
	  for f in $$tmp/*_templ.go; do \
	    g=views/$$(basename $$f); \
	    cmp -s $$f $$g || { echo "$$g is stale: run make generate"; exit 1; }; \
	  done && \
	  for g in views/*_templ.go; do \
	    [ -f $$tmp/$$(basename $$g) ] || { echo "$$g has no views/*.templ: remove it"; exit 1; }; \
	  done

# loadtest measures the editor's cost-update request on loopback, a 10,000-battle matchup from
# the web page, and the mixed load of issue 30 against `muster serve` run as its own process:
# 200 players, 500 players, and 50 players while two 100,000-battle matchups play (see
# docs/benchmarks.md; bounded, loopback only, not part of make test). PLAYERS=N runs the
# mixed load once with N players instead.
LOADTEST_GO = MUSTER_LOADTEST=1 $(GO) test -count=1 -v -timeout 30m ./cmd/muster/internal/web/
loadtest:
ifdef PLAYERS
	MUSTER_LOADTEST_PLAYERS=$(PLAYERS) $(LOADTEST_GO) -run 'TestLoadMixed$$'
else
	$(LOADTEST_GO) -run 'TestLoadEditorPreview|TestLoadMatchup'
	MUSTER_LOADTEST_PLAYERS=200 $(LOADTEST_GO) -run 'TestLoadMixed$$'
	MUSTER_LOADTEST_PLAYERS=500 $(LOADTEST_GO) -run 'TestLoadMixed$$'
	MUSTER_LOADTEST_PLAYERS=50 MUSTER_LOADTEST_SIMS=2 $(LOADTEST_GO) -run 'TestLoadMixed$$'
endif

# fuzz runs each reader of untrusted input for FUZZTIME (five minutes) in turn: army files,
# limits files and the editor's form (CI runs only their seed corpora, as part of go test;
# docs/benchmarks.md, Fuzzing). FUZZTIME=30m for longer.
FUZZTIME ?= 5m
fuzz:
	$(GO) test ./roster -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZTIME)
	$(GO) test ./roster -run '^$$' -fuzz '^FuzzReadLimits$$' -fuzztime $(FUZZTIME)
	$(GO) test ./cmd/muster/internal/web -run '^$$' -fuzz '^FuzzArmyForm$$' -fuzztime $(FUZZTIME)

# sheets-png prints the book's sample record sheets (Diagrams 19, 23, 25, 27) and the mixed
# army's roster to PDF and PNG in SHEETS_OUT, to compare by eye with the book (needs chromium
# and poppler-utils). PAPER=letter for US Letter.
SHEETS_OUT ?= /tmp/muster-sheets
PAPER ?= a4
sheets-png: build
	@mkdir -p $(SHEETS_OUT)
	for f in blue-rangers wuwuhuul sc-4x creatures; do \
	  ./$(BIN) sheet rules/data/forces/$$f.yaml --paper $(PAPER) --pdf $(SHEETS_OUT)/$$f.pdf && \
	  pdftoppm -r 100 -png $(SHEETS_OUT)/$$f.pdf $(SHEETS_OUT)/$$f || exit 1; \
	done
	./$(BIN) sheet costing/testdata/mixed-2000.yaml --paper $(PAPER) --pdf $(SHEETS_OUT)/mixed-2000.pdf 2>/dev/null; \
	  pdftoppm -r 100 -png $(SHEETS_OUT)/mixed-2000.pdf $(SHEETS_OUT)/mixed-2000
	@echo "record sheets in $(SHEETS_OUT)"
