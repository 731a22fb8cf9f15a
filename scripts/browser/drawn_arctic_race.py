"""The pieces the Arctic Race drawing (crates/arctic-race/src/draw.js)
tags, counted from a board (the step's observation as JSON), for the browser test to
compare with the `[data-piece][data-seat]` elements it finds in the drawn SVG.

Kinds, each counted per seat (the seat's place in the board's `seats` list):
- `racer-track`, `racer-home`, `racer-finished`: its racers on a track space, at home,
  and finished;
- `played`: the cards on its played pile;
- `hand`: the cards of its hand, where the board shows the hand (`hand` field);
- `hand-back`: the backs of a hand the board hides (its `hand_size`);
- `face-down`: its card laid face down this round (face up or a back), at most one;
- `start-token`: the start token, with its holder;
- `leader`: the mark of the seat that led this round.

Kinds a seat has none of are left out of the result, as the drawing draws nothing there.
"""

from collections import Counter


def expected_pieces(board: dict) -> dict[tuple[str, int], int]:
    """Returns, for each (kind, seat) the drawing of `board` tags, how many elements."""
    counts: Counter = Counter()
    for seat, s in enumerate(board["seats"]):
        for racer in s["racers"]:
            counts[(f"racer-{racer['position']}", seat)] += 1
        counts[("played", seat)] += len(s["played"])
        if "hand" in s:
            counts[("hand", seat)] += len(s["hand"])
        else:
            counts[("hand-back", seat)] += s["hand_size"]
        counts[("face-down", seat)] += int(s["face_down"])
    counts[("start-token", board["start_token"])] += 1
    counts[("leader", board["leader"])] += 1
    return {key: n for key, n in counts.items() if n > 0}
