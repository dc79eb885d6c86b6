"""The language grail speaks: every sentence it says is a message of its gettext catalog
(``grail/locale``), English the source, chosen once for the program.

The language is, first found: ``--lang CODE`` (:func:`wanted`'s ``option``), ``GRAIL_LANG``,
then the standard ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; else English. A
language without a catalog speaks English, and :func:`use` says so in one line. ``qps`` is
a pseudo-language: every message longer, accented and bracketed, so that a test can tell
what a player reads that no catalog gave.

Messages have named placeholders, filled after translation (word order differs between
languages), plurals come from the catalog's rules (:func:`ngettext`), and lists and numbers
are made by the catalog's words too (:func:`listed`, :func:`number`):

>>> use("en")
>>> ngettext("{count} Day left", "{count} Days left", 3).format(count=3)
'3 Days left'
>>> listed(["Food", "Wealth", "Magic"]), number(12000)
('Food, Wealth and Magic', '12,000')
>>> use("qps")
>>> _("Day {day} begins").format(day=2)
'[Ðàý 2 ḃéĝîñš ~~]'
>>> use("en")

This module is grail's lowest layer (it imports only the standard library), so that every
other layer may speak through it.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

DOMAIN = "grail"
"""The gettext domain of grail's own messages; a pack's are its own (grail/content)."""

LOCALE = Path(__file__).resolve().parent / "locale"
"""Where the catalogs lie: ``LOCALE/<code>/LC_MESSAGES/grail.mo`` beside its ``.po``."""

SOURCE = "en"
"""The language the messages are written in."""

PSEUDO = "qps"
"""The pseudo-language's code (a code the standard reserves for private use)."""

_ENVIRONMENT = ("GRAIL_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


class _Pseudo(gettext.NullTranslations):
    """Every message turned longer, accented and bracketed, placeholders kept as they are:
    a text a player reads outside the brackets came from no catalog."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return message if context == "number" else pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_ACCENTED = str.maketrans("AaBbCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
                          "ÀàḂḃÇçÐðÉéĜĝĤĥÎîĴĵĶķĻļÑñÓóŔŕŠšŦŧÛûŴŵÝýŽž")
_HELD = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: accented outside its ``{placeholders}``, a
    third longer (in runs of at most 8 tildes, which a line may wrap between), in brackets.

    >>> pseudo("{hero} passes")
    '[{hero} ṗàššéš ~]'
    """
    if not message:
        return message
    parts = [part if _HELD.fullmatch(part) else part.translate(_ACCENTED).replace("p", "ṗ")
             for part in _HELD.split(message)]
    length = max(1, len(_HELD.sub("", message)) // 4)
    padding = " ".join("~" * min(8, length - start) for start in range(0, length, 8))
    return f"[{''.join(parts)} {padding}]"


_translations: gettext.NullTranslations = gettext.NullTranslations()
_code = SOURCE
_asked = False


def normal(code: str) -> str:
    """A language code as catalogs name it: ``es_ES`` for ``es_ES.UTF-8`` or ``es-ES``;
    English for the C locale.

    >>> normal("es_ES.UTF-8"), normal("pt-br"), normal("C.UTF-8")
    ('es_ES', 'pt_BR', 'en')
    """
    base = code.split(".")[0].split("@")[0].replace("-", "_")
    language, _sep, region = base.partition("_")
    language = language.lower()
    if language in ("", "c", "posix"):
        return SOURCE
    return f"{language}_{region.upper()}" if region else language


def wanted(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language asked for: ``option`` (``--lang``), else the first of the environment's
    ``GRAIL_LANG``, ``LANGUAGE`` (its first entry), ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
    that is set; else English."""
    if option:
        return normal(option)
    environ = os.environ if environ is None else environ
    for name in _ENVIRONMENT:
        value = environ.get(name, "").split(":")[0].strip()
        if value:
            return normal(value)
    return SOURCE


def _catalog(code: str) -> Path | None:
    found = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    return found if found.is_file() else None


def installed() -> list[str]:
    """The languages grail speaks: English and each with a catalog, by code."""
    found = sorted(path.parent.parent.name for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [SOURCE, *(code for code in found if code != SOURCE)]


def use(code: str, asked: bool = False) -> str | None:
    """Speak ``code`` from now on; English where it has no catalog, and then the line that
    says so (None when the language was found). ``asked``: the player named it for this
    command (``--lang``), so that no saved setting overrides it (:func:`asked`)."""
    global _translations, _code, _asked
    _asked = asked
    code = normal(code)
    if code.split("_")[0] == SOURCE:
        _translations, _code = gettext.NullTranslations(), SOURCE
        return None
    if code == PSEUDO:
        _translations, _code = _Pseudo(), PSEUDO
        return None
    catalog = _catalog(code) or _catalog(code.split("_")[0])
    if catalog is None:
        _translations, _code = gettext.NullTranslations(), SOURCE
        return f"grail: note: no catalog for the language '{code}': grail speaks English"
    with catalog.open("rb") as opened:
        _translations = gettext.GNUTranslations(opened)
    _code = catalog.parent.parent.name
    return None


def language() -> str:
    """The code of the language grail speaks now."""
    return _code


def asked() -> bool:
    """Whether the language grail speaks now was named for this command (``--lang``)."""
    return _asked


def _(message: str) -> str:
    """``message`` in the language grail speaks."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """``message`` marked for the catalog and left as it is, to be translated where it is
    used (a table's words made before any language is chosen)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count``, by the language's plural rules."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English means other things elsewhere: ``context`` says
    which (a button's "Rest" against the rule's)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` with a context."""
    return _translations.npgettext(context, singular, plural, count)


class Messages(dict[str, str]):
    """A table of messages marked with :func:`N_`, each translated as it is read, so that a
    table made at import speaks the language chosen later."""

    def __getitem__(self, key: str) -> str:
        return _(super().__getitem__(key))


def listed(items: Sequence[str]) -> str:
    """Items as a list reads in the language: "Food, Wealth and Magic"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = pgettext("list", "{head}, {item}").format(head=head, item=item)
    return pgettext("list", "{head} and {last}").format(head=head, last=items[-1])


def number(value: int) -> str:
    """A whole number as the language writes it: its digits grouped by the catalog's
    separator ("12,000"; "12.000" in Spanish, which groups only from five digits)."""
    digits = f"{abs(value):d}"
    shortest = int(pgettext("number", "4"))  # the fewest digits that are grouped
    if len(digits) >= shortest:
        digits = f"{abs(value):,d}".replace(",", pgettext("number", ","))
    return f"-{digits}" if value < 0 else digits
