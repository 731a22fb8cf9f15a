"""The pieces the north-pole drawing (crates/north-pole/src/draw.js) tags
per seat, counted from a board (the game's observation as JSON).

Each piece is one SVG element with `data-piece=KIND data-seat=S` (KINDS below says what
each kind counts). Every pawn is drawn in exactly one place (on a square, on its ship or
at the Pole), so a seat's three pawn kinds always add up to its four pawns. Kinds a seat
has none of are left out of the result.
"""

# Each kind the drawing tags, and what it counts of a seat's entry in `board["seats"]`.
KINDS = {
    "pawn": lambda seat, board: sum(seat["pawns"].values()),  # pawns on the ice, one per pawn
    "ship-pawn": lambda seat, board: seat["ship"],  # pawns waiting on the ship
    "pole-pawn": lambda seat, board: seat["pole"],  # pawns on the scoreboard (at the Pole)
    "igloo": lambda seat, board: len(seat["igloos"]),  # igloos sheltering its pawns
    "disc": lambda seat, board: sum(seat["held"].values()),  # equipment discs held
    "pack-card": lambda seat, board: len(seat["packs"]),  # cards stored in its Backpacks
    # the cards lying on its side of the table (a side with no player has no seat)
    "card": lambda seat, board: len(board["cards_by_side"].get(seat["side"], [])),
}


def expected_pieces(board: dict) -> dict[tuple[str, int], int]:
    """Returns the count of each (KIND, seat index) the drawing tags for `board`, every
    kind for every seat at the table, leaving out the zero counts."""
    counts = {
        (kind, s): count(seat, board)
        for s, seat in enumerate(board["seats"])
        for kind, count in KINDS.items()
    }
    return {k: n for k, n in counts.items() if n}
