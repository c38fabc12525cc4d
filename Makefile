# Thin wrappers; each target sets up .venv/ from requirements.txt first if needed.
SHELL := /bin/bash
VENV := .venv
BIN := $(CURDIR)/$(VENV)/bin
# Empty: scripts/find-python.sh picks a Python 3.12 or newer.
PYTHON ?=
# nbgrader runs `alembic` as a subprocess: the virtualenv's bin/ must come first on PATH.
export PATH := $(BIN):$(PATH)
export JAX_PLATFORMS ?= cpu
PYTEST_ARGS ?=
LAB_ARGS ?=
BENCH_ARGS ?=
EDITION_ARGS ?=
# Jupyter refuses to run as root unless told to (containers often run as root).
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: venv system-deps hub-env lab test build grade edition site bench bench-grading lint clean clean-grading

$(VENV)/.installed: requirements.txt pyproject.toml
	@# A Python 3.12 or newer (PYTHON=... to choose one); stops with one sentence when there is none.
	py=$$(PYTHON="$(PYTHON)" bash scripts/find-python.sh) && "$$py" -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@# -e .: setuptools' informational "Editable installation" box has nothing to act on: filtered out.
	PYTHONWARNINGS="$${PYTHONWARNINGS:+$$PYTHONWARNINGS,}ignore:Editable installation" \
		$(BIN)/python -m pip install --quiet -r requirements.txt
	@# ipykernel's install leaves an empty tmp*_kernels folder in $$TMPDIR: give it one of ours to leave it in.
	mkdir -p $(VENV)/.tmp && TMPDIR=$(CURDIR)/$(VENV)/.tmp $(BIN)/python -m ipykernel install --sys-prefix --name jax-course --display-name "Python 3 (JAX course)" && rm -rf $(VENV)/.tmp
	touch $@

venv: $(VENV)/.installed

## Debian packages some tests need (chromium, bubblewrap, postgresql); installs only when root.
system-deps:
	bash scripts/system-deps.sh

## For the JupyterHub class test: configurable-http-proxy from npm into .venv/hub-proxy, and .venv/hub-python
## (a copy of .venv's own Python that every user can run) when other users cannot run .venv's Python.
hub-env: venv system-deps
	VENV=$(VENV) bash scripts/hub-env.sh

## Open the course in JupyterLab (lessons in notebooks/, your assignments in release/).
lab: venv
	$(BIN)/jupyter lab --ServerApp.root_dir=$(CURDIR) $(AS_ROOT) $(LAB_ARGS) notebooks/01_jax_array.ipynb

## Run the whole test suite: unit tests, build in sync, grading round trips, nbval on 1 and 8 devices,
## the website in a browser (it is built first, once, and the tests and the edition use that build).
test: venv system-deps hub-env site
	$(BIN)/python -m pytest -n 2 --dist loadgroup --durations=15 $(PYTEST_ARGS)

## Regenerate everything generated: executed lessons, release/ and solutions/.
build: venv
	$(BIN)/python -m coursetools.build

## Grade submitted/ for one assignment: make grade ASSIGNMENT=01_jax_array [GRADE_ARGS="--lms downloads/" or "--student dave"]
grade: venv
	$(BIN)/python -m coursetools.grading $(ASSIGNMENT) $(GRADE_ARGS)

## What students get: dist/jax-course-student/ and its .tar.gz (lessons, release/, jaxcourse/; no answers);
## EDITION_ARGS=--hub: dist/jax-course-hub/ for a JupyterHub, without release/ (assignments come through the exchange).
edition: venv
	$(BIN)/python -m coursetools.edition $(EDITION_ARGS)

## The course website: build/site/ (open build/site/index.html; no network needed to build or read it).
site: venv
	$(BIN)/python -m coursetools.site

## Time the augmentation pipelines (prints a table, then one JSON line).
bench: venv
	$(BIN)/python -m coursetools.bench

## Time the grading command: serial vs parallel vs a local Dask cluster of 1 and 2 workers vs bare execution
## (prints a table, then one JSON line; BENCH_ARGS="--submissions 10 --no-bare" for a quick look).
bench-grading: venv
	$(BIN)/python -m coursetools.bench_grading $(BENCH_ARGS)

lint: venv
	$(BIN)/ruff check .

## Remove test and benchmark leftovers (keeps the gradebook and every submission).
clean:
	rm -rf artifacts .pytest_cache .ruff_cache .nbgrader.log
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf

## DELETES ALL GRADES (manual ones too) and all collected submissions and feedback: start a course over.
clean-grading:
	rm -rf gradebook.db gradebook.db-journal submitted autograded feedback downloaded reports
