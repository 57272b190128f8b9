# Muster: the two commands a new user needs are `make run` and `make test`.
GO ?= go
BIN := bin/muster

.PHONY: run test build lint fmt bench fuzz

run: build
	./$(BIN) help

build:
	$(GO) build -o $(BIN) ./cmd/muster

test: lint
	$(GO) test ./...

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./costing/
