"""The game in Spanish, in real Chromium with the browser's language set to Spanish (Spain):
the start screen and the rules page speak Spanish from the first paint, ``<html lang>`` follows
the language, a language picked is remembered over a reload, switching language mid-game
keeps the game, a whole game is played by its visible Spanish labels, and the statistics screen
and a game's review speak Spanish, phone and desktop (issue 12).

``TWEAK_SCREENSHOTS=/tmp`` also saves the Spanish start screen, rules page, table (mid-game,
with a TWEAK! and captures in its log) and game-over screen, phone and desktop, there.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.test_game import (  # noqa: F401 (open_game, sized: fixtures)
    SIZES, TURN_TIMEOUT_MS, choose_opening_capture, click_hand_card, open_game, set_players,
    settle, sized, wait_for_my_turn,
)
from tests.ui.scenarios import query, tweak_opening


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "es-ES"}


def choose_language(page, name: str, select: str = "#language"):
    page.locator(select).select_option(label=name)
    settle(page)


def test_the_start_screen_and_rules_speak_the_browsers_language(open_game, page):
    open_game(query(pace="instant"))
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("button", name="Repartir")).to_be_visible()
    expect(page.locator(".tagline")).to_have_text(
        "El juego de cartas de sumas rápidas. Alcanza el objetivo, limpia la mesa, ¡haz un TWEAK!")
    expect(page.get_by_label("Idioma")).to_have_value("es")
    expect(page.get_by_role("combobox", name="El jugador 2 es")).to_contain_text(
        "Ordenador · Medio")
    expect(page).to_have_title("TWEAK!: el juego de cartas de sumas rápidas")
    page.get_by_role("button", name="Cómo se juega").click()
    rules = page.locator("[data-screen=rules]")
    expect(rules.get_by_role("heading", level=1)).to_have_text("Cómo se juega a TWEAK!")
    expect(rules).to_contain_text("Reglas de mesa donde el reglamento impreso no dice nada")
    expect(rules).to_contain_text("«1 más 3 son 4, más 5 son 9»")
    expect(rules.locator("#goals-table")).to_contain_text("3 jugadores")
    shots = os.environ.get("TWEAK_SCREENSHOTS")
    if shots:
        for width, height, label in ((390, 844, "phone"), (1280, 800, "desktop")):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=f"{shots}/es-rules-{label}.png", full_page=True)
            page.screenshot(path=f"{shots}/es-rules-{label}-top.png")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.get_by_role("button", name="Volver").first.click()
        for width, height, label in ((390, 844, "phone"), (1280, 800, "desktop")):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=f"{shots}/es-start-{label}.png", full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_language_picked_is_remembered_over_a_reload(open_game, page, wait_for_python):
    open_game(query(pace="instant"))
    choose_language(page, "English")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="Deal", exact=True)).to_be_visible()
    expect(page.get_by_role("combobox", name="Player 2 is")).to_contain_text("Computer · Medium")
    page.reload()
    # The choice is applied before Python has started (ui/main_thread/lang.js and ui/main_thread/boot.js), and kept.
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="Deal", exact=True)).to_be_visible()
    wait_for_python(page)
    expect(page.get_by_role("button", name="Deal", exact=True)).to_be_visible()
    choose_language(page, "Español")
    # Spanish as soon as the page is parsed: no English start screen painted first (the start
    # card is hidden while <html data-translating>, until ui/main_thread/boot.js has translated it).
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate("[document.getElementById('deal').textContent, "
                         "'translating' in document.documentElement.dataset]") == ["Repartir", False]
    expect(page.get_by_role("button", name="Repartir")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    wait_for_python(page)
    expect(page.get_by_role("button", name="Repartir")).to_be_visible()
    expect(page.get_by_role("combobox", name="El jugador 2 es")).to_contain_text(
        "Ordenador · Medio")


def test_switching_language_mid_game_keeps_the_game(open_game, page):
    open_game(query(seed=5, pace="instant"))
    page.get_by_role("button", name="Repartir").click()
    wait_for_my_turn(page)
    cards = "[...document.querySelectorAll('#game [data-ui^=hand], #game .table .card')]" \
            ".map((card) => card.getAttribute('aria-label') || card.dataset.ui || '')"
    before = page.evaluate(cards)
    shots = os.environ.get("TWEAK_SCREENSHOTS")
    if shots:  # the table's cards and prompt in Spanish (the rest of the table: a later session)
        for width, height, label in ((390, 844, "phone"), (1280, 800, "desktop")):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=f"{shots}/es-table-{label}.png")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.locator(".topbar [data-ui=rules]").click()
    choose_language(page, "English", "#rules-language")
    rules = page.locator("[data-screen=rules]")
    expect(rules.get_by_role("heading", level=1)).to_have_text("How to play TWEAK!")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.locator("#close-rules").click()
    expect(page.locator("[data-screen=table]")).to_be_visible()
    settle(page)
    assert page.evaluate(cards) == before
    wait_for_my_turn(page)


STATS = ('{"format": "tweak-stats/1", "games": {"2 medium": [5, 3], "4 hard": [2, 1]}, '
         '"best_round": 41, "tweaks": 4, "biggest": 13, '
         '"biggest_words": "red 5 took green 2, yellow 1: 13 points"}')
FITS = "document.documentElement.scrollWidth <= innerWidth"


def spanish_shot(page, name, sized):
    shots = os.environ.get("TWEAK_SCREENSHOTS")
    if shots:
        page.screenshot(path=f"{shots}/es-{name}-{sized}.png", full_page=True)


def test_the_statistics_and_the_game_review_in_spanish(open_game, page, sized, tmp_path):
    """The statistics screen (its facts, chart, the reset question, an import refused) and the
    review of a finished game (the step, the evaluator's comment, the buttons, a score sheet,
    and ui/main_thread/page.py's own notice for "Copiar enlace"), by their Spanish labels."""
    from tests.ui.test_review import short_game
    from tweak import to_fragment

    open_game(query(pace="instant"))
    page.evaluate(f"localStorage.setItem('tweak.stats', {STATS!r})")
    page.get_by_role("button", name="Estadísticas").click()
    settle(page)
    screen = page.locator("[data-screen=stats]")
    expect(screen.get_by_role("heading", level=1)).to_have_text("Estadísticas")
    expect(screen).to_contain_text("Partidas y victorias")
    expect(screen).to_contain_text("2 jugadores · Medio")
    expect(screen).to_contain_text("3 ganadas de 5 (60%)")
    expect(screen.locator(".stats-detail")).to_have_text("el 5 rojo se llevó el 1 amarillo, el 2 verde")
    expect(screen.get_by_role("list", name="Partidas ganadas por mesa")).to_be_visible()
    assert page.evaluate(FITS), "the statistics screen is wider than the window"
    spanish_shot(page, "stats", sized)
    bad = tmp_path / "otro.json"
    bad.write_text('{"format": "otra cosa"}')
    page.get_by_label("Importar").set_input_files(str(bad))
    expect(screen).to_contain_text("No se ha importado ese archivo: esto no es un archivo de "
                                   "estadísticas de TWEAK!")
    page.get_by_role("button", name="Poner a cero").click()
    expect(screen).to_contain_text("¿Poner a cero tus estadísticas?")
    expect(page.get_by_role("button", name="Sí, ponerlas a cero")).to_be_visible()
    spanish_shot(page, "stats-reset", sized)
    page.get_by_role("button", name="Cancelar").click()
    settle(page)

    record = short_game()
    page.goto("about:blank")
    open_game(fragment="#g=" + to_fragment(record))
    settle(page)
    page.locator("[data-ui=review]").click()
    settle(page)
    position = page.locator(".review-pos")
    expect(position).to_have_text(
        f"Paso 0 de {len(record.actions)} · Ronda 1 · el reparto")
    expect(page.get_by_role("button", name="Jugada anterior")).to_be_disabled()
    page.get_by_role("button", name="Jugada siguiente").click()
    page.get_by_role("button", name="Jugada siguiente").click()
    expect(position).to_have_text(f"Paso 2 de {len(record.actions)} · Ronda 1")
    expect(page.locator(".review-comment")).to_contain_text(
        re.compile(r"^Captura perdida: .* Vale unos \d+ puntos más que la jugada hecha\.$"))
    expect(page.locator(".review-who")).to_have_text("Tu jugada")
    expect(page.get_by_role("group", name="Mano de Ada")).to_be_visible()
    assert page.evaluate(FITS), "the review is wider than the window"
    spanish_shot(page, "review", sized)
    page.get_by_role("button", name="Copiar enlace").click()
    # ui/main_thread/page.py's own notice, translated by ui/main_thread/lang.js (headless Chromium may refuse the
    # clipboard: then the link is shown to copy by hand).
    expect(page.locator("#fx-toast .notice")).to_contain_text(
        re.compile(r"Se ha copiado en el portapapeles|Copia este enlace para compartir"))
    expect(page.locator("#fx-toast .notice button")).to_have_text("Vale")
    page.get_by_role("button", name="Puntuación de la ronda 1").click()
    settle(page)
    sheet = page.locator("[data-screen=review-sheet]")
    expect(sheet.locator("h1")).to_have_text("Ronda 1: puntuación")
    assert page.evaluate(FITS), "the review's score sheet is wider than the window"
    spanish_shot(page, "review-sheet", sized)
    page.get_by_role("button", name="Volver al repaso").click()
    settle(page)
    expect(position).to_have_text(f"Paso 2 de {len(record.actions)} · Ronda 1")
    page.get_by_role("button", name="Volver a los resultados").click()
    settle(page)
    expect(page.locator("[data-screen=over]")).to_be_visible()
def _screenshots(page, name: str):
    """Each size of SIZES: nothing spills sideways; with TWEAK_SCREENSHOTS, the screen's top
    and the whole page saved, once the TWEAK! burst is over."""
    shots = os.environ.get("TWEAK_SCREENSHOTS")
    page.wait_for_function("[...document.querySelectorAll('#fx-burst .tweak-burst')]"
                           ".every((burst) => burst.getAnimations().every("
                           "(animation) => animation.playState === 'finished'))")
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate("window.scrollTo(0, 0)")
        if shots:
            page.screenshot(path=f"{shots}/es-{name}-{size}.png")
            page.screenshot(path=f"{shots}/es-{name}-{size}-full.png", full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (name, size)
        # A score table's words fit its width: no column hidden behind a sideways scroll.
        assert page.evaluate("[...document.querySelectorAll('.table-wrap')]"
                             ".every((wrap) => wrap.scrollWidth <= wrap.clientWidth)"), (name, size)


def test_a_whole_game_by_its_spanish_labels(open_game, page):
    """A TWEAK! by Spanish labels (its sum called out in Spanish, R14; the [T!] card won,
    R15), then every turn placed with «Dejar carta» (or a card given up to a Bomb), every
    score sheet's «Siguiente ronda», to the game-over screen."""
    opening = tweak_opening(2, ("thief", "bomb"))
    open_game(opening.query(goal=120, pace="instant"))
    set_players(page, ["human", "bot"])
    page.get_by_role("button", name="Repartir").click()
    wait_for_my_turn(page)
    expect(page.locator(".prompt")).to_contain_text("Te toca: suma")
    choose_opening_capture(page, opening)
    page.get_by_role("button", name=f"Capturar {opening.tweak.total}").click()
    burst = page.locator("#fx-burst .tweak-burst")
    expect(burst).to_contain_text(" más ")  # the called-out sum, in Spanish (R14)
    expect(burst).to_contain_text("ganas")
    log = page.get_by_role("complementary", name="Últimas jugadas")
    expect(log).to_contain_text("Capturas ")
    expect(log).to_contain_text("TWEAK! Luego ganas El Ladrón")
    wait_for_my_turn(page)
    settle(page)
    _screenshots(page, "table-mid-game")
    sheets = 0
    deadline = time.monotonic() + 600
    while not page.locator("[data-screen=over]").count():
        assert time.monotonic() < deadline, "no game over after 600 s"
        settle(page)
        if page.locator("[data-screen=scores]").count():
            expect(page.get_by_role("heading", level=1)).to_contain_text("puntuación")
            if not sheets:
                _screenshots(page, "score-sheet")
            sheets += 1
            page.get_by_role("button", name="Siguiente ronda").click()
        elif page.get_by_role("button", name=re.compile("^Soltar")).count():
            click_hand_card(page)
            page.get_by_role("button", name=re.compile("^Soltar ")).click()
        elif page.get_by_role("button", name="Dejar carta").count():
            click_hand_card(page)
            page.get_by_role("button", name="Dejar carta").click()
        else:
            page.wait_for_timeout(25)
    over = page.locator("[data-screen=over]")
    expect(over.locator(".winner")).to_have_text(re.compile(r"^¡(Has ganado|Gana Ada|Tú y .*)!$"))
    expect(over.get_by_role("columnheader", name="Jugador").first).to_be_visible()
    for label in ("Jugar otra vez", "Repasar la partida", "Partida nueva"):
        expect(page.get_by_role("button", name=label)).to_be_visible()
    _screenshots(page, "game-over")
    page.get_by_role("button", name="Partida nueva").click()
    expect(page.get_by_role("button", name="Repartir")).to_be_visible()
