"""``python -m grail`` and the ``grail`` command: a command on a save goes to the resident
grail when one answers (grail/resident.py); any other command, or that one when none
answers, runs here."""

import gc
import sys

from grail.resident import forwarded


def run() -> int:
    """Run the command of ``sys.argv``; its exit code."""
    code = forwarded(sys.argv[1:])
    if code is None:
        gc.disable()  # importing makes tens of thousands of lasting objects and no garbage:
        try:  # the collector would walk them some ninety times in vain (10-15 ms)
            from grail.cli import main
        finally:
            gc.freeze()  # kept out of its way from now on
            gc.enable()
        code = main()
    return code


if __name__ == "__main__":
    sys.exit(run())
