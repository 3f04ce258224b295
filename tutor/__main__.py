"""``python -m tutor`` is the same as the ``tutor`` command."""

from tutor.cli import main

raise SystemExit(main())
