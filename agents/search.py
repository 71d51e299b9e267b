"""The search agent: determinized Monte Carlo rollouts by greedy players, played inside the
game loop (simcore/players/search.py says how it decides).

Named on the command line as `search`, or with settings: `search:rollouts=64,horizon=3`.
"""
from agents.base import Agent
from simcore.errors import PlaytestError

# name: (default, least, most, what it is)
SETTINGS = {
    "rollouts": (8, 1, 4096, "rollouts per decision, over all its candidates"),
    "horizon": (1, 1, 50, "own turns a rollout plays before the position is scored (the "
                          "game's end comes first when it is nearer)"),
    "width": (4, 2, 32, "candidates tried at a decision: greedy's best ones"),
}
DEFAULTS = {k: v[0] for k, v in SETTINGS.items()}


def settings_help():
    """The settings in words, with their defaults and ranges (for --help and the README)."""
    return "; ".join(f"{k}={d} ({what}; {lo}-{hi})" for k, (d, lo, hi, what) in
                     SETTINGS.items())


class SearchAgent(Agent):
    """At each decision with a choice, tries greedy's best few actions in rollouts over deals
    of the cards it cannot see, and takes the best on average. It plays inside the game loop
    only (GameBatch.play with compiled players): its act() refuses, for it needs the
    engine's rows, not a view."""

    uses_random = False
    reads_only_visible = True       # its deals start from the deck lists: tests/test_search.py
    per_game = True

    def __init__(self, rollouts=DEFAULTS["rollouts"], horizon=DEFAULTS["horizon"],
                 width=DEFAULTS["width"], pieces=()):
        for name, value in (("rollouts", rollouts), ("horizon", horizon), ("width", width)):
            _, lo, hi, _ = SETTINGS[name]
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise PlaytestError(f"search: {name} must be a whole number from {lo} to "
                                    f"{hi}, got {value!r}")
        self.rollouts, self.horizon, self.width = rollouts, horizon, width
        # card ids it plays before other spells (a combo's pieces), in its rollouts' greedy
        # players too
        self.pieces = tuple(sorted(int(c) for c in pieces))

    @classmethod
    def parse(cls, text):
        """`rollouts=64,horizon=3` (any of the settings, in any order; "" for the defaults)."""
        given = {}
        for part in [p.strip() for p in str(text).split(",")]:
            if not part:
                continue
            name, eq, value = (s.strip() for s in part.partition("="))
            if name not in SETTINGS:
                raise PlaytestError(f"search: unknown setting {name!r} in 'search:{text}' "
                                    f"(settings: {', '.join(SETTINGS)})")
            if not eq:
                raise PlaytestError(f"search: {name} needs a value ({name}=N) in "
                                    f"'search:{text}'")
            if name in given:
                raise PlaytestError(f"search: {name} given twice in 'search:{text}'")
            try:
                given[name] = int(value)
            except ValueError:
                lo, hi = SETTINGS[name][1:3]
                raise PlaytestError(f"search: {name} must be a whole number from {lo} to "
                                    f"{hi}, got {value!r}") from None
        return cls(**given)

    def describe(self):
        return f"search:rollouts={self.rollouts},horizon={self.horizon},width={self.width}"

    def act(self, view, legal_mask, rng):
        raise PlaytestError("the search agent plays inside the game loop only "
                            "(GameBatch.play with compiled=True); it cannot be asked from "
                            "a view")

    def policy(self):
        """Played inside the game loop (players/searchgames.py): name, pieces, no mulligan
        rule, its settings (players/search.py S_*)."""
        return ("search", self.pieces, None, (self.rollouts, self.horizon, self.width))
