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

.PHONY: help venv run test lint cfn-lint unit build bench simulate simulate4 smart-latency train clean publish-web vapid-keys redrive

help:
	@echo "make run    start the whole local stack (API, web client, timers, moto)"
	@echo "make test   lint, template checks and every test"
	@echo "make bench  benchmarks (figures printed)"
	@echo "make simulate  1,000-game bot head-to-head tables, 2- and 4-player (GAMES=, JOBS=)"
	@echo "make simulate4 only the 4-player tables (Smart vs 3 Advanced, vs 3 Base; Advanced vs 3 Base)"
	@echo "make smart-latency  the Smart bot's decision times in 4-player games (one process)"
	@echo "make train     self-play explorer games, then retrain the Smart bot's model"
	@echo "make build  sam build, then bytecode for the whole package (deploy with: sam deploy)"
	@echo "make publish-web STACK=name   upload web/ to a deployed stack"
	@echo "make vapid-keys SUBJECT=mailto:you@example.org   a Web Push key pair for SSM"
	@echo "make redrive STACK=name       replay the deployed stack's dead-letter queue"

$(VENV)/.installed: pyproject.toml
	@if [ -z "$(PYTHON313)" ]; then \
	  echo "Python 3.13 is needed: install it (e.g. 'pyenv install 3.13') or put python3.13 on PATH."; \
	  exit 1; fi
	@test -x $(PY) || $(PYTHON313) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

venv: $(VENV)/.installed

run: venv
	$(PY) -m local

lint: venv
	$(VENV)/bin/ruff check .

cfn-lint: venv
	$(VENV)/bin/cfn-lint template.yaml

unit: venv
	$(PY) -m pytest -n 2 -q

test: lint cfn-lint unit

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
