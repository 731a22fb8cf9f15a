# The independent values the solver's tests check against: OpenSpiel's exploitability of the
# uniform policy in Goofspiel (run outside the tests: pip install open_spiel, OpenSpiel 2.0.2).
import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import exploitability
for cards in (3, 4):
    for order in ("descending", "ascending", "random"):
        for ret in ("point_difference", "win_loss"):
            name = f"goofspiel(num_cards={cards},points_order={order},returns_type={ret})"
            g = pyspiel.convert_to_turn_based(pyspiel.load_game(name))
            u = policy.UniformRandomPolicy(g)
            nc = exploitability.nash_conv(g, u)
            print(f"{name}: uniform nash_conv {nc:.6f} exploitability {nc/2:.6f}", flush=True)
