"""The pages' Python examples run as written, from a folder outside the repository.

Every ```python block of README.md, CHANGELOG.md and docs/*.md runs by itself, as a reader
who copies that one block would run it (its imports and set-up included), and an ```output
block right after one is what it must print. The conventions, the
shell blocks' runner among them, are in docs/extending.md ("The pages are tests").
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

#: The pages, as the shell blocks' runner (crates/floe-cli/tests/docs.rs) lists them.
PAGES = ["README.md", "CHANGELOG.md"] + sorted(
    f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")
)

#: Runs the blocks given as JSON on stdin, each in a namespace of its own, and prints, as
#: JSON, what each printed; a block that raises stops the program with its traceback, which
#: names the page and line.
DRIVER = """
import contextlib, io, json, sys
blocks = json.load(sys.stdin)
printed = []
for name, line, code in blocks:
    scope = {"__name__": "__main__"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile("\\n" * (line - 1) + code, name, "exec"), scope)
    printed.append(out.getvalue())
sys.stdout.write(json.dumps(printed))
"""


def fences(text: str):
    """Yields (language, words after it, the line its body starts on, body) of each block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        stripped = lines[i].lstrip()
        # A fence's info string holds no backtick (CommonMark), so inline code is none.
        if stripped.startswith("```") and "`" not in stripped.lstrip("`"):
            indent = len(lines[i]) - len(stripped)
            info = stripped[3:].split()
            body = []
            i += 1
            while lines[i].strip() != "```":
                line = lines[i]
                body.append(line[min(indent, len(line) - len(line.lstrip())):])
                i += 1
            yield (info[0] if info else ""), info[1:], i - len(body) + 1, "\n".join(body)
        i += 1


def matches(expected: list[str], actual: list[str]) -> bool:
    """The shell runner's rule: a line `...` stands for any lines, `...` in a line for any
    text; trailing blanks do not count."""
    if not expected:
        return not actual
    first, rest = expected[0].rstrip(), expected[1:]
    if first.strip() == "...":
        return any(matches(rest, actual[skip:]) for skip in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in first.split("..."))
    return bool(re.fullmatch(pattern, actual[0].rstrip())) and matches(rest, actual[1:])


def page_blocks(page: str):
    """The page's Python blocks that run, each with the output shown after it (or None),
    and those marked no-run."""
    found = list(fences((ROOT / page).read_text()))
    runs, unrun = [], []
    for k, (lang, words, line, body) in enumerate(found):
        if lang != "python":
            continue
        if "no-run" in words:
            unrun.append((line, body))
            continue
        after = found[k + 1] if k + 1 < len(found) else None
        shown = after[3] if after and after[0] == "output" else None
        runs.append((line, body, shown))
    return runs, unrun


def test_the_matching_rule():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["x ... z"], ["x y z"])
    assert not matches(["a", "d"], ["a", "b", "d"])


@pytest.mark.parametrize("page", PAGES)
def test_every_python_block_of_the_page_runs(page, tmp_path):
    runs, unrun = page_blocks(page)
    for line, body in unrun:
        compile(body, f"{page}:{line}", "exec")
    if not runs:
        return
    blocks = [[page, line, body] for line, body, _ in runs]
    done = subprocess.run(
        [sys.executable, "-c", DRIVER], input=json.dumps(blocks), cwd=tmp_path,
        capture_output=True, text=True,
        env=dict(os.environ, PYTHONWARNINGS="error::UserWarning"),
    )
    assert done.returncode == 0, done.stderr
    for (line, _, shown), printed in zip(runs, json.loads(done.stdout)):
        if shown is not None:
            assert matches(shown.split("\n"), printed.rstrip("\n").split("\n")), (
                f"{page}:{line} printed:\n{printed}"
            )
