# Mtaa: the two set-up commands are `make run` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Python 3.13: pyenv's versions first (`pyenv root`/versions/3.13.*), else python3.13 on PATH
# (checked to run: a pyenv shim without that version selected does not).
PYENV_ROOT_DIR := $(shell pyenv root 2>/dev/null || echo $(HOME)/.pyenv)
PYTHON313 := $(or $(lastword $(sort $(wildcard $(PYENV_ROOT_DIR)/versions/3.13.*/bin/python3.13))),$(shell python3.13 -c 'import sys; print(sys.executable)' 2>/dev/null))
VENV := .venv
PY := $(VENV)/bin/python
export PYTHONPATH := $(CURDIR)/layers/engine:$(CURDIR)/functions:$(CURDIR)
export AWS_DEFAULT_REGION ?= us-east-1

.PHONY: help venv lock requirements lock-check run test lint cfn-lint unit build bench simulate simulate4 smart-latency train clean publish-web vapid-keys redrive

help:
	@echo "make run    start the whole local stack (API, web client, timers, moto)"
	@echo "make test   lint, template checks, the lock check and every test"
	@echo "make lock   after editing pyproject.toml's dependencies: uv.lock, the Lambda requirement files, the venv"
	@echo "make bench  benchmarks (figures printed)"
	@echo "make simulate  1,000-game bot head-to-head tables, 2- and 4-player (GAMES=, JOBS=)"
	@echo "make simulate4 only the 4-player tables (Smart vs 3 Advanced, vs 3 Base; Advanced vs 3 Base)"
	@echo "make smart-latency  the Smart bot's decision times in 4-player games (one process)"
	@echo "make train     self-play explorer games, then retrain the Smart bot's model"
	@echo "make build  sam build, then bytecode for the whole package (deploy with: sam deploy)"
	@echo "make publish-web STACK=name   upload web/ to a deployed stack"
	@echo "make vapid-keys SUBJECT=mailto:you@example.org   a Web Push key pair for SSM"
	@echo "make redrive STACK=name       replay the deployed stack's dead-letter queue"

# Dependencies: pyproject.toml is the one hand-edited list; uv.lock pins every package with its
# hashes (README.md, "Dependencies"). The venv is installed from the lock exactly (uv sync
# --frozen), with uv itself (the dev group pins it; pip brings the locked version in first).
UV := $(VENV)/bin/uv
UV_VERSION = $(shell sed -n '/^name = "uv"$$/{n;s/^version = "\(.*\)"$$/\1/p;}' uv.lock)
UV_RUN := UV_PROJECT_ENVIRONMENT=$(VENV) UV_PYTHON_DOWNLOADS=never $(UV)
SYNC := sync --frozen --extra service --group dev
# The Lambda packages' requirement files, written from the lock (`make requirements`): the
# engine layer's (pydantic), and the functions' (the service and lambda extras, less what the
# layer brings). Every line pinned with its hashes: `sam build` installs exactly these.
EXPORT := export --frozen --no-dev --no-emit-project --format requirements-txt
LAYER_EXPORT := $(EXPORT)
FUNCTIONS_EXPORT := $(EXPORT) --extra service --extra lambda --prune pydantic

$(VENV)/.installed: pyproject.toml uv.lock
	@if [ -z "$(PYTHON313)" ]; then \
	  echo "Python 3.13 is needed: install it (e.g. 'pyenv install 3.13') or put python3.13 on PATH."; \
	  exit 1; fi
	@test -x $(PY) || $(PYTHON313) -m venv $(VENV)
	@test -x $(UV) || $(PY) -m pip install --quiet 'uv==$(UV_VERSION)'
	$(UV_RUN) $(SYNC) --python $(PY)
	@touch $@

venv: $(VENV)/.installed

# After editing pyproject.toml's dependencies (or to take newer releases: UPGRADE=--upgrade, or
# UPGRADE='--upgrade-package NAME'): resolve the lock again, rewrite the requirement files from
# it, install it.
lock:
	@test -x $(UV) || $(MAKE) venv
	$(UV_RUN) lock $(UPGRADE)
	$(MAKE) requirements venv

requirements: venv
	$(UV_RUN) $(LAYER_EXPORT) > layers/engine/requirements.txt
	$(UV_RUN) $(FUNCTIONS_EXPORT) > functions/requirements.txt

# In make test: the lock agrees with pyproject.toml, the requirement files with the lock, and
# the venv with the lock (a hand edit of any of them, or a forgotten `make lock`, fails here).
lock-check: venv
	$(UV_RUN) lock --check
	@diff -u layers/engine/requirements.txt <($(UV_RUN) $(LAYER_EXPORT) 2>/dev/null) \
	  || (echo "layers/engine/requirements.txt is not what uv.lock gives: make requirements"; exit 1)
	@diff -u functions/requirements.txt <($(UV_RUN) $(FUNCTIONS_EXPORT) 2>/dev/null) \
	  || (echo "functions/requirements.txt is not what uv.lock gives: make requirements"; exit 1)
	$(UV_RUN) $(SYNC) --check

run: venv
	$(PY) -m local

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/mypy

cfn-lint: venv
	$(VENV)/bin/cfn-lint template.yaml

# --maxschedchunk 1: xdist hands tests out one or two at a time as a worker frees up, in the
# order tests/conftest.py sorts them (long ones first). Its default first hands each worker a
# quarter of the collection in one block: the long tests, sorted first, would all land on one.
unit: venv
	$(PY) -m pytest -n 2 --maxschedchunk 1 -q

test: lint cfn-lint lock-check unit

bench: venv
	$(PY) -m benchmarks

# Bot self-play (docs/bots.md). JOBS processes: the machine's 2 cores are shared.
GAMES ?= 1000
JOBS ?= 2
RUNS := runs

simulate: venv
	$(PY) -m engine.bots simulate --bots smart,advanced --games $(GAMES) --seed 1000000 --jobs $(JOBS)
	$(PY) -m engine.bots simulate --bots smart,advanced --games $(GAMES) --seed 4000000 --jobs $(JOBS)
	$(PY) -m engine.bots simulate --bots advanced,base --games $(GAMES) --seed 2000000 --jobs $(JOBS)
	$(MAKE) simulate4

# The 4-player tables of issue 21 (docs/bots.md, "4-player tables").
simulate4: venv
	$(PY) -m engine.bots simulate --bots smart,advanced,advanced,advanced --games $(GAMES) --seed 5000000 --jobs $(JOBS)
	$(PY) -m engine.bots simulate --bots smart,base,base,base --games $(GAMES) --seed 6000000 --jobs $(JOBS)
	$(PY) -m engine.bots simulate --bots advanced,base,base,base --games $(GAMES) --seed 7000000 --jobs $(JOBS)

smart-latency: venv
	$(PY) -m benchmarks.smart_latency --games 8 --seed 8000000

train: venv
	mkdir -p $(RUNS)
	$(PY) -m engine.bots simulate --bots advanced,advanced --games 1200 --seed 100000 --explore --jobs $(JOBS) --histories $(RUNS)/x-aa.jsonl.gz
	$(PY) -m engine.bots simulate --bots advanced,advanced,advanced --games 200 --seed 200000 --explore --jobs $(JOBS) --histories $(RUNS)/x-3p.jsonl.gz
	$(PY) -m engine.bots simulate --bots advanced,advanced,advanced,advanced --games 200 --seed 300000 --explore --jobs $(JOBS) --histories $(RUNS)/x-4p.jsonl.gz
	$(PY) -m training.mtaani $(RUNS)/x-aa.jsonl.gz $(RUNS)/x-3p.jsonl.gz $(RUNS)/x-4p.jsonl.gz --jobs $(JOBS)

# The deployment package: `sam build`, then bytecode for everything it built (the functions'
# code, their dependencies and the engine layer). Lambda's /var/task is read-only and SAM's zips
# carry 1980 timestamps, so without bytecode checked by hash every cold start compiles every
# module it imports (benchmarks/cold_import.py measures it; docs/operations.md).
build: venv
	sam build
	$(PY) -m compileall -q -j 0 --invalidation-mode unchecked-hash .aws-sam/build

# Upload web/ to a deployed stack's bucket (CloudFront serves it), with config.js pointing at
# the stack's API: make publish-web STACK=<stack name>
publish-web: venv
	@test -n "$(STACK)" || (echo "usage: make publish-web STACK=<stack name>"; exit 1)
	$(PY) -m local.publish_web --stack $(STACK)

# A fresh VAPID key pair for Web Push, and the command that stores it where the stack reads it
# (the secret `vapid` under SecretsPath: /mtaa/vapid by default; docs/operations.md).
vapid-keys: venv
	@$(PY) -c 'import json, sys; from service.delivery import generate_vapid_keys; k = generate_vapid_keys(sys.argv[1]); print("aws ssm put-parameter --type SecureString --name /mtaa/vapid --value " + repr(json.dumps({"public_key": k.public_key, "private_key": k.private_key, "subject": k.subject})))' "$(or $(SUBJECT),mailto:operator@example.org)"

# Replay failed timers and events from a deployed stack's dead-letter queue (docs/operations.md).
redrive: venv
	@test -n "$(STACK)" || (echo "usage: make redrive STACK=<stack name>"; exit 1)
	$(PY) -m local.redrive --stack $(STACK)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .aws-sam
