"""``python -m tutor`` is the same as the ``tutor`` command."""

from tutor.launch import main

raise SystemExit(main())
