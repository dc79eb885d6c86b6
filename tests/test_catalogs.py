"""grail's own catalogs (grail/locale): the template holds every message the code says,
each compiled file is its catalog compiled, Spanish is whole, every translation fills the
English's placeholders, and the language is chosen as docs/translating.md says: --lang, then
GRAIL_LANG and the locale's variables, then English; the window's saved choice below --lang."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grail import lang
from grail.cli import main
from grail.cli.catalogs import TEMPLATE, catalogs, compiled, extracted, read, standing
from grail.resident import spoken

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def _messages(catalog: object) -> set[tuple[str | None, object]]:
    return {(message.context, message.id) for message in catalog if message.id}  # type: ignore[attr-defined]


def test_the_template_holds_every_message_of_the_code() -> None:
    """'grail translate extract --grail' was run after the last change of a message."""
    assert _messages(extracted()) == _messages(read(TEMPLATE))


def test_every_language_has_its_catalog_compiled() -> None:
    """'grail translate compile' was run after the last change of a catalog: the compiled
    file gettext reads gives every translation the catalog holds, and no other (compared as
    messages, not bytes, which differ between versions of the compiler)."""
    import gettext
    import io

    assert "es" in catalogs()
    for path in catalogs().values():
        shipped = gettext.GNUTranslations(io.BytesIO(path.with_suffix(".mo").read_bytes()))
        fresh = gettext.GNUTranslations(io.BytesIO(compiled(path)))
        assert {key: text for key, text in shipped._catalog.items() if key} == \
            {key: text for key, text in fresh._catalog.items() if key}, path  # type: ignore[attr-defined]
        assert len(shipped._catalog) > 1000  # type: ignore[attr-defined]


def test_every_message_is_in_spanish_with_the_same_placeholders() -> None:
    found = standing("es")
    assert (found.untranslated, found.fuzzy, found.placeholders) == ([], [], [])
    assert found.messages == len(_messages(read(TEMPLATE)))


def test_every_spanish_message_fills_in_as_the_english_does() -> None:
    """A translation formats with the fields the code gives the English, every plural form
    too: no brace left unmatched, no field the code does not give."""
    for message in read(catalogs()["es"]):
        if not message.id or "python-brace-format" not in message.flags:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) \
            else (message.string,)
        fields = {re.split(r"[:!]", name)[0]: 1 for text in ids
                  for name in PLACEHOLDER.findall(text)}
        for string in strings:
            assert string.format(**fields), (ids[0], string)


@pytest.fixture
def speaking_english() -> object:
    lang.use("en")
    yield None
    lang.use("en")


def test_lang_before_the_command_is_split_from_its_words() -> None:
    assert spoken(["--lang", "es", "act", "x.grail"]) == ("es", ["act", "x.grail"])
    assert spoken(["--lang=pt-BR", "show"]) == ("pt-BR", ["show"])
    assert spoken(["show", "--lang", "es"]) == (None, ["show", "--lang", "es"])
    assert spoken(["--lang"]) == (None, ["--lang"])  # the parser says what is missing


def test_lang_speaks_for_its_command_alone(capsys: pytest.CaptureFixture[str],
                                           speaking_english: object) -> None:
    assert main(["--lang", "es", "validate"]) == 0
    out = capsys.readouterr().out
    assert "válido" in out and "Localizaciones" in out
    assert lang.language() == "en"
    assert main(["validate"]) == 0
    assert ": valid (" in capsys.readouterr().out


def test_the_environment_chooses_when_no_lang_is_given(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        speaking_english: object) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for name in ("GRAIL_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert main(["validate"]) == 0
    assert "válido" in capsys.readouterr().out
    monkeypatch.setenv("GRAIL_LANG", "en")  # grail's own variable first
    assert main(["validate"]) == 0
    assert ": valid (" in capsys.readouterr().out
    assert main(["--lang", "es", "validate"]) == 0  # --lang before them all
    assert "válido" in capsys.readouterr().out


def test_a_language_without_a_catalog_speaks_english_and_says_so_once(
        capsys: pytest.CaptureFixture[str], speaking_english: object) -> None:
    assert main(["--lang", "tlh", "validate"]) == 0
    captured = capsys.readouterr()
    assert ": valid (" in captured.out
    assert captured.err.count("\n") == 1 and "'tlh'" in captured.err and "English" in captured.err


def test_help_is_in_the_language_asked(capsys: pytest.CaptureFixture[str],
                                       speaking_english: object) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "es", "--help"])
    spanish = {message.id: message.string for message in read(catalogs()["es"])}
    description = spanish["A co-op campaign engine for the Tainted Grail board game."]
    assert description and description in capsys.readouterr().out


def test_grails_catalog_check_counts_the_author_tools(capsys: pytest.CaptureFixture[str],
                                                      speaking_english: object) -> None:
    assert main(["translate", "check", "--grail"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith("es: ") and "the author tools'" in out[-1]
    assert out[-1].endswith(": 0 untranslated")


def test_the_windows_language_is_kept_below_lang(tmp_path: Path,
                                                 speaking_english: object) -> None:
    from grail.ui.app import Settings

    path = tmp_path / "settings.json"
    Settings(language="es").save(path)
    assert Settings.load(path).language == "es"
    path.write_text('{"language": 12}')
    assert Settings.load(path).language == ""  # a damaged setting: the environment's
    lang.use("en", asked=True)
    assert lang.asked()
    lang.use("en")
    assert not lang.asked()
