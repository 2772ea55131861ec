# The two commands a new machine needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test screenshots bench clean venv

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## make demo: build the environment, install mage, open the app on a demo knowledge base
demo: $(STAMP)
	$(BIN)/mage demo

## make test: build the environment and run the whole suite
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --maxprocesses 8 --dist loadfile

## make screenshots: regenerate screenshots/*.svg from the fixed demo knowledge base
screenshots: $(STAMP)
	$(BIN)/python -m mage_tui.testing.screenshots screenshots

## make bench: run every benchmark and print its figures
bench: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
