"""Who decides in a run's games: an agent named on the command line (built-in, an installed
package's entry point, or a user's module:Class), and the rule that takes the mulligans
(--mulligan, --keep)."""
import importlib
import inspect

from agents import AGENTS, LOOP_AGENTS
from agents.mulligan import RuleMulligans
from simcore.errors import PlaytestError
from simcore.mulligan import MulliganRule

ENTRY_POINT_GROUP = "playtest.agents"


def agent_entry_points():
    """Agents other packages register under the `playtest.agents` entry-point group."""
    from importlib.metadata import entry_points
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def load_agent(name):
    """A built-in agent by name (with settings where it takes them: `search:rollouts=64`),
    an installed package's agent by its entry-point name (group `playtest.agents`), or a
    user's as `module:Class`."""
    if name in AGENTS:
        return AGENTS[name]()
    base, _, settings = name.partition(":")
    if base in LOOP_AGENTS:                 # settings in the name: search:rollouts=64
        return LOOP_AGENTS[base].parse(settings)
    if ":" in name:
        mod, _, cls = name.partition(":")
        if not mod or not cls:
            raise PlaytestError(f"cannot load agent {name!r}: expected module:Class")
        try:
            module = importlib.import_module(mod)
        except Exception as e:      # a user's module that fails to import is their input
            raise PlaytestError(f"cannot load agent {name!r}: {_error(e)}") from None
        try:
            obj = getattr(module, cls)
        except AttributeError:
            raise PlaytestError(f"cannot load agent {name!r}: module {mod!r} has no "
                                f"{cls!r}") from None
        return make_agent(repr(name), obj)
    eps = agent_entry_points()
    if name in eps:
        try:
            obj = eps[name].load()
        except Exception as e:      # a broken plug-in is the user's input: one line
            raise PlaytestError(f"cannot load agent {name!r} ({eps[name].value}): "
                                f"{_error(e)}") from None
        return make_agent(f"{name!r} ({eps[name].value})", obj)
    known = sorted(AGENTS) + sorted(LOOP_AGENTS) + sorted(eps)
    raise PlaytestError(f"unknown agent {name!r} (available: {', '.join(known)}, "
                        f"or module:Class)")


def _error(e):
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


def _what(obj):
    if inspect.ismodule(obj):
        return "a module"
    if inspect.isroutine(obj):
        return "a function"
    return f"an object of type {type(obj).__name__}"


def make_agent(label, obj):
    """An instance of the agent class `obj` that `label` (the agent as the user named it,
    quoted) points to.
    Anything else (not a class, a class without act, one whose constructor needs arguments
    or raises) is one line naming the agent: the games would otherwise fail later with a
    TypeError traceback (`--agent os:system`)."""
    what = f"agent {label}"
    if not inspect.isclass(obj):
        raise PlaytestError(f"{what} is not an agent class but {_what(obj)} (an agent is a "
                            f"class with a method act(view, legal_mask, rng))")
    if not callable(getattr(obj, "act", None)):
        raise PlaytestError(f"{what}: class {obj.__qualname__} has no method "
                            f"act(view, legal_mask, rng), so it is not an agent")
    try:
        inspect.signature(obj).bind()
    except TypeError:
        raise PlaytestError(f"{what}: {obj.__qualname__}() needs arguments, but an agent is "
                            f"made with none") from None
    except ValueError:              # no signature to read (some built-in types): just try
        pass
    try:
        return obj()
    except Exception as e:
        raise PlaytestError(f"{what}: {obj.__qualname__}() failed: {_error(e)}") from None


MULLIGAN_CHOICES = ("agent", "never")


def mulligan_rule(value, agent_ok=True):
    """What decides mulligans: None for "agent" (the agent, as it decides everything
    else), or a MulliganRule: "never", a land window "LO-HI" (--keep) or a MulliganRule."""
    if isinstance(value, MulliganRule):
        return value
    if value == "agent":
        if not agent_ok:
            raise PlaytestError("--mulligan agent makes no sense here: no agent plays (use "
                                "--mulligan never or --keep LO-HI)")
        return None
    if value == "never":
        return MulliganRule(never=True)
    try:
        return MulliganRule.parse(value)
    except PlaytestError as e:
        raise PlaytestError(f"mulligan: expected agent, never or a land window (--keep): "
                            f"{e}") from None


def with_mulligans(agent, rule, ct, ids):
    """`agent`, with mulligans decided by `rule` (bound to the deck `ids`) if there is one."""
    return agent if rule is None else RuleMulligans(agent, rule.for_deck(ct, ids))
