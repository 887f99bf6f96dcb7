# The two commands a newcomer runs. Each sets up .venv by itself first.
#   make run    start Inkling
#   make test   lint, type-check, run the whole test suite, then the fast tests again at
#               fake dates and time zones (CI runs this)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint typecheck pytest timetravel

setup:
	@bash scripts/bootstrap.sh

run: setup
	@$(BIN)/inkling

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: setup
	$(BIN)/mypy

pytest: setup
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

timetravel: setup
	$(BIN)/python scripts/time_travel.py

test: lint typecheck pytest timetravel
