# Thin wrappers; see docs/operations.md. The work happens in infra/scripts and package.json scripts.
# Every recipe runs with Node.js 24 first on PATH (fetched into .tools/node when the system's is older).
SHELL := $(CURDIR)/infra/scripts/node24-shell.sh
.DEFAULT_GOAL := help

.PHONY: help start test compose-check k8s-check bench reliability

help:
	@echo 'make start          run the whole stack in the foreground (gateway on $${GATEWAY_PORT:-8080})'
	@echo 'make test           lint, type check, unit, integration, compose and Kubernetes checks, browser e2e tests'
	@echo 'make compose-check  validate docker-compose.yml'
	@echo 'make k8s-check      render every infra/k8s overlay and validate it against the Kubernetes schemas (offline)'
	@echo 'make bench          benchmarks, each printed against a baseline measured in the same run'
	@echo 'make reliability    load and memory-soak runs (RELIABILITY_SOAK_MINUTES, default 10); see docs/operations.md'

start:
	@infra/scripts/start.sh

test: compose-check k8s-check
	npm run lint
	npm run typecheck
	npm run test:unit
	npm run test:frontend
	npm run test:integration
	npm run build
	npm run test:e2e

compose-check:
	@infra/scripts/compose-check.sh

k8s-check:
	@infra/scripts/k8s-check.sh

bench:
	npm run bench

reliability:
	npm run reliability
	infra/scripts/security-fuzz.sh
