"""Agents: the contract every agent meets (simcore.testing.check_agent), how
GameBatch asks them (one call for interchangeable agents, each its own decisions), the
greedy agent's play, and agents that break the contract named in one line."""

import numpy as np
import pytest

from agents import AGENTS, Agent, FirstLegalAgent, GreedyAgent, ScriptedAgent
from agents.base import masked_argmax
from experiments.simulate import simulate
from simcore import consts as K
from simcore import encoding as E
from simcore import layout as L
from simcore.errors import PlaytestError
from simcore.game import GameBatch, same_agent
from simcore.state import game_arrays
from simcore.testing import AgentCheckFailed, check_agent

from support import DECKS, POOL, ROOT, ids, play_greedy_watching


@pytest.mark.parametrize("agent_name", sorted(AGENTS))
@pytest.mark.parametrize("decks", [("elves_morcant", "counters_ozolith"),
                                   ("goblins_burn_blight",)])
def test_every_built_in_agent_passes_check_agent(agent_name, decks):
    """simcore.testing.check_agent: the protocol (one legal integer action per game, the view
    left unwritten, the same inputs giving the same actions), each claim the agent makes,
    and the same games whatever the batch."""
    report = check_agent(AGENTS[agent_name](), [DECKS / f"{d}.txt" for d in decks], games=12,
                         seed=5, max_turns=12)
    assert report["decisions"] > 12 * 10
    claims = {"reads_only_visible", "per_game"} | (
        set() if getattr(AGENTS[agent_name], "uses_random", True) else {"uses_random = False"})
    assert claims | {"legal actions", "deterministic", "does not write the view",
                     "batch independent"} <= set(report["checks"]), report["checks"]


class _Base(Agent):
    uses_random = False
    reads_only_visible = True
    per_game = True

    def act(self, view, legal_mask, rng):
        return FirstLegalAgent().act(view, legal_mask, rng)


class Illegal(_Base):
    def act(self, view, legal_mask, rng):
        return np.where(legal_mask[:, 0], legal_mask.shape[1] - 1, 0)


class Writes(_Base):
    def act(self, view, legal_mask, rng):
        view["state"].pl[:, L.PL_LIFE] += 1
        return super().act(view, legal_mask, rng)


class Peeks(_Base):
    """Claims to read only what it may see, but keeps a hand when it can see the card on
    top of its library (hidden: 400.2)."""
    def act(self, view, legal_mask, rng):
        out = super().act(view, legal_mask, rng)
        st = view["state"]
        lib = (st.obj[:, L.O_ZONE] == K.Z_LIBRARY) & (st.obj[:, L.O_CARD] >= 0)
        sees = lib.any(axis=1)
        mull = (view["decision"] == K.D_MULLIGAN) & legal_mask[:, 1]
        return np.where(mull & sees, 1, out)


class Noisy(_Base):
    """Claims uses_random = False but breaks ties with view["random"]."""
    uses_random = False

    def act(self, view, legal_mask, rng):
        r = view["random"] if view["random"] is not None else np.zeros(legal_mask.shape)
        return masked_argmax(r, legal_mask)


class Crowd(_Base):
    """Claims per_game but mulligans when many games are live."""
    def act(self, view, legal_mask, rng):
        out = super().act(view, legal_mask, rng)
        many = np.count_nonzero(view["decision"] != K.D_OVER) > 3
        mull = (view["decision"] == K.D_MULLIGAN) & legal_mask[:, 1]
        return np.where(mull & many, 1, out)


class Forgetful(_Base):
    """Its choice depends on how often it was asked."""
    def __init__(self):
        self.calls = 0

    def act(self, view, legal_mask, rng):
        self.calls += 1
        return np.where(legal_mask[:, 1] & (self.calls % 2 == 0), 1,
                        super().act(view, legal_mask, rng))


class Batchy(Agent):
    """Draws from the batch's rng: its games depend on the batch."""
    reads_only_visible = True

    def act(self, view, legal_mask, rng):
        return masked_argmax(np.random.default_rng(int(legal_mask.sum())).random(
            legal_mask.shape) + rng.random() * 0, legal_mask)


@pytest.mark.parametrize("agent,needle", [
    (Illegal(), r"action \d+ is not legal \(game \d+: its decision \d+, \w+, player \d\)"),
    (Writes(), r"act wrote into the view it was given \(state.pl\)"),
    (Peeks(), "claims reads_only_visible but chose differently when shown the hidden cards"),
    (Noisy(), r"claims uses_random = False but its choice changed with view\['random'\]"),
    (Crowd(), "claims per_game but a game's choice changed when other games"),
    (Forgetful(), "act is not a function of its inputs"),
    (Batchy(), "played differently in a batch of 12 and in one of 6"),
])
def test_check_agent_names_what_an_agent_breaks(agent, needle):
    with pytest.raises(AgentCheckFailed, match=needle):
        check_agent(agent, [DECKS / "mono_green_curve.txt", DECKS / "goblins_burn_blight.txt"],
                    games=12, seed=3, max_turns=8)


def test_the_readme_agent_passes_check_agent(monkeypatch):
    """README.md shows a user's agent checked with check_agent: that code runs as written."""
    monkeypatch.chdir(ROOT)
    text = (ROOT / "README.md").read_text()
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert "check_agent(" in block and "class " in block
    env = {}
    exec(compile(block, "README.md", "exec"), env)     # noqa: S102 (the README's own code)
    assert "report" in env and env["report"]["decisions"] > 0


def test_interchangeable_agents_are_asked_once_for_both_players():
    """GameBatch.ask_agents asks agents of one class that declares `per_game`, with equal
    settings, in one call (the greedy agent: one pass over the batch a round instead of
    two). The games are those of one call per player."""
    calls = []

    class Counting(GreedyAgent):
        def act(self, view, legal_mask, rng):
            calls.append(int(np.count_nonzero(view["decision"] != K.D_OVER)))
            return super().act(view, legal_mask, rng)

    class Apart(Counting):
        per_game = False

    def play(cls):
        b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=120,
                      seed=8, start="random")
        calls.clear()
        rounds = b.play([cls(), cls()], np.random.default_rng(0))
        return b.results(), list(calls), rounds

    together, n_together, rounds = play(Counting)
    apart, n_apart, rounds_apart = play(Apart)
    assert len(n_together) == rounds                    # one call a round
    assert len(n_apart) > rounds_apart                  # one per player deciding
    assert max(n_together) > max(n_apart)               # the call saw both players' games
    for k, v in apart.items():
        np.testing.assert_array_equal(together[k], v, err_msg=k)



def test_which_agents_may_share_a_call():
    assert same_agent(GreedyAgent(), GreedyAgent())
    assert same_agent(ScriptedAgent([1, 2]), ScriptedAgent([1, 2]))
    assert not same_agent(ScriptedAgent([1, 2]), ScriptedAgent([2, 1]))      # settings differ
    assert not same_agent(ScriptedAgent(np.array([1, 2])), ScriptedAgent(np.array([1, 2])))
    assert not same_agent(GreedyAgent(), AGENTS["random"]())

    class NoClaim:
        def act(self, view, legal_mask, rng):
            return np.zeros(legal_mask.shape[0], np.int64)
    assert not same_agent(NoClaim(), NoClaim())



def test_each_agent_sees_only_its_own_decisions():
    """GameBatch.ask_agents: with one agent per player, an agent is shown the games the
    other player decides as over, and gets the others unchanged."""
    seen = []

    class Recorder:
        uses_random = False
        reads_only_visible = True

        def __init__(self, p):
            self.p = p

        def act(self, view, legal_mask, rng):
            seen.append((self.p, view["decision"].copy()))
            return AGENTS["first"]().act(view, legal_mask, rng)

    b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=16,
                  seed=3, start="random", max_turns=6)
    rng = np.random.default_rng(0)
    rounds = 0
    while not b.done() and rounds < 40:
        mask = b.legal_mask()
        view = b.view()
        seen.clear()
        kind, who = view["decision"].copy(), view["player"].copy()    # (views of the flow)
        b.step(b.ask_agents([Recorder(0), Recorder(1)], view, mask, rng))
        assert len(seen) >= 1
        for p, dec in seen:
            mine = (who == p) & (kind != K.D_OVER)
            assert np.array_equal(dec[mine], kind[mine])
            assert (dec[~mine] == K.D_OVER).all()
        rounds += 1
    assert rounds > 10



def test_scripted_agent_plays_its_script():
    """The scripted agent (for tests): mulligan once, then keep; everything else falls back
    to the first legal action."""
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=3, seed=4, max_turns=3)
    b.play([ScriptedAgent([[1, 0], [0], [1, 1, 0]])], None)
    assert list(b.results()["mulligans0"]) == [1, 0, 2]



def test_greedy_beats_random():
    """Issue 3: greedy wins at least 95% of 2,000 mirror games against random."""
    df = simulate(DECKS / "mono_green_curve.txt", vs=DECKS / "mono_green_curve.txt",
                  games=2000, seed=1, agent="greedy", opponent_agent="random",
                  start="random", progress=False, batch_size=1000)
    assert len(df) == 2000
    assert (df["winner"] == 0).mean() >= 0.95



@pytest.mark.parametrize("deck0,deck1", [("mono_green_curve", "goblins_burn_blight"),
                                         ("elves_morcant", "counters_ozolith")])
def test_greedy_reads_only_what_its_player_may_see(deck0, deck1):
    """400.2: the greedy agent declares `reads_only_visible`, so GameBatch.view(agents) hands
    it the engine's state without the masking copy. That is fair only if it decides the same
    on the masked view: checked at every decision of whole games (and the cheaper view
    really skips the mask and, for agents that draw none, the random numbers)."""
    agents = [GreedyAgent(), GreedyAgent()]
    b = GameBatch(POOL, ids(deck0), ids(deck1), n_games=60, seed=4, start="random")
    rng = np.random.default_rng(0)
    rounds = 0
    while not b.done():
        mask = b.legal_mask()
        masked = b.ask_agents(agents, b.view(), mask, rng)
        fast = b.view(agents)
        assert fast["state"].obj is b.st.obj and fast["random"] is None
        assert np.array_equal(b.ask_agents(agents, fast, mask, rng), masked)
        b.step(masked)
        rounds += 1
    assert rounds > 50

    class Undeclared:           # a user's agent that says nothing gets the masked view
        def act(self, view, legal_mask, rng):
            return np.zeros(len(legal_mask), np.int64)
    view = b.view([GreedyAgent(), Undeclared()])
    assert view["state"].obj is not b.st.obj and view["random"] is not None



class AlwaysPass:
    """A first agent as users write it: action 0 (pass / keep / done) everywhere."""

    def act(self, view, mask, rng):
        return np.zeros(mask.shape[0], np.int64)



def test_an_illegal_action_is_refused_naming_the_agent_and_the_game():
    """Discarding to hand size in the cleanup step (514.1) is a question where action 0 is
    not legal: the player must pick a card. An agent that answered 0 had its answer refused
    and the question asked again, forever: its games never ended. GameBatch.step now refuses
    an action the mask does not allow, in one line naming the agent, the game, the decision
    and the legal actions, and leaves every game as it was."""
    b = GameBatch(POOL, ids("mono_green_curve"), ids("mono_green_curve"), n_games=4, seed=1,
                  game0=100)
    with pytest.raises(PlaytestError, match=r"^agent test_agents:AlwaysPass \(player \d\): "
                       r"game 10\d: action 0 is not legal at its question decision "
                       r"\(player \d decides; legal actions: 1-8\)$"):
        b.play([AlwaysPass(), AlwaysPass()], None)
    before = [a.copy() for _, a in game_arrays(b.st)]
    decisions = b.fw.fl[:, L.F_DECISIONS].copy()
    with pytest.raises(PlaytestError, match="action 0 is not legal"):
        b.step(np.zeros(4, np.int64))
    with pytest.raises(PlaytestError, match="action 99 is not legal"):
        b.step(np.where(b.legal_mask()[:, 0], 0, 99))
    assert all(np.array_equal(x, y) for x, (_, y) in zip(before, game_arrays(b.st)))
    assert np.array_equal(b.fw.fl[:, L.F_DECISIONS], decisions)
    # legal actions go on; a finished game takes any action (a no-op)
    b.play([GreedyAgent(), GreedyAgent()], np.random.default_rng(0))
    assert b.done()
    b.step(np.full(4, 99, np.int64))



@pytest.mark.parametrize("bad", [lambda n: [0] * (n - 1), lambda n: np.zeros((n, 1), np.int64),
                                 lambda n: np.zeros(n), lambda n: None])
def test_an_agent_that_returns_no_action_per_game_is_named(bad):
    """act must return one integer per game: a short list, a column, floats or nothing get
    one line naming the agent (before: a numpy traceback, or floats taken as actions)."""
    class Broken:
        def act(self, view, mask, rng):
            return bad(mask.shape[0])
    b = GameBatch(POOL, ids("mono_green_curve"), None, n_games=3, seed=1)
    with pytest.raises(PlaytestError, match=r"^agent test_agents:\S+\.Broken returned \w+ "
                       r"of shape .*: act must return one integer action per game \(3\)$"):
        b.play([Broken()], None)



def test_agents_plug_in_by_entry_point(tmp_path, monkeypatch):
    """An installed package's agent is found by its `playtest.agents` entry-point name."""
    (tmp_path / "my_agents.py").write_text(
        "from agents.basic import FirstLegalAgent\n"
        "class Cautious(FirstLegalAgent):\n    pass\n")
    dist = tmp_path / "my_agents-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: my-agents\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[playtest.agents]\ncautious = my_agents:Cautious\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from experiments.players import load_agent
    assert type(load_agent("cautious")).__name__ == "Cautious"
    df = simulate(DECKS / "mono_green_curve.txt", games=2, seed=1, agent="cautious",
                  progress=False, max_turns=3)
    assert (df["agent"] == "cautious").all()






def test_greedy_does_not_animate_a_creature_again():
    """Greedy activates abilities it can (Mutavault: {1}: it becomes a 2/2 creature until end
    of turn), but not one that makes its permanent a creature while it already is one or
    while that activation waits on the stack: that only spent mana (5 activations per game
    of mono-green vs goblins, most of them again)."""
    b = GameBatch(POOL, ids("mono_green_curve"), ids("goblins_burn_blight"), n_games=60,
                  seed=3, start="random")
    animated = []

    def watch(g, options, action, code):
        if action == "activate Mutavault (ability 1)":
            slot = E.option_slot(code)
            creature = b.st.obj[g, L.O_EOT_TYPES, slot] & K.T_CREATURE != 0
            on_stack = [b.st.stk[g, L.SI_SRC, k] for k in range(b.st.gm[g, L.G_STACK_N])
                        if b.st.stk[g, L.SI_KIND, k] == K.SK_ACTIVATED]
            animated.append(not creature and slot not in on_stack)

    play_greedy_watching(b, watch)
    assert len(animated) > 20 and all(animated)



def test_greedy_keeps_its_elves_for_combat():
    """High Perfect Morcant: "Tap three untapped Elves you control: Proliferate". Greedy used
    to tap its attackers for it before every combat (and proliferate nothing): Elves
    goldfish games took 9.5 turns on average and Elves vs goblins reached the turn limit in
    ~10% of games. Greedy no longer pays costs with its own creatures; offered, not taken."""
    b = GameBatch(POOL, ids("elves_morcant"), None, n_games=100, seed=2)
    morcant = "activate High Perfect Morcant (ability 0)"
    seen = []
    play_greedy_watching(b, lambda g, options, action, code: seen.append(
        (morcant in options, action == morcant)))
    assert any(offered for offered, _ in seen) and not any(taken for _, taken in seen)
    r = b.results()
    assert (r["end"] == K.END_LIFE).all() and r["turns"].mean() < 8



NOT_AGENTS = '''
LIMIT = 3
def choose(view, mask, rng):
    return 0
class NoAct:
    pass
class ActIsData:
    act = 3
class NeedsArgs:
    def __init__(self, depth):
        self.depth = depth
    def act(self, view, mask, rng):
        return 0
class Raises:
    def __init__(self):
        raise RuntimeError("no weights file")
    def act(self, view, mask, rng):
        return 0
'''


@pytest.mark.parametrize("agent,message", [
    ("os:system", "agent 'os:system' is not an agent class but a function (an agent is a "
                  "class with a method act(view, legal_mask, rng))"),
    ("os:path", "agent 'os:path' is not an agent class but a module"),
    ("not_agents:choose", "agent 'not_agents:choose' is not an agent class but a function"),
    ("not_agents:LIMIT", "agent 'not_agents:LIMIT' is not an agent class but an object of "
                         "type int"),
    ("not_agents:NoAct", "agent 'not_agents:NoAct': class NoAct has no method "
                         "act(view, legal_mask, rng), so it is not an agent"),
    ("not_agents:ActIsData", "agent 'not_agents:ActIsData': class ActIsData has no method"),
    ("not_agents:NeedsArgs", "agent 'not_agents:NeedsArgs': NeedsArgs() needs arguments, but "
                             "an agent is made with none"),
    ("not_agents:Raises", "agent 'not_agents:Raises': Raises() failed: RuntimeError: no "
                          "weights file"),
    ("not_agents:Nobody", "cannot load agent 'not_agents:Nobody': module 'not_agents' has no "
                          "'Nobody'"),
    ("no_such_module:Agent", "cannot load agent 'no_such_module:Agent': ModuleNotFoundError"),
    (":Agent", "cannot load agent ':Agent': expected module:Class"),
    ("not_agent_ep", "agent 'not_agent_ep' (not_agents:choose) is not an agent class but a "
                     "function"),
])
def test_what_is_not_an_agent_is_named_in_one_line(tmp_path, monkeypatch, capsys, agent,
                                                    message):
    """--agent module:Class (or an entry point) pointing at something that is not an agent
    class: one line naming the agent, exit 2 (`--agent os:system` was a TypeError
    traceback once the games asked it to act)."""
    from experiments.cli import main
    (tmp_path / "not_agents.py").write_text(NOT_AGENTS)
    dist = tmp_path / "not_agents-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: not-agents\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[playtest.agents]\n"
                                           "not_agent_ep = not_agents:choose\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(SystemExit) as e:
        main(["simulate", str(DECKS / "mono_green_curve.txt"), "--games", "1",
              "--agent", agent])
    err = capsys.readouterr().err
    assert e.value.code == 2
    assert err.startswith(f"playtest: error: {message}") and err.count("\n") == 1, err
