import sys

from app.llm.sandbox import FROZEN_CHILD_FLAG

if getattr(sys, "frozen", False) and sys.argv[1:2] == [FROZEN_CHILD_FLAG]:
    # The desktop bundle (packaging/) runs app/llm/sandbox.py's child script itself.
    import runpy

    sys.argv = sys.argv[2:]
    runpy.run_path(sys.argv[0], run_name="__main__")
    raise SystemExit(0)

from app.cli import main

raise SystemExit(main())
