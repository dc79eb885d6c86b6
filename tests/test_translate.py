"""A pack's translations (grail/content/translations.py, ``grail translate``,
docs/translating.md): which strings are translatable, the template and the catalogs that
extract writes and merges, what check reports, and a pack opened in a language."""

from __future__ import annotations

import random
import re
import shutil
import types
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

import pytest
from babel.messages.pofile import read_po
from pydantic import BaseModel, StringConstraints

from grail import lang
from grail.cli import main
from grail.content import PackError, bundled_pack, load_pack, loader, translations
from grail.content import cache as cache_module
from grail.content.base import (
    CARD_NUMBER_PATTERN,
    ENTRY_PATTERN,
    SLUG_PATTERN,
    VERSION_PATTERN,
    Translated,
    content_models,
    field_types,
)
from grail.content.cache import load_cached, open_pack
from grail.content.translations import ENTITIES, TranslationError, strings
from grail.engine.game import Game
from grail.save import load_game, save_game
from grail.words.summary import summary

from .conftest import MINIMAL, PACKS
from .playout import random_playout

ROOT = Path(__file__).resolve().parent.parent
SPANISH = PACKS / "spanish" / "translations" / "es.po"

ID_PATTERNS = {SLUG_PATTERN: "Slug and its references", ENTRY_PATTERN: "EntryId",
               CARD_NUMBER_PATTERN: "CardNumber", VERSION_PATTERN: "the manifest's version"}
"""The text types that are never translated: ids, addresses and numbers, by pattern."""

GRAILS_OWN = {"Campaign.sources"}
"""Text fields no author writes (where each thing was written)."""


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """The minimal pack with its Spanish catalog (tests/packs/spanish)."""
    root = Path(shutil.copytree(MINIMAL, tmp_path / "pack"))
    (root / "translations").mkdir()
    shutil.copyfile(SPANISH, root / "translations" / "es.po")
    return root


@pytest.fixture
def speaking() -> Any:
    """Grail speaks a language for the test, English again after it."""
    yield lang.use
    lang.use("en")


def _catalog(path: Path) -> Any:
    with path.open("rb") as opened:
        return read_po(opened)


# --- which strings are translatable ----------------------------------------------------


def _text_leaves(hint: Any) -> list[Any]:
    """The ``str`` types inside a field's type, each with its markers."""
    found, stack = [], [hint]
    while stack:
        tp = stack.pop()
        origin = get_origin(tp)
        if tp is str or (origin is Annotated and get_args(tp)[0] is str):
            found.append(tp)
        elif origin in (Annotated, list, dict, Union, types.UnionType):
            stack.extend(get_args(tp))
    return found


def unmarked_text(model: type[BaseModel]) -> list[str]:
    """The text fields of ``model`` that are neither translatable nor of an id type."""
    found = []
    for name, hint in field_types(model).items():
        for leaf in _text_leaves(hint):
            markers = [*get_args(leaf)[1:], *model.model_fields[name].metadata]
            patterns = {getattr(marker, "pattern", None) for marker in markers}
            if any(isinstance(marker, Translated) for marker in markers) \
                    or patterns & ID_PATTERNS.keys() or f"{model.__name__}.{name}" in GRAILS_OWN:
                continue
            found.append(f"{model.__name__}.{name}")
    return found


def test_every_text_field_is_translatable_or_an_id() -> None:
    """A new prose field typed ``str`` rather than ``Text`` would be read by players in
    English whatever the language: every text field of every content model is
    ``Text`` (translatable) or of one of the id types listed in ``ID_PATTERNS``."""
    assert [field for model in content_models() for field in unmarked_text(model)] == []


def test_the_field_check_sees_a_plain_str_field() -> None:
    class Prose(BaseModel):
        words: str
        hint: list[Annotated[str, StringConstraints(min_length=1)]]
        version: Annotated[str, StringConstraints(pattern=VERSION_PATTERN)]

    assert unmarked_text(Prose) == ["Prose.words", "Prose.hint"]


CONTEXT = re.compile(rf"(?:{'|'.join(sorted({kind for kind, _ in ENTITIES.values()}))})"
                     r":[^:\s]+:[a-z_0-9]+(?:\.[a-z_0-9]+)*")


@pytest.mark.parametrize("root", [MINIMAL, bundled_pack()], ids=["minimal", "bundled"])
def test_each_string_has_its_own_context_naming_kind_id_and_field(root: Path) -> None:
    found = strings(load_pack(root))
    contexts = [context for context, _ in found]
    assert len(contexts) == len(set(contexts))
    assert [context for context in contexts if not CONTEXT.fullmatch(context)] == []


def test_contexts_use_ids_and_the_field_path_written(minimal: Any) -> None:
    found = dict(strings(minimal))
    assert found["location:101:name"] == "The Crossing"
    assert found["journal:101.1:text"] == "A voice in the stone names a place under the hill."
    assert found["journal:101:effects.0.choose.2.text"] == "Walk on."
    assert found["journal:101:effects.0.choose.0.unavailable"] == "The stone means nothing to you."
    assert found["hero:wren:intro"].startswith("You grew up where the river")
    assert found["skill:3:uses.0.name"] == "Hear the omen"  # a Skill side, by its number
    assert found["quest:q-answer:name"] == "The Answer"  # inside Secret 2, by its own id
    assert found["status:flood:description"] == "How far the water rose."
    assert found["chapter:1:setup.effects.0.add_task.text"] == "Find the old well."
    assert found["encounter:blue-beggar:approaches.1.stages.0.name"] == "Question him"
    assert found["campaign:minimal:name"] == "The Minimal Test Pack"
    assert not any(context.endswith((":id", ":number", ":version")) for context in found)


# --- extract ---------------------------------------------------------------------------


def test_extract_writes_the_template_with_contexts_and_references(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate", "extract", str(minimal_copy)]) == 0
    pot = minimal_copy / "translations" / "template.pot"
    assert capsys.readouterr().out == f"{pot}: 110 strings\n"
    catalog = _catalog(pot)
    crossing = catalog.get("The Crossing", context="location:101:name")
    assert crossing.locations == [("locations/101.yaml", 2)]
    walk_on = catalog.get("Walk on.", context="journal:101:effects.0.choose.2.text")
    assert walk_on.locations == [("journal/101.yaml", 15)]
    assert [message.context for message in catalog if message.id][:3] == [
        "campaign:minimal:name", "campaign:minimal:description", "chapter:1:name"]
    assert all(not message.string for message in catalog if message.id)


def test_extracting_again_changes_nothing(minimal_copy: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate", "extract", str(minimal_copy), "--lang", "es"]) == 0
    before = {path.name: path.read_bytes() for path in (minimal_copy / "translations").iterdir()}
    capsys.readouterr()
    assert main(["translate", "extract", str(minimal_copy)]) == 0
    after = {path.name: path.read_bytes() for path in (minimal_copy / "translations").iterdir()}
    assert after == before
    assert capsys.readouterr().out.splitlines() == [
        f"{minimal_copy}/translations/template.pot: 110 strings, unchanged",
        f"{minimal_copy}/translations/es.po: unchanged, 0 translated, 110 untranslated"]


def test_extract_with_lang_starts_a_catalog(minimal_copy: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate", "extract", str(minimal_copy), "--lang", "pt-br"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == \
        f"{minimal_copy}/translations/pt_BR.po: new, 0 translated, 110 untranslated"
    catalog = _catalog(minimal_copy / "translations" / "pt_BR.po")
    assert str(catalog.locale) == "pt_BR" and not catalog.fuzzy
    assert len([message for message in catalog if message.id]) == 110


@pytest.mark.parametrize(("code", "said"), [
    ("en_GB", "'en_GB' is English, the language packs are written in: it needs no catalog"),
    ("qps", "'qps' is the pseudo-language, made from the English: it needs no catalog"),
    ("spanish", "--lang takes a language code such as es or pt_BR, not 'spanish'"),
])
def test_extract_refuses_a_language_that_has_no_catalog(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str], code: str, said: str) -> None:
    assert main(["translate", "extract", str(minimal_copy), "--lang", code]) == 1
    assert capsys.readouterr().err == f"grail: {said}\n"
    assert not (minimal_copy / "translations").exists()


def test_merge_keeps_translations_marks_changed_ones_and_keeps_gone_ones_obsolete(
        pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    location = pack / "locations" / "101.yaml"
    location.write_text(location.read_text().replace("name: The Crossing",
                                                     "name: The Old Crossing")
                        .replace("description: Four roads meet by a standing stone.\n", ""))
    assert main(["translate", "extract", str(pack)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == \
        f"{pack}/translations/es.po: 4 translated, 2 needing review, 103 untranslated; " \
        "2 obsolete"
    catalog = _catalog(pack / "translations" / "es.po")
    kept = catalog.get("Listen to the stone.", context="journal:101:effects.0.choose.0.text")
    assert kept.string == "Escucha la piedra." and not kept.fuzzy
    assert kept.locations == [("journal/101.yaml", 7)]
    changed = catalog.get("The Old Crossing", context="location:101:name")
    assert changed.string == "El Cruce" and changed.fuzzy
    assert "#| msgid \"The Crossing\"" in (pack / "translations" / "es.po").read_text()
    reviewed = catalog.get("Bell Hill", context="location:102:name")  # still to review
    assert reviewed.fuzzy and reviewed.string == "Monte de la Campana"
    assert catalog.get("The Dry Well", context="location:103:name").string == ""
    obsolete = {(message.context, message.id): message.string
                for message in catalog.obsolete.values()}
    assert obsolete == {
        ("location:101:description", "Four roads meet by a standing stone."):
            "Cuatro caminos se cruzan junto a una piedra enhiesta.",
        ("location:101:action.text", "Gather what the roadside gives."):
            "Recoge lo que da el camino."}


def test_a_review_keeps_the_english_the_translation_was_made_for(pack: Path) -> None:
    """Bell Hill was translated as "Bell Mount": extracting, again and again, keeps that
    old English for the translator to compare, never the newer one."""
    for _ in range(2):
        assert main(["translate", "extract", str(pack)]) == 0
        text = (pack / "translations" / "es.po").read_text()
        assert text.count('#| msgid "Bell Mount"') == 1
        assert "| msgid" not in text.replace('#| msgid "Bell Mount"', "")


def test_an_english_written_back_revives_its_obsolete_translation(pack: Path) -> None:
    location = pack / "locations" / "101.yaml"
    original = location.read_text()
    location.write_text(original.replace("description: Four roads meet by a standing stone.\n",
                                         ""))
    assert main(["translate", "extract", str(pack)]) == 0
    location.write_text(original)
    assert main(["translate", "extract", str(pack)]) == 0
    back = _catalog(pack / "translations" / "es.po").get(
        "Four roads meet by a standing stone.", context="location:101:description")
    assert back.string == "Cuatro caminos se cruzan junto a una piedra enhiesta."
    assert not back.fuzzy


# --- check -----------------------------------------------------------------------------


def test_check_reports_each_string_lacking_at_its_lines_and_exits_1(
        pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    po = pack / "translations" / "es.po"
    po.write_text(po.read_text().replace('msgstr "Escucha la piedra."',
                                         'msgstr "Escucha la piedra {hero}."'))
    assert main(["translate", "check", str(pack)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert f"{po}:26: needs review (its English changed): location:102:name " \
        f"({pack}/locations/102.yaml:2)" in lines
    assert f"{po}:31: untranslated: location:103:name ({pack}/locations/103.yaml:2)" in lines
    assert f"{po}:36: placeholders differ (none in the English, {{hero}} in the " \
        "translation): journal:101:effects.0.choose.0.text " \
        f"({pack}/journal/101.yaml:7)" in lines
    assert f"{po}: untranslated (not in the catalog yet): location:104:name " \
        f"({pack}/locations/104.yaml:2)" in lines
    assert lines[-1] == "es: 110 strings, 6 translated, 103 untranslated, 1 needing review, " \
        "1 with other placeholders than the English's"
    assert len(lines) == 1 + 1 + 1 + 102 + 1


def test_check_of_a_whole_translation_exits_0(pack: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate", "extract", str(pack)]) == 0
    po = pack / "translations" / "es.po"
    catalog = _catalog(po)
    for message in catalog:
        if message.id:
            message.string = f"«{message.id}»"
            message.flags.discard("fuzzy")
    po.write_bytes(translations.written(catalog))
    capsys.readouterr()
    assert main(["translate", "check", str(pack), "--lang", "es"]) == 0
    assert capsys.readouterr().out == "es: 110 strings, all translated\n"


def test_check_of_a_pack_without_translations_says_so(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate", "check", str(minimal_copy)]) == 0
    assert capsys.readouterr().out == \
        f"{minimal_copy}: no translations to check ({minimal_copy}/translations/ holds no " \
        ".po file)\n"
    assert main(["translate", "check", str(minimal_copy), "--lang", "fr"]) == 1
    assert capsys.readouterr().err == \
        f"grail: {minimal_copy} has no catalog for 'fr' ({minimal_copy}/translations/fr.po): " \
        "'grail translate extract --lang fr' starts one\n"


def test_translate_on_a_pack_with_problems_is_one_line(
        minimal_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (minimal_copy / "locations" / "101.yaml").write_text("number: [\n")
    assert main(["translate", "extract", str(minimal_copy)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"grail: the pack has problems; run 'grail validate {minimal_copy}': "
                          f"{minimal_copy}/locations/101.yaml:")
    assert err.count("\n") == 1


def test_a_packs_catalogs_are_no_content_to_validate(
        pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate", "extract", str(pack)]) == 0
    capsys.readouterr()
    assert main(["validate", str(pack)]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"{pack}: valid (") and captured.err == ""


# --- a pack in a language ---------------------------------------------------------------


def test_a_translation_is_laid_over_the_pack_the_english_where_it_has_none(pack: Path) -> None:
    spanish, english = load_pack(pack, lang="es"), load_pack(pack)
    assert spanish.location[101].name == "El Cruce"
    assert spanish.location[101].description == \
        "Cuatro caminos se cruzan junto a una piedra enhiesta."
    assert spanish.hero["wren"].name == "Wren de la Marisma"
    assert spanish.skill_side[3].name == "Sentido de la piedra"
    assert spanish.task["find-well"] == "Encuentra el pozo viejo."
    assert spanish.location[102].name == "Bell Hill"  # needs review: the English
    assert spanish.location[103].name == "The Dry Well"  # empty: the English
    assert spanish.location[104].name == "The Leaning Stone"  # not in the catalog
    changed = {context for (context, text), (_, other) in
               zip(strings(english), strings(spanish), strict=True) if text != other}
    assert changed == {"location:101:name", "location:101:description", "hero:wren:name",
                       "journal:101:effects.0.choose.0.text", "skill:3:name",
                       "chapter:1:setup.effects.0.add_task.text"}
    laid = translations.in_language(english, pack, "es")
    assert laid.locations[1] is english.locations[1]  # untouched content is shared
    assert laid.location[101] is not english.location[101]


def test_a_regional_language_falls_back_to_its_language(pack: Path) -> None:
    assert load_pack(pack, lang="es_MX").location[101].name == "El Cruce"
    regional = pack / "translations" / "es_AR.po"
    regional.write_text(SPANISH.read_text().replace('"El Cruce"', '"La Encrucijada"'))
    assert load_pack(pack, lang="es-AR").location[101].name == "La Encrucijada"
    assert load_pack(pack, lang="es").location[101].name == "El Cruce"


def test_english_and_languages_without_a_catalog_read_the_source(pack: Path) -> None:
    english = load_pack(pack)
    for code in ("en", "en_US", "fr", "de_DE"):
        assert load_pack(pack, lang=code) == english


def test_the_digest_stays_the_source_contents(pack: Path, tmp_path: Path) -> None:
    """Saves record the digest to tell a changed pack: a game saved in Spanish opens in
    English as the same content, not as one whose content changed."""
    english = load_pack(pack)
    spanish = open_pack(pack, "es")
    assert spanish.digest == english.digest == load_pack(pack, lang="qps").digest
    assert spanish.model_dump_json() != english.model_dump_json()
    game = Game.new(spanish, ["wren"], seed=3)
    path = tmp_path / "es.grail"
    save_game(game, path)
    notes: list[str] = []
    again = load_game(path, english, notes)
    assert notes == []
    assert again.state_hash() == game.state_hash()


def test_the_pseudo_language_needs_no_catalog(minimal_copy: Path) -> None:
    english = load_pack(minimal_copy)
    pseudo = load_cached(minimal_copy, lang="qps")
    assert strings(pseudo) == [(context, lang.pseudo(text)) for context, text in strings(english)]
    assert pseudo.location[101].name == lang.pseudo("The Crossing")
    assert [location.number for location in pseudo.locations] == \
        [location.number for location in english.locations]
    assert pseudo.location[101].explore == english.location[101].explore


def test_the_cache_keeps_each_language_by_its_catalog(
        pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache_dir = tmp_path / "cache"
    english = load_cached(pack, cache_dir)
    spanish = load_cached(pack, cache_dir, lang="es")
    assert spanish.location[101].name == "El Cruce" and english.location[101].name == "The Crossing"
    assert len(list(cache_dir.glob("*.json"))) == 2

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cached language reads neither the pack nor its catalog")

    with monkeypatch.context() as patched:
        patched.setattr(loader, "check_pack", refused)
        patched.setattr(cache_module, "in_language", refused)
        assert load_cached(pack, cache_dir, lang="es") == spanish
        assert load_cached(pack, cache_dir, lang="es").digest == english.digest
        assert load_cached(pack, cache_dir) == english
    po = pack / "translations" / "es.po"
    po.write_text(po.read_text().replace('"El Cruce"', '"La Encrucijada"'))
    assert load_cached(pack, cache_dir, lang="es").location[101].name == "La Encrucijada"
    assert load_cached(pack, cache_dir).location[101].name == "The Crossing"
    assert len(list(cache_dir.glob("*.json"))) == 2  # the older Spanish entry went


BROKEN = [
    ('msgstr "El Cruce"', 'msgstr "El Cruce', 15, 8, "this quote is never closed"),
    ('msgstr "El Cruce"', "msgstr El Cruce", 15, 8, "expected text in double quotes after msgstr"),
    ('msgstr "El Cruce"', "", 14, 1, "a msgid with no msgstr after it"),
    ('msgstr "El Cruce"', 'msgstr "El" Cruce', 15, 13, "unexpected text after the closing quote"),
    ('msgstr "El Cruce"', 'msgstrr "El Cruce"', 15, 1, "expected msgctxt, msgid or msgstr and its "
     "text in double quotes, a line of text in double quotes, or a comment starting with #"),
]


@pytest.mark.parametrize(("was", "now", "line", "col", "said"), BROKEN,
                         ids=["unclosed", "unquoted", "no-msgstr", "after-quote", "keyword"])
def test_a_broken_catalog_is_one_line_at_its_place(
        pack: Path, capsys: pytest.CaptureFixture[str], was: str, now: str, line: int, col: int,
        said: str) -> None:
    po = pack / "translations" / "es.po"
    po.write_text(po.read_text().replace(was, now))
    with pytest.raises(TranslationError) as raised:
        open_pack(pack, "es")
    assert raised.value.headline == f"{po}:{line}:{col}: {said}"
    assert isinstance(raised.value, PackError)
    assert main(["translate", "check", str(pack)]) == 1
    assert capsys.readouterr().err == f"grail: {po}:{line}:{col}: {said}\n"


@pytest.mark.parametrize("catalog", [SPANISH, bundled_pack() / "translations" / "es.po"],
                         ids=["minimal", "bundled"])
def test_the_quick_reader_gives_what_babels_gives(catalog: Path, tmp_path: Path) -> None:
    """A pack loaded in a language reads its catalog in one pass; the table is Babel's, a
    string needing review or left empty read as none, the English kept there."""
    text = catalog.read_text(encoding="utf-8")
    full = translations.translations(translations.read_catalog(catalog, catalog.parent))
    assert translations.quick_translations(text) == full and full
    first = next(iter(full))
    reviewed = text.replace(f'msgctxt "{first[0]}"', f'#, fuzzy\nmsgctxt "{first[0]}"', 1)
    assert first not in (translations.quick_translations(reviewed) or {"none": 0})


@pytest.mark.parametrize(("was", "now"), [(was, now) for was, now, *_said in BROKEN])
def test_the_quick_reader_leaves_a_broken_catalog_to_babels(pack: Path, was: str,
                                                            now: str) -> None:
    text = (pack / "translations" / "es.po").read_text().replace(was, now)
    assert translations.quick_translations(text) is None


def test_a_catalog_that_is_not_utf8_is_one_line(pack: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    po = pack / "translations" / "es.po"
    po.write_bytes(po.read_bytes().replace(b"El Cruce", b"El Cruce \xe9"))
    assert main(["translate", "extract", str(pack)]) == 1
    assert capsys.readouterr().err == \
        f"grail: {po}:15:1: the file is not UTF-8 text: save it as UTF-8\n"


# --- playing in a language -------------------------------------------------------------


def _played(campaign: Any, seed: int, steps: int) -> Game:
    return random_playout(Game.new(campaign, ["tamsin"], seed=seed), steps,
                          random.Random(seed), every=steps)


def test_a_game_reaches_the_same_state_whatever_the_language(ennor: Any) -> None:  # [TASK-1]
    """The same seeded game on the bundled campaign in English and in the pseudo-language
    takes the same actions to the same state, its task log included (what a task asks is
    the pack's words, read in the language the game is shown in)."""
    spoken = load_pack(bundled_pack(), lang="qps")
    english, pseudo = _played(ennor, 2, 40), _played(spoken, 2, 40)
    assert english.state.tasks  # a task was opened on the way
    assert english.legal_actions() == pseudo.legal_actions()
    assert english.state_hash() == pseudo.state_hash()
    task = english.state.tasks[0].id
    assert spoken.task[task].rstrip(".") in summary(pseudo)  # in the game's own words
    assert ennor.task[task].rstrip(".") in summary(english)


def test_commands_that_play_open_the_pack_in_grails_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAIL_LANG", "qps")
    save = tmp_path / "game.grail"
    assert main(["new", str(save), "--pack", str(MINIMAL), "--hero", "wren", "--seed", "1"]) == 0
    assert lang.pseudo("Wren of the Marsh") in capsys.readouterr().out
    assert lang.language() == "en"  # the command's language, for the command alone
    assert main(["list", "heroes", "--pack", str(MINIMAL)]) == 0  # an author's tool: the source
    assert capsys.readouterr().out == "wren\tWren of the Marsh\nyew\tYew the Ferry-Keeper\n"


# --- grail's own messages ----------------------------------------------------------------


def test_the_babel_mapping_in_pyproject_extracts_grails_keywords(tmp_path: Path) -> None:
    """``pybabel extract -F pyproject.toml`` reads ``[tool.babel]``: ``N_`` and the
    context keywords are grail's (grail/lang.py)."""
    from babel.messages.frontend import CommandLineInterface

    code = tmp_path / "code"
    code.mkdir()
    (code / "words.py").write_text('N_("Rest")\nnpgettext("day", "{n} Day", "{n} Days", 2)\n'
                                   'pgettext("button", "Travel")\n')
    out = tmp_path / "grail.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(ROOT / "pyproject.toml"),
                                "-o", str(out), str(code)])
    found = {(message.context, message.id) for message in _catalog(out) if message.id}
    assert found == {(None, "Rest"), ("day", ("{n} Day", "{n} Days")), ("button", "Travel")}
