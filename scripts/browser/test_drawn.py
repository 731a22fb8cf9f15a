"""Drawn replays (`floe replay --html`) and play in the browser (`floe play --web`) as a
person meets them: opened in real headless Chromium.

For every game with a drawing, a whole game is stepped through told in full and as each
seat saw it: no console error, no request beyond the page, and at sampled steps the
pieces drawn for each seat (counted by their `data-piece` and `data-seat` marks) are
those the step's board holds (`drawn_GAME.expected_pieces`, reading the page's data
independently of its script). A game is then played through `floe play --web` by clicking,
and its record replays to the same final scores. Screenshots are saved beside the runs.
"""

import importlib
import json
import math
import os
import re
import signal
import subprocess
from pathlib import Path

import pytest
from conftest import assert_not_blank

FLOE = os.environ.get("FLOE_BIN", "floe")

# Each drawn game with its table (greedy bots play games of a few hundred steps).
GAMES = [("arctic-race", 4), ("arctic", 3), ("north-pole", 4)]
SAMPLED_STEPS = 12


def page_data(html: str) -> dict:
    """The page's data: the game told step by step."""
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page holds its data"
    return json.loads(found.group(1))


def boards(view: dict) -> list:
    """Each step's whole board, unpacked from the fields each step changed."""
    out, board = [], {}
    for step in view["steps"]:
        if "board" in step:
            board = step["board"]
        else:
            board = {**board, **step.get("set", {})}
            for gone in step.get("gone", []):
                board.pop(gone, None)
        out.append(board)
    return out


def drawn_pieces(page) -> dict:
    """The pieces drawn on the board now, counted by kind and seat."""
    counts = page.evaluate(
        """() => {
            const out = {};
            for (const e of document.querySelectorAll('#board [data-piece][data-seat]')) {
                const k = e.dataset.piece + '|' + e.dataset.seat;
                out[k] = (out[k] || 0) + 1;
            }
            return out;
        }"""
    )
    return {(k.split("|")[0], int(k.split("|")[1])): n for k, n in counts.items()}


def watch(page):
    """Collects the page's console errors and requests other than itself."""
    errors, fetched = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: fetched.append(r.url))
    return errors, fetched


def check_standings_chart(page, data: dict, players: int):
    """The chart of the standings, in a game told in full: shown, one line per seat through
    every mark, and the mark of the step shown (the last read at or before it) marked and
    written out in its caption."""
    marks = data["marks"]
    steps = len(data["views"][0]["steps"])
    assert marks and marks[0]["step"] == 0 and marks[-1]["step"] == steps - 1
    assert all(len(m["standings"]) == players for m in marks)
    assert page.is_visible("#standings svg")
    lines = page.eval_on_selector_all(
        "#standings polyline.standing",
        "ls => ls.map(l => [Number(l.dataset.seat), l.getAttribute('points').split(' ').length])",
    )
    assert sorted(lines) == [[seat, len(marks)] for seat in range(players)]
    at = page.evaluate("floePlayer.at")
    k = max(i for i, m in enumerate(marks) if m["step"] <= at)
    caption = page.inner_text("#standings figcaption")
    assert f"mark {k} of {len(marks) - 1}" in caption, caption
    for seat, v in enumerate(marks[k]["standings"]):
        assert f"S{seat} {short(v)}" in caption, caption


def short(v: float) -> str:
    """A standing as the caption writes it: to 2 decimals at most, as JavaScript writes
    Math.round(v * 100) / 100 (an integer without a decimal point)."""
    r = math.floor(v * 100 + 0.5) / 100
    return str(int(r)) if r == int(r) else repr(r)


def test_a_seat_s_drawn_replay_has_no_standings(browser, tmp_path):
    html_path = tmp_path / "seat.html"
    subprocess.run(
        [FLOE, "replay", "--game", "arctic", "--players", "3", "--seat", "1", "--html",
         str(html_path)],
        check=True,
    )
    assert page_data(html_path.read_text())["marks"] == []
    page = browser.new_page()
    errors, _ = watch(page)
    page.goto(html_path.resolve().as_uri())
    assert page.is_hidden("#standings")
    assert errors == []
    page.close()


@pytest.mark.parametrize("game,players", GAMES)
def test_a_drawn_replay_draws_every_step_with_the_pieces_of_its_board(
    browser, tmp_path, game, players
):
    html_path = tmp_path / f"{game}.html"
    subprocess.run(
        [FLOE, "replay", "--game", game, "--players", str(players), "--bots", "greedy",
         "--html", str(html_path)],
        check=True,
    )
    data = page_data(html_path.read_text())
    expected = importlib.import_module("drawn_" + game.replace("-", "_")).expected_pieces
    page = browser.new_page(viewport={"width": 1400, "height": 950})
    errors, fetched = watch(page)
    url = html_path.resolve().as_uri()
    page.goto(url)
    assert [v["seat"] for v in data["views"]] == [None, *range(players)]
    for index, view in enumerate(data["views"]):
        page.select_option("#view", str(index))
        whole = boards(view)
        count = len(whole)
        # Every step drawn, in the page's own loop (fast); errors are collected.
        page.evaluate(f"() => {{ for (let k = 0; k < {count}; k++) floePlayer.go(k); }}")
        for k in sorted({round(i * (count - 1) / SAMPLED_STEPS) for i in range(SAMPLED_STEPS + 1)}):
            page.evaluate(f"floePlayer.go({k})")
            want = {key: n for key, n in expected(whole[k]).items() if n}
            assert drawn_pieces(page) == want, f"{game}, view {view['seat']}, step {k}"
        assert errors == [], errors
    # The controls, as a person uses them.
    page.select_option("#view", "0")
    page.click("#first")
    assert page.inner_text("#where").startswith("step 1 of ")
    page.click("#next")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#where").startswith("step 3 of ")
    page.click("#next-round")
    page.click("#last")
    assert "the game is over" in page.inner_text("#where")
    assert "final scores" in page.inner_text("#final")
    page.evaluate(f"floePlayer.go({len(data['views'][0]['steps']) // 2})")
    check_standings_chart(page, data, players)
    shot = tmp_path / f"{game}.png"
    page.screenshot(path=str(shot))
    assert_not_blank(shot)
    assert errors == [] and [u for u in fetched if u != url] == []
    page.close()


def test_a_game_played_in_the_browser_replays_from_its_record_to_the_same_end(
    browser, tmp_path
):
    record = tmp_path / "game.toml"
    server = subprocess.Popen(
        [FLOE, "play", "--web", "--game", "arctic-race", "--players", "2", "--seed", "3",
         "--bots", "greedy,person", "--record", str(record)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        url = re.search(r"http://\S+", server.stdout.readline()).group(0)
        origin = url[: url.index("/", len("http://"))]
        page = browser.new_page(viewport={"width": 1400, "height": 950})
        errors, fetched = watch(page)
        page.goto(url)
        clicks = 0
        while True:
            page.wait_for_selector("#question button.answer:not([disabled]), #final:not([hidden])")
            if page.query_selector("#final:not([hidden])"):
                break
            if clicks == 4:
                page.screenshot(path=str(tmp_path / "play.png"))
            # The page shows the newest step, the question's; the person may look back first.
            where = page.inner_text("#where")
            steps = where.split(" of ")[1].split(" ")[0]
            assert where.startswith(f"step {steps} of {steps}"), where
            if clicks == 2:
                page.click("#first")
            buttons = page.query_selector_all("#question button.answer")
            buttons[clicks % len(buttons)].click()
            clicks += 1
        assert clicks > 5
        shown = page.inner_text("#final")
        assert "wrote" in page.inner_text("#question")
        assert errors == [] and [u for u in fetched if not u.startswith(origin)] == []
        replayed = subprocess.run(
            [FLOE, "replay", "--record", str(record)], check=True, capture_output=True, text=True
        ).stdout
        assert replayed.rstrip().endswith(shown.rstrip())
        assert_not_blank(tmp_path / "play.png")
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
