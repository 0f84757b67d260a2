"""The subcommands of ``p2pbang`` that are commands rather than an interface: argparse
flags, handlers and exit statuses. ``cli.py`` adds them; they choose an interface from
``p2pbang.ui`` and drive the table layer (``docs/architecture.md``, "The layers":
cli -> commands -> ui -> table)."""
