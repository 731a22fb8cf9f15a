"""What the browser tests share: one headless Chromium (Debian's, driven by Playwright,
which downloads no browser of its own) and the check that a screenshot shows something."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def assert_not_blank(shot: Path) -> None:
    """A screenshot with more than a handful of colours: text and drawings were drawn."""
    from PIL import Image

    image = Image.open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 20, f"{shot} looks blank"
