"""``python -m p2pbang``: the same command as ``p2pbang``."""

import sys

from p2pbang.cli import main

sys.exit(main())
