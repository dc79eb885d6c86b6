"""``python -m grail`` and the ``grail`` command: a command on a save goes to the resident
grail when one answers (grail/resident.py); any other command, or that one when none
answers, runs here."""

import gc
import sys

from grail.resident import forwarded


def run() -> int:
    """Run the command of ``sys.argv``; its exit code (130 for Ctrl-C pressed while grail
    starts, as for one pressed while the command runs: no traceback)."""
    try:
        code = forwarded(sys.argv[1:])
        if code is None:
            gc.disable()  # importing makes tens of thousands of lasting objects and no
            try:  # garbage: the collector would walk them some ninety times in vain (10-15 ms)
                from grail.cli import main
            finally:
                gc.freeze()  # kept out of its way from now on
                gc.enable()
            code = main()
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(run())
