"""``python -m awithlaknannai``: see :mod:`awithlaknannai.cli`."""

import sys

from .cli import main

sys.exit(main())
