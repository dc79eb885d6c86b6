"""How far a long simulation is, on standard error: what is done of how much, how fast, and
about how long is left (``grail odds``, ``grail balance``), on one line written over in a
terminal, or into a log (a run left going overnight) a line every :data:`LOG_EVERY_S`
seconds.

>>> left(0.3), left(42), left(400), left(3_590), left(7_500)
('less than a second left', 'about 42 s left', 'about 7 min left', 'about 1 h left', 'about 2 h 5 min left')
"""

from __future__ import annotations

import sys
import time

from grail.lang import _, ngettext, number


def left(seconds: float) -> str:
    """Time left, in the largest units that say it."""
    if seconds < 0.5:
        return _("less than a second left")
    if round(seconds) < 60:
        return _("about {seconds} s left").format(seconds=round(seconds))
    hours, minutes = divmod(round(seconds / 60), 60)
    if not hours:
        return _("about {minutes} min left").format(minutes=minutes)
    return _("about {hours} h {minutes} min left").format(hours=hours, minutes=minutes) \
        if minutes else _("about {hours} h left").format(hours=hours)


def note(line: str) -> None:
    """A line of its own on stderr, in grail's name, about how a simulation runs."""
    print(_("grail: {note}").format(note=line), file=sys.stderr, flush=True)


def counted(what: str, done: int, total: int) -> str:
    """``done`` of ``total`` things, in words: "1,199 of 3,000 playouts" (``what``:
    ``playouts`` or ``simulations``; another plural noun is said as it is given)."""
    if what == "playouts":
        said = ngettext("{done} of {total} playout", "{done} of {total} playouts", total)
    elif what == "simulations":
        said = ngettext("{done} of {total} simulation", "{done} of {total} simulations", total)
    else:
        # TRANSLATORS: {what} is a plural noun a caller of grail's own code names, in English
        said = _("{done} of {total} {what}")
    return said.format(done=number(done), total=number(total), what=what)


def fraction(what: str, done: int, total: int) -> str:
    """``done`` of ``total`` things, as a count written over: "6/12 playouts"."""
    if what == "playouts":
        said = ngettext("{done}/{total} playout", "{done}/{total} playouts", total)
    elif what == "simulations":
        said = ngettext("{done}/{total} simulation", "{done}/{total} simulations", total)
    else:
        # TRANSLATORS: {what} is a plural noun a caller of grail's own code names, in English
        said = _("{done}/{total} {what}")
    return said.format(done=done, total=total, what=what)


LOG_EVERY_S = 60.0
"""How often a run whose stderr is a log says how far it is."""


class Progress:
    """Counts ``total`` things (``what``: playouts, simulations) on stderr when ``shown``, on
    a line written over; when ``logged``, a line of its own every :data:`LOG_EVERY_S`."""

    def __init__(self, total: int, what: str, shown: bool, logged: bool = False) -> None:
        self.total, self.what, self.shown, self.logged = total, what, shown, logged
        self.began = time.monotonic()
        self.last_logged = self.began
        self.written = False
        self.earlier = 0
        """What a stopped run did before, counted without time spent on it here."""

    def went_on(self, done: int) -> None:
        """A stopped run did ``done`` of them before: say so (whether the count is shown or
        not: a log must say it too), and count on from there."""
        self.earlier = done
        if done:
            print(_("going on from the {counted} a stopped run did").format(
                counted=counted(self.what, done, self.total)), file=sys.stderr, flush=True)

    def count(self, done: int) -> None:
        """``done`` of them are done: the count, the rate so far and the time left."""
        now = time.monotonic()
        if self.shown:
            self.written = True  # first: Ctrl-C may come while the line is written
            print(f"\r{self._line(done, now):<72}", end="", file=sys.stderr, flush=True)
        elif self.logged and now - self.last_logged >= LOG_EVERY_S and done < self.total:
            self.last_logged = now
            note(self._line(done, now))

    def _line(self, done: int, now: float) -> str:
        spent = now - self.began
        line = fraction(self.what, done, self.total)
        if self.earlier < done < self.total and spent > 0:
            rate = (done - self.earlier) / spent
            said = _("{rate} a second").format(rate=number(round(rate))) if rate >= 10 else \
                _("{rate} a second").format(rate=f"{rate:.1f}") if rate >= 0.1 else \
                _("{rate} a minute").format(rate=f"{rate * 60:.1f}")
            # TRANSLATORS: "6/12 playouts", "2.4 a minute", "about 50 s left"
            line = _("{count}, {rate}, {left}").format(count=line, rate=said,
                                                       left=left((self.total - done) / rate))
        return line

    def say(self, line: str) -> None:
        """A :func:`note`, shown whatever ``shown`` says: the count goes on below it."""
        self.end()
        self.written = False
        note(line)

    def end(self) -> None:
        """End the line, so that what follows starts a line of its own."""
        if self.written:
            print(file=sys.stderr, flush=True)
