"""The pieces the Arctic drawing (crates/arctic/src/draw.js) tags per seat.

Each piece is one SVG element with `data-piece=KIND data-seat=S`:

- `pile-card`: each card of the seat's pile, face up or down (seen or a back);
- `hand-card`: each card in the seat's hand (face up, known, or a back);
- `penalty-card`: each card in the seat's penalty zone (face up or a back);
- `power`: each power card the seat holds;
- `totem`: the seat's totem, where this board shows it;
- `held-card`: the card the seat to act holds aside while the fox question is asked.

Kinds a seat has none of are left out of the result.
"""


def expected_pieces(board: dict) -> dict[tuple[str, int], int]:
    """Returns the count of each (KIND, seat) the drawing tags for `board` (an Arctic
    observation as JSON), leaving out the zero counts."""
    counts: dict[tuple[str, int], int] = {}
    for s, seat in enumerate(board["seats"]):
        counts[("pile-card", s)] = len(seat["pile"])
        counts[("hand-card", s)] = seat["hand_size"]
        counts[("penalty-card", s)] = seat["penalty_size"]
        counts[("totem", s)] = 1 if seat.get("totem") else 0
    for power in board["powers"].values():
        holder = power["holder"]
        if holder is not None:
            counts[("power", holder)] = counts.get(("power", holder), 0) + 1
    if board["phase"] == "fox":
        counts[("held-card", board["to_act"])] = 1
    return {k: n for k, n in counts.items() if n}
