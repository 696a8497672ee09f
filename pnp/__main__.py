"""`python -m pnp`: the command line, or, in a Python without pnp's libraries, what to install."""

import sys

try:
    from pnp.cli import main
except ModuleNotFoundError as exc:  # click, or a library the commands import, is not in this Python
    from pnp.requirements import said

    sys.exit(said(exc.name))

main()
