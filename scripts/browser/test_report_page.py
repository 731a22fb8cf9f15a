"""The results page (report.html) as a person meets it: opened in real headless Chromium.

Each test makes a small run with the `floe` binary ($FLOE_BIN), opens the page the run
wrote, and checks what a reader would: no console error, no request beyond the page file
itself, the answer's text, every chart drawn with a size, and a screenshot that is not
blank (saved beside the run for a person to look at).
"""

import os
import subprocess
from pathlib import Path

from conftest import assert_not_blank

FLOE = os.environ.get("FLOE_BIN", "floe")


def floe(*args: str) -> None:
    subprocess.run([FLOE, *args, "--quiet"], check=True)


def open_page(browser, page_path: Path, shot: Path):
    """Opens `page_path`; returns the page, its console errors and the URLs it fetched
    (beyond itself), after saving a full-page screenshot to `shot`."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors, fetched = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    url = page_path.resolve().as_uri()
    page.on("request", lambda r: fetched.append(r.url) if r.url != url else None)
    page.goto(url)
    page.wait_for_load_state("load")
    page.screenshot(path=str(shot), full_page=True)
    return page, errors, fetched


def experiment_page(browser, tmp_path: Path, spec_text: str):
    """Runs the experiment `spec_text` and opens its page, which must log no console
    error and fetch nothing; returns the page, the run's folder and the screenshot."""
    spec = tmp_path / "spec.toml"
    spec.write_text(spec_text)
    out = tmp_path / "run"
    floe("experiment", str(spec), "--out", str(out))
    shot = tmp_path / "page.png"
    page, errors, fetched = open_page(browser, out / "report.html", shot)
    assert errors == []
    assert fetched == []
    return page, out, shot


def test_an_experiments_page_answers_and_draws_every_chart(browser, tmp_path):
    page, out, shot = experiment_page(
        browser,
        tmp_path,
        'name = "seats"\nplayers = [2, 3]\n[[lineups]]\nbots = "random"\ngames = 400\n',
    )
    answer = page.inner_text("#answer")
    assert "Win shares by seat:" in answer
    charts = page.query_selector_all("figure img")
    assert len(charts) == len(list(out.glob("*.svg"))) > 0
    for chart in charts:
        assert chart.evaluate("img => img.complete && img.naturalWidth > 0")
        box = chart.bounding_box()
        assert box is not None and box["width"] > 100 and box["height"] > 100
    assert_not_blank(shot)


def test_a_study_that_declares_questions_answers_them_first(browser, tmp_path):
    page, _, shot = experiment_page(
        browser,
        tmp_path,
        'name = "asked"\nplayers = [2]\n[[lineups]]\nbots = "random"\ngames = 400\n'
        '[sweep]\nparam = "tiles_removed"\nvalues = [2, 8]\n'
        '[[questions]]\nask = "compare"\nmeasure = "mean_rounds"\nbetween = [2, 8]\n',
    )
    declared = page.query_selector("#declared")
    assert declared is not None and declared.is_visible()
    assert "2 players: mean_rounds 8 - 2 = " in declared.inner_text()
    # The declared answers come before the seats' answer on the page.
    top = lambda sel: page.query_selector(sel).bounding_box()["y"]
    assert top("#declared") < top("#answer")
    # The question's answer is drawn too: its estimate and interval per player count.
    drawn = page.query_selector('img[alt="chart answer-1.svg"]')
    assert drawn is not None and drawn.evaluate("img => img.complete && img.naturalWidth > 0")
    assert_not_blank(shot)


def test_a_sweep_that_follows_its_games_arcs_draws_each_measure_in_its_own_section(
    browser, tmp_path
):
    page, out, shot = experiment_page(
        browser,
        tmp_path,
        'name = "arcs"\ngame = "goofspiel"\nplayers = [2, 3]\narc = true\n'
        '[[lineups]]\nbots = "greedy"\ngames = 300\n'
        '[sweep]\nparam = "cards"\nvalues = [3, 5, 7]\n',
    )
    heading = page.query_selector("h2#arc")
    assert heading is not None and heading.inner_text() == "How the games unfold"
    drawn = page.query_selector_all('img[alt^="chart arc-"]')
    names = sorted(img.get_attribute("alt")[len("chart ") :] for img in drawn)
    assert names == sorted(p.name for p in out.glob("arc-*.svg")) and len(names) == 8
    below = heading.bounding_box()["y"]
    for img in drawn:
        assert img.evaluate("img => img.complete && img.naturalWidth > 0")
        assert img.bounding_box()["y"] > below, "in the section, under its heading"
    assert "lead_changes" in page.inner_text("dl.run:last-of-type")
    assert_not_blank(shot)


def test_a_simulates_page_draws_its_seat_shares(browser, tmp_path):
    out = tmp_path / "run"
    floe("simulate", "--players", "3", "--games", "2000", "--out", str(out))
    page, errors, fetched = open_page(browser, out / "report.html", tmp_path / "sim.png")
    assert errors == [] and fetched == []
    chart = page.query_selector('img[alt="chart seats-random.svg"]')
    assert chart is not None and chart.is_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100
    assert_not_blank(tmp_path / "sim.png")


def test_a_tournaments_page_names_the_strongest_or_says_it_cannot(browser, tmp_path):
    out = tmp_path / "run"
    floe(
        "tournament", "--players", "2", "--bots", "random,greedy", "--games", "60",
        "--out", str(out),
    )
    page, errors, fetched = open_page(browser, out / "report.html", tmp_path / "page.png")
    assert errors == [] and fetched == []
    answer = page.inner_text("#answer")
    assert "Strength (Bradley-Terry ratings with 95% intervals)" in answer
    assert page.inner_text("body").count("greedy") > 0
    assert_not_blank(tmp_path / "page.png")
