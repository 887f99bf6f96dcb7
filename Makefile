# The two commands a newcomer runs. Each sets up .venv by itself first.
#   make run    start Inkling
#   make test   lint, type-check, then the whole test suite at today's date and the fast
#               tests again at seven fake dates and time zones (shared out among them, the
#               date tests in each), two sessions at a time
#               (scripts/time_travel.py --with-suite; CI runs this)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint typecheck pytest timetravel suite package

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

suite: setup
	$(BIN)/python scripts/time_travel.py --with-suite

test: lint typecheck suite

# The one-folder desktop bundle in dist/inkling/ and its smoke test (packaging/).
package: setup
	@bash packaging/build.sh
