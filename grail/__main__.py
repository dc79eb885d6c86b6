"""``python -m grail`` and the ``grail`` command: a command on a save goes to the resident
grail when one answers (grail/resident.py); any other command, or that one when none
answers, runs here."""

import sys

from grail.resident import forwarded


def run() -> int:
    """Run the command of ``sys.argv``; its exit code."""
    code = forwarded(sys.argv[1:])
    if code is None:
        from grail.cli import main

        code = main()
    return code


if __name__ == "__main__":
    sys.exit(run())
