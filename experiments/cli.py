"""The `playtest` command line.

    playtest scenario PATH... [-v] [--cards DIR]...  run rules scenarios
    playtest cards check DIR [--cards DIR]...      validate a folder of card files
    playtest cards show NAME [--internals]         show a card as a player reads it
    playtest simulate DECK [--vs DECK]... ...       play many games, summarise, save
    playtest castability DECK [--keep LO-HI] ...    each spell castable on curve (lands)
    playtest compare DECK_A [DECK_B] --vs DECK...   two versions of a deck, in pairs
    playtest balance DECK --card NAME --vary P=R    the fair cost or size of a card
    playtest sweep DECK --vary "CARD=R"... --vs D   a grid of card counts, in pairs
    playtest bench [--quick] [--json FILE]          games per second against baselines
    playtest combo DECK --when COND --by-turn T     how often a combo comes together
    playtest report RESULTS... -o report.html       one HTML page from saved results
    playtest gauntlet DECK --vs DECK... | --field DIR   win rates per pairing
    playtest cardstats DECK --vs DECK... [--loo]    per-card win rates and effects

Errors in user input (card files, scenarios, names) are printed as one line,
`playtest: error: <message>`, with exit status 2 and no traceback; several found at once
(every wrong card file, every wrong line of a deck) as a line each, then one that sums up.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from experiments.paths import OutputFailed, check_output_path, writing
from experiments.progress import say_compiling
from simcore.errors import PlaytestError

CARDS_HELP = ("a folder of extra card files (TOML); may be given several times "
              "(default: the built-in cards only)")


class _HelpFormatter(argparse.HelpFormatter):
    """--help shows every option's default: "(default: 1000)" after its help text, unless
    the text says what the default is itself (flags without a value, options whose default
    is "none")."""

    def _get_help_string(self, action):
        text = action.help or ""
        if (not action.option_strings or action.nargs == 0 or "default" in text
                or action.default in (None, [], argparse.SUPPRESS)):
            return text
        return text + " (default: %(default)s)"


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line, `playtest simulate: error: ...`, exit status 2, as other
    input errors are (argparse printed its usage block first)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")

    def parse_known_args(self, args=None, namespace=None):
        ns, extras = super().parse_known_args(args, namespace)
        if extras:      # the innermost (sub)command that met them, for parse_args' message
            ns.__dict__.setdefault("_extras_prog", self.prog)
        return ns, extras

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:      # argparse names the top command: `playtest cards check` is clearer
            prog = ns.__dict__.get("_extras_prog", self.prog)
            self.exit(2, f"{prog}: error: unrecognized arguments: {' '.join(extras)}\n")
        return ns


class _Once(argparse.Action):
    """Store an option's one value and refuse a second: `--seed 1 --seed 2` kept the last
    one silently. Every option that takes one value uses it (not --cards, which adds up)."""

    def __call__(self, parser, namespace, values, option_string=None):
        given = namespace.__dict__.setdefault("_given_once", {})
        if self.dest in given:
            def said(v):        # a number as typed: 3, not 3.0
                return f"{v:g}" if isinstance(v, float) else v
            raise argparse.ArgumentError(
                self, f"given twice ({said(given[self.dest])}, then {said(values)}): it takes "
                      f"one value")
        given[self.dest] = values
        setattr(namespace, self.dest, values)


def _show_help(parser):
    """The command to run when no (sub)command is given: that parser's help, status 2."""
    def show(args):
        parser.print_help(sys.stderr)
        return 2
    return show


def _mulligan_choice(text):
    if text not in ("agent", "never"):
        raise argparse.ArgumentTypeError(f"expected agent or never (or --keep LO-HI for a "
                                         f"land window), got {text!r}")
    return text


def _no_agent_mulligan(text):
    """--mulligan where no agent plays (castability): never only."""
    if text == "agent":
        raise argparse.ArgumentTypeError("'agent' makes no sense here: no game is played, so "
                                         "no agent decides (never, or --keep LO-HI)")
    if text != "never":
        raise argparse.ArgumentTypeError(f"expected never (or --keep LO-HI for a land "
                                         f"window), got {text!r}")
    return text


def _keep_window(text):
    from simcore.mulligan import MulliganRule
    try:
        MulliganRule.parse(text)
    except PlaytestError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def _add_mulligan_options(p, default):
    """--mulligan agent|never and --keep LO-HI, one or the other (simcore/mulligan.py)."""
    g = p.add_mutually_exclusive_group()
    if default == "agent":
        g.add_argument("--mulligan", action=_Once, type=_mulligan_choice, default="agent",
                       metavar="WHO",
                       help="agent: the agent decides mulligans; never: every seven-card "
                            "hand is kept (for every player)")
        keep_help = ("keep seven cards holding LO..HI lands, else London mulligan with "
                     "Karsten's bottoming, keeping 2-4 lands at six and five and any four "
                     "(for every player; default: --mulligan agent)")
    else:
        g.add_argument("--mulligan", action=_Once, type=_no_agent_mulligan, default=None,
                       metavar="never",
                       help="never: every seven-card hand is kept (default: --keep 2-5)")
        keep_help = ("keep seven cards holding LO..HI lands, else London mulligan with "
                     "Karsten's bottoming, keeping 2-4 lands at six and five and any four "
                     "(default: 2-5, Karsten's rule)")
    g.add_argument("--keep", action=_Once, type=_keep_window, default=None, metavar="LO-HI",
                   help=keep_help)


def _mulligan_of(args):
    """What --mulligan / --keep chose: "agent", "never" or "LO-HI"."""
    return args.keep or args.mulligan


def _add_seed_and_agents(p):
    """--seed, --agent and --opponent-agent, as the game commands take them."""
    p.add_argument("--seed", action=_Once, type=_seed, default=0, metavar="S",
                   help="the random seed: the same seed plays the same games")
    p.add_argument("--agent", action=_Once, default="greedy", metavar="NAME",
                   help="random, greedy, first, search (settings: search:rollouts=N,"
                        "horizon=N,width=N; README), an entry-point name, or module:Class")
    p.add_argument("--opponent-agent", action=_Once, default=None, metavar="NAME",
                   help="the opponent's agent (default: the same as --agent)")


def _add_run_options(p, what, default=1000):
    """--batch-size, and where a run plays its chunks and keeps them: --dask, --dataset,
    --resume (experiments/runner.py Plan)."""
    p.add_argument("--batch-size", action=_Once, type=_positive, default=None, metavar="B",
                   help=f"{what} (default: {default:,}; with --dask, at least that and as "
                        f"many as keep a task's fixed cost under 5%% of its time; with "
                        f"--resume, the run's)")
    p.add_argument("--dask", action=_Once, default=None, metavar="ADDRESS",
                   help="play the chunks on a Dask cluster: local (a worker process per "
                        "core, here), local:N (N of them) or tcp://HOST:PORT (a running "
                        "scheduler); the same results as here (default: none, this "
                        "process's threads)")
    keep = p.add_mutually_exclusive_group()
    keep.add_argument("--dataset", action=_Once, default=None, metavar="DIR",
                      help="keep the run in the new folder DIR: a Parquet file per finished "
                           "chunk and a manifest, to resume (default: none)")
    keep.add_argument("--resume", action=_Once, default=None, metavar="DIR",
                      help="continue the run kept in DIR (--dataset), with the same command "
                           "line: the finished chunks are read, the others played "
                           "(default: none)")


class _RunPlan:
    """The Plan that --dask, --dataset and --resume ask for, as a context: the folders
    checked and the cluster started on entry (its address and dashboard said on stderr),
    the cluster closed on exit."""

    def __init__(self, args):
        self.args = args
        self.backend = None

    def __enter__(self):
        from experiments.dataset import Dataset
        from experiments.runner import Plan
        a = self.args
        if a.dataset:
            Dataset.check_new(a.dataset)
        if a.resume:
            Dataset.read_manifest(a.resume)
        if a.dask:
            from experiments.backends import Dask
            self.backend = Dask(a.dask)
            print(self.backend.describe(), file=sys.stderr, flush=True)
        return Plan(backend=self.backend, dataset=a.dataset or a.resume,
                    resume=bool(a.resume))

    def __exit__(self, *exc):
        if self.backend is not None:
            self.backend.close()


def _kept_in(args, e=None):
    """Where a stopped run's finished chunks are, for the stop's line (not when `e`, the
    stop, is the dataset's own failed write: resuming needs room first)."""
    folder = args.dataset or args.resume
    if getattr(e, "flag", None) in ("--dataset", "--resume"):
        return f"; the chunks finished before are in {folder}, which --resume {folder} " \
               f"continues once it can be written"
    return f"; its finished chunks are in {folder} (--resume {folder} continues it)" \
        if folder else ""


def _ended_early(e, kept=""):
    """The line on stderr of a run that ended early (experiments/signals.py STOPS): stopped by
    a signal, or an output that could not be written (an error, exit status 2), then what
    it kept."""
    if isinstance(e, OutputFailed):
        return f"playtest: error: {e}{kept}"
    return f"playtest: stopped by {e.name}{kept}"


def _add_card_db_option(p: argparse.ArgumentParser, what: str = "the card database",
                        after: str = "") -> None:
    p.add_argument("--card-db", action=_Once, default=None, metavar="PATH",
                   help=f"{what} (default: $PLAYTEST_CARD_DB, else "
                        f"~/.local/share/playtest/cards.sqlite){after}")


def _add_cards_option(p: argparse.ArgumentParser, partial: bool = False) -> None:
    """--cards DIR and --card-db PATH; for a command that plays games, --allow-partial."""
    p.add_argument("--cards", metavar="DIR", action="append", default=[], help=CARDS_HELP)
    _add_card_db_option(p, "the card database that names not built in nor in --cards are "
                           "sought in")
    if partial:
        p.add_argument("--allow-partial", action="store_true",
                       help="play cards of the card database whose text the engine reads "
                            "only in part, the rest ignored (the summary and the saved table "
                            "name them; default: such a deck is refused, each sentence named)")


def _db_cards(args):
    """The card database of a command's --card-db (its path checked now), taking partly
    supported cards with --allow-partial (castability: always, it reads costs only)."""
    from simcore.cards.db import check_path
    from simcore.cards.dbpool import DbCards

    if args.card_db is not None:
        check_path(Path(args.card_db), "--card-db")
    allow = bool(getattr(args, "allow_partial", False)) or args.command == "castability"
    return DbCards(args.card_db, "--card-db", allow_partial=allow, progress=_recompiling())


def _recompiling():
    """Progress of compiling a database's cards again (a newer compiler), on stderr."""
    from experiments.progress import ProgressLine
    line = ProgressLine()

    def show(done, total):
        line.show(f"compiling the card database again (a newer compiler): {done:,}/{total:,}")
        if done >= total:
            line.end()
    return show


def build_parser() -> argparse.ArgumentParser:
    from simcore import __version__

    parser = _Parser(
        prog="playtest",
        description="Monte Carlo playtesting for Magic: The Gathering style games.")
    parser.add_argument("--version", action="version", version=f"playtest {__version__}",
                        help="print the version and exit")
    parser.set_defaults(func=_show_help(parser))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("scenario", help="run rules scenarios (TOML files or folders of them)")
    p.add_argument("paths", metavar="PATH", nargs="+", help="a scenario file or a folder")
    p.add_argument("-v", "--verbose", action="store_true", default=None,
                   help="a PASS line for every scenario that passed too (default: on a "
                        "terminal only the failed and malformed ones, then the count; to a "
                        "file or pipe one line per scenario, as SCENARIOS.md's format says)")
    p.add_argument("-q", "--quiet", dest="verbose", action="store_false",
                   help="only the failed and malformed scenarios and the count, to a file "
                        "or pipe too (default: off)")
    _add_cards_option(p)
    p.set_defaults(func=cmd_scenario)

    cards = sub.add_parser("cards", help="check or show card files")
    cards.set_defaults(func=_show_help(cards))
    csub = cards.add_subparsers(dest="cards_command", metavar="ACTION")

    p = csub.add_parser("check", help="validate every card file under DIR")
    p.add_argument("dir", metavar="DIR", help="a folder of card files, or one card file")
    _add_cards_option(p)
    p.set_defaults(func=cmd_cards_check)

    p = csub.add_parser("import", help="import Scryfall or MTGJSON card files into the card "
                                       "database")
    p.add_argument("files", metavar="FILE", nargs="+",
                   help="Scryfall's oracle-cards or default-cards bulk file, or MTGJSON's "
                        "AtomicCards.json (.json or .json.gz)")
    _add_card_db_option(p, "the card database to write")
    p.set_defaults(func=cmd_cards_import)

    p = csub.add_parser("fetch", help="download Scryfall's oracle-cards file and import it")
    _add_card_db_option(p, "the card database to write", "; the download is kept beside it")
    p.set_defaults(func=cmd_cards_fetch)

    p = csub.add_parser("coverage", help="how much of the card database the engine plays, and "
                                         "what blocks the rest")
    p.add_argument("--format", action=_Once, default=None, metavar="F",
                   help="only cards legal in F (standard, pioneer, modern, pauper, legacy, "
                        "vintage; default: every card)")
    p.add_argument("--decks", action=_Once, default=None, metavar="DIR",
                   help="also count the deck slots of the lists in DIR and rank what blocks "
                        "them (default: none)")
    p.add_argument("--json", action=_Once, default=None, metavar="FILE",
                   help="also write the numbers as JSON to FILE (default: none)")
    p.add_argument("--top", action=_Once, type=_positive, default=25, metavar="N",
                   help="blocking units to list")
    _add_card_db_option(p)
    p.set_defaults(func=cmd_cards_coverage)

    p = csub.add_parser("soak", help="play every supported card of the card database in "
                                     "generated decks with the engine's audits on")
    p.add_argument("--format", action=_Once, default=None, metavar="F",
                   help="only cards legal in F (default: every supported card)")
    p.add_argument("--games", action=_Once, type=_positive, default=20, metavar="N",
                   help="games each deck plays against the next, per pilot (random, greedy)")
    p.add_argument("--seed", action=_Once, type=int, default=1, metavar="S", help="the seed")
    p.add_argument("--limit", action=_Once, type=_positive, default=None, metavar="N",
                   help="only the first N supported cards by name (default: all)")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="save the per-card table (.csv or .parquet; default: none)")
    _add_card_db_option(p)
    p.set_defaults(func=cmd_cards_soak)

    p = csub.add_parser("show", help="show a card as a player reads it")
    p.add_argument("name", metavar="NAME", help="the card's name (any case)")
    p.add_argument("--internals", action="store_true",
                   help="also show the compiled fields and effect bytecode the engine plays "
                        "(default: the card as a player reads it only)")
    _add_cards_option(p)
    p.set_defaults(func=cmd_cards_show)

    p = sub.add_parser("simulate", help="play many games between agents and summarise them")
    p.add_argument("deck", metavar="DECK", help="a deck list (MTGO/Arena text or Forge .dck)")
    opp = p.add_mutually_exclusive_group()
    opp.add_argument("--vs", metavar="DECK", action="append", default=None,
                     help="an opponent's deck; may be given several times (one summary "
                          "each, the same seed; default: none, a goldfish game)")
    opp.add_argument("--goldfish", action="store_true",
                     help="no opponent, who takes no turns (the default)")
    p.add_argument("--games", action=_Once, type=_positive, default=1000, metavar="N",
                   help="games to play")
    _add_seed_and_agents(p)
    start = p.add_mutually_exclusive_group()
    start.add_argument("--on-the-play", dest="start", action="store_const", const="play",
                       help="your deck starts (the default)")
    start.add_argument("--on-the-draw", dest="start", action="store_const", const="draw",
                       help="the opponent starts (default: --on-the-play)")
    start.add_argument("--random-start", dest="start", action="store_const", const="random",
                       help="a coin flip per game (default: --on-the-play)")
    p.add_argument("--max-turns", action=_Once, type=_positive, default=30, metavar="T",
                   help="a game still going after T turns ends as turn_limit")
    p.add_argument("--until-card", action=_Once, default=None, metavar="NAME",
                   help="goldfish: a game ends when this card of the deck is on the "
                        "battlefield (default: none)")
    _add_run_options(p, "games played at once")
    _add_mulligan_options(p, default="agent")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="FILE.parquet or FILE.csv: one row per game (default: none)")
    p.add_argument("--plot", action=_Once, default=None, metavar="FILE",
                   help="FILE.png, .svg or .pdf: games won by each turn and game lengths "
                        "(default: none)")
    _add_cards_option(p, partial=True)
    p.set_defaults(func=cmd_simulate, start="play")

    p = sub.add_parser("castability",
                       help="how often each spell can be cast on curve, by the lands drawn")
    p.add_argument("deck", metavar="DECK", help="a deck list (MTGO/Arena text or Forge .dck)")
    p.add_argument("--games", action=_Once, type=_positive, default=100_000, metavar="N",
                   help="games counted (the same games on the play and on the draw)")
    p.add_argument("--seed", action=_Once, type=_seed, default=0, metavar="S",
                   help="the random seed: the same seed counts the same games")
    _add_run_options(p, "games counted at once", default=50_000)
    _add_mulligan_options(p, default="keep")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="FILE.parquet or FILE.csv: one row per spell and start (default: none)")
    p.add_argument("--plot", action=_Once, default=None, metavar="FILE",
                   help="FILE.png, .svg or .pdf: the probabilities per spell with their "
                        "intervals (default: none)")
    _add_cards_option(p)
    p.set_defaults(func=cmd_castability)

    _add_paired_commands(sub)

    p = sub.add_parser("bench", help="measure games per second against same-run baselines")
    quick = "; --quick: {}"
    p.add_argument("--quick", action="store_true",
                   help="fewer games and shorter kernels everywhere, no cold start unless "
                        "--cold: under two minutes on two cores with a warm cache (default: "
                        "the full sizes below)")
    p.add_argument("--games", action=_Once, type=_positive, default=None, metavar="N",
                   help="games per measurement (default 2000)")
    p.add_argument("--batch-size", action=_Once, type=_positive, default=None, metavar="B",
                   help="games played at once (default 1000)")
    p.add_argument("--seed", action=_Once, type=_seed, default=1, metavar="S",
                   help="the random seed")
    p.add_argument("--serial-games", action=_Once, type=_positive, default=None, metavar="N",
                   help="greedy-vs-greedy games for the one-thread baseline (default: a "
                        "quarter batch; goldfish plays all of its games on one thread too)")
    p.add_argument("--reference-games", action=_Once, type=_seed, default=None, metavar="N",
                   help="games for the plain-Python reference baseline (0: skip; fewer than "
                        "~100 take under a second and the ratio swings with the machine; "
                        "default 100" + quick.format(20) + ")")
    p.add_argument("--max-turns", action=_Once, type=_positive, default=30, metavar="T",
                   help="turn limit per game")
    p.add_argument("--castability-games", action=_Once, type=_positive, default=None,
                   metavar="N", help="games of the castability kernel (default 1000000"
                                     + quick.format(200000) + ")")
    p.add_argument("--castability-reference-games", action=_Once, type=_seed, default=None,
                   metavar="N", help="games for the plain-Python castability count (0: skip; "
                                     "default 2000" + quick.format(500) + ")")
    p.add_argument("--kernel-games", action=_Once, type=_seed, default=None, metavar="N",
                   help="greedy-vs-greedy games stepped to mid-game whose positions the "
                        "kernel measures run on (0: skip; default 1000" + quick.format(200)
                        + ")")
    p.add_argument("--memory-games", action=_Once, type=_seed, default=None, metavar="N",
                   help="the large batch of the memory measure, against one a tenth its "
                        "size, in a process of its own (0: skip; default 10000"
                        + quick.format(5000) + ")")
    p.add_argument("--search-games", action=_Once, type=_seed, default=None, metavar="N",
                   help="games of the search agent (default settings) against greedy (0: "
                        "skip; default 200" + quick.format(40) + ")")
    p.add_argument("--start-games", action=_Once, type=_seed, default=None, metavar="N",
                   help="games of the `playtest simulate` timed for the cold and warm start "
                        "(0: skip both; default 8)")
    p.add_argument("--cold", action="store_true",
                   help="measure the cold start (an empty compile cache) with --quick too "
                        "(default: only in full runs)")
    p.add_argument("--dask", action=_Once, default=None, metavar="SPEC",
                   help="also the goldfish games through the runner on Dask (e.g. local:2) "
                        "against local threads (default: none)")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="FILE.parquet or FILE.csv: the measurements (default: none)")
    p.add_argument("--json", action=_Once, default=None, metavar="FILE",
                   help="FILE.json: one entry per workload, with the run's settings and the "
                        "machine (default: none)")
    p.set_defaults(func=cmd_bench)
    _add_combo_parser(sub)
    _add_report_parser(sub)
    _add_gauntlet_parser(sub)
    _add_cardstats_parser(sub)
    return parser


def _add_report_parser(sub):
    p = sub.add_parser("report", help="one self-contained HTML page from saved results")
    p.add_argument("results", metavar="RESULTS", nargs="+",
                   help="results files of any command (--out FILE.parquet or .csv)")
    p.add_argument("-o", "--out", action=_Once, required=True, metavar="FILE",
                   help="FILE.html: the page; required, no default")
    p.set_defaults(func=cmd_report)


def cmd_report(args) -> int:
    from experiments.report import report

    done = report(args.results, args.out)
    kinds = ", ".join(f"{os.path.basename(r.file)} ({r.kind})" for r in done.itertuples())
    print(f"wrote {args.out}: {kinds}")
    return 0


def _add_combo_parser(sub):
    p = sub.add_parser("combo", help="how often a condition (a combo) has come together by "
                                     "each of the deck's turns")
    p.add_argument("deck", metavar="DECK", help="a deck list (MTGO/Arena text or Forge .dck)")
    opp = p.add_mutually_exclusive_group()
    opp.add_argument("--vs", metavar="DECK", action="append", default=None,
                     help="an opponent's deck; may be given several times (default: none, "
                          "goldfish games)")
    opp.add_argument("--goldfish", action="store_true",
                     help="no opponent, who takes no turns (the default)")
    p.add_argument("--when", action=_Once, required=True, metavar="CONDITION",
                   help='the condition, e.g. "battlefield: High Perfect Morcant, 3 Elf; '
                        'mana >= 4" (README: Combos); required, no default')
    p.add_argument("--or", dest="ors", action="append", default=[], metavar="CONDITION",
                   help="an alternative condition; may be given several times (default: "
                        "none)")
    p.add_argument("--by-turn", action=_Once, type=_positive, required=True, metavar="T",
                   help="the deck's last turn to watch; required, no default")
    p.add_argument("--games", action=_Once, type=_positive, default=10000, metavar="N",
                   help="seeds, each played on the play and on the draw")
    p.add_argument("--seed", action=_Once, type=_seed, default=0, metavar="S",
                   help="the random seed: the same seed plays the same games")
    p.add_argument("--agent", action=_Once, default="greedy", metavar="NAME",
                   help="the deck's agent, told the cards the condition names (greedy "
                        "plays them first)")
    p.add_argument("--opponent-agent", action=_Once, default=None, metavar="NAME",
                   help="the opponent's agent (default: the same as --agent)")
    _add_pilots_option(p, "the share by each turn")
    _add_run_options(p, "games played at once")
    _add_mulligan_options(p, default="agent")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="FILE.parquet or FILE.csv: the table (default: none)")
    p.add_argument("--plot", action=_Once, default=None, metavar="FILE",
                   help="FILE.png, .svg or .pdf: the share by turn (default: none)")
    _add_cards_option(p, partial=True)
    p.set_defaults(func=cmd_combo)


def _add_pilots_option(p, answer):
    p.add_argument("--pilots", action=_Once, default=None, metavar="A,B",
                   help=f"two agents for the deck, e.g. greedy,search: {answer} with each "
                        f"on the same seeds, and how much it moves between them (paired "
                        f"95%% CI); the opponent's agent stays --opponent-agent (default "
                        f"greedy) (default: one pilot, --agent)")


def _check_pilots(args):
    """--pilots's two names, and the flags it cannot go with, as one-line errors."""
    from experiments.pilots import parse_pilots
    pilots = parse_pilots(args.pilots)
    for flag, dest in (("--agent", "agent"), ("--dataset", "dataset"), ("--resume", "resume"),
                       ("--plot", "plot"), ("--precision", "precision"), ("--sprt", "sprt")):
        if dest in getattr(args, "_given_once", {}):
            raise PlaytestError(f"--pilots names the deck's agents and plays a run per pilot:"
                                f" {flag} does not go with it")
    return pilots


def _pilots_run(args, play, summary):
    """A --pilots run: the pilots' paired table printed, and written to --out."""
    from experiments.signals import STOPS
    if args.out:
        check_output_path(args.out, "--out", (".parquet", ".csv"))
    try:
        with _RunPlan(args) as plan:
            df = play(plan)
    except STOPS as e:
        print(_ended_early(e, ": a --pilots run keeps no part of its games"),
              file=sys.stderr, flush=True)
        return e.status
    print(summary(df))
    return _outputs(args, df, None, write=True)


def cmd_combo(args) -> int:
    _start_compile_helper()
    from experiments.combo import combo, summary
    from experiments.pilot import Watch
    from experiments.plots import plot_combo

    if args.opponent_agent and not args.vs:
        raise PlaytestError("--opponent-agent needs an opponent's deck (--vs DECK)")
    if args.pilots:
        from experiments.combo import combo_pilots
        from experiments.pilots import combo_summary
        pilots = _check_pilots(args)
        return _pilots_run(args, lambda plan: combo_pilots(
            args.deck, args.when, pilots, args.ors, vs=args.vs, by_turn=args.by_turn,
            games=args.games, seed=args.seed, opponent_agent=args.opponent_agent,
            batch_size=args.batch_size, card_dirs=args.cards, warn=_warn,
            mulligan=_mulligan_of(args), plan=plan), combo_summary)
    if args.out:
        check_output_path(args.out, "--out", (".parquet", ".csv"))
    if args.plot:
        from experiments.plots import check_plot_path
        check_plot_path(args.plot)
    pilot = Watch()
    return _table_run(args, pilot, lambda plan: combo(
        args.deck, args.when, args.ors, vs=args.vs, by_turn=args.by_turn, games=args.games,
        seed=args.seed, agent=args.agent, opponent_agent=args.opponent_agent,
        batch_size=args.batch_size, card_dirs=args.cards, card_db=args.db_cards, out=args.out, warn=_warn,
        mulligan=_mulligan_of(args), pilot=pilot, plan=plan), summary, plot_combo)


PAIRED_GAMES_HELP = ("games each version plays against each opponent: an even number, each "
                     "seed on the play and on the draw")



def _add_paired_options(p, sequential=False):
    """The options compare, balance and sweep share: opponents, size, seed, agents, output."""
    p.add_argument("--vs", metavar="DECK", action="append", default=None,
                   help="an opponent's deck; may be given several times (at least one; "
                        "default: none)")
    if sequential:
        p.add_argument("--games", action=_Once, type=_positive, default=None, metavar="N",
                       help=PAIRED_GAMES_HELP + "; with --precision or --sprt the most to "
                            "play (default: 2000; 100000 with --precision or --sprt)")
    else:
        p.add_argument("--games", action=_Once, type=_positive, default=2000, metavar="N",
                       help=PAIRED_GAMES_HELP)
    _add_seed_and_agents(p)
    p.add_argument("--max-turns", action=_Once, type=_positive, default=30, metavar="T",
                   help="a game still going after T turns ends as turn_limit (it scores "
                        "half)")
    _add_run_options(p, "games of each series played at once (a round of a sequential run)")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="FILE.parquet or FILE.csv: the table printed (default: none)")
    p.add_argument("--plot", action=_Once, default=None, metavar="FILE",
                   help="FILE.png, .svg or .pdf: the estimates with their intervals "
                        "(default: none)")
    _add_cards_option(p, partial=True)


def _add_deck_edits(p, what):
    """--add "N Card" and --cut "N Card", repeatable (experiments/deckedit.py)."""
    p.add_argument("--add", metavar='"N CARD"', action="append", default=None,
                   help=f'"2 Card Name": {what} 2 more copies of the card (built in or from '
                        f'--cards DIR); may be given several times (default: none)')
    p.add_argument("--cut", metavar='"N CARD"', action="append", default=None,
                   help=f'"2 Card Name": {what} 2 copies fewer of a card it holds; may be '
                        f'given several times (default: none)')


def _add_paired_commands(sub):
    p = sub.add_parser("compare", help="compare two versions of a deck on the same seeds")
    p.add_argument("deck_a", metavar="DECK_A", help="a deck list")
    p.add_argument("deck_b", metavar="DECK_B", nargs="?", default=None,
                   help="the other version (default: DECK_A with --swap or --add/--cut)")
    p.add_argument("--swap", metavar="OLD=NEW", action="append", default=None,
                   help='"Old Card=New Card": DECK_B is DECK_A with every Old Card replaced '
                        'by New Card; may be given several times (default: none)')
    _add_deck_edits(p, "version B is DECK_A with")
    _add_paired_options(p, sequential=True)
    p.add_argument("--precision", action=_Once, type=_number, default=None, metavar="H",
                   help="play in rounds until the difference's 95%% CI half-width is at "
                        "most H (a share: 0.01 is 1 point; default: none)")
    p.add_argument("--sprt", action=_Once, default=None, metavar="ELO0,ELO1",
                   help="play in rounds until Fishtest's generalised SPRT accepts H0 (A is "
                        "ELO0 over B) or H1 (ELO1) (default: none)")
    p.add_argument("--alpha", action=_Once, type=_number, default=None, metavar="A",
                   help="the SPRT's false-positive rate (default: 0.05)")
    p.add_argument("--beta", action=_Once, type=_number, default=None, metavar="B",
                   help="the SPRT's false-negative rate (default: 0.05)")
    _add_pilots_option(p, "A - B and each version's win rate")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("balance", help="the win-rate effect of a card at each cost, power or "
                                       "toughness: its fair value")
    p.add_argument("deck", metavar="DECK", help="a deck list")
    p.add_argument("--card", action=_Once, required=True, metavar="NAME",
                   help="the card to rebuild at each value: a card of the deck, or with "
                        "--like any card, built in or from --cards DIR (required: no "
                        "default)")
    p.add_argument("--vary", action=_Once, required=True, metavar="PROPERTY=RANGE",
                   help="cost (mana value), power or toughness and its values, e.g. "
                        "power=2..5 (required: no default)")
    p.add_argument("--like", action=_Once, default=None, metavar="NAME",
                   help="the card of the deck that --card would replace: the baseline is "
                        "the deck with it, and each variant puts --card in place of every "
                        "copy (when the deck holds --card: the card put in its place for "
                        "the baseline, as --baseline; default: none)")
    p.add_argument("--baseline", action=_Once, default=None, metavar="NAME",
                   help="the card put in the place of --card (a card of the deck) for the "
                        "baseline (default: the deck's most common basic land)")
    p.add_argument("--target", action=_Once, type=_number, default=None, metavar="E",
                   help="the effect sought, a share of games (default: 0, as good as the "
                        "baseline)")
    _add_deck_edits(p, "the deck the versions are built on has")
    _add_paired_options(p)
    p.set_defaults(func=cmd_balance)

    p = sub.add_parser("sweep", help="a grid of card counts, every variant on the same seeds")
    p.add_argument("deck", metavar="DECK", help="a deck list")
    p.add_argument("--vary", metavar="CARD=RANGE", action="append", default=None,
                   help='a card and its counts, e.g. "Forest=14..18"; may be given several '
                        'times (a grid; default: none)')
    p.add_argument("--fill", action=_Once, default=None, metavar="CARD",
                   help="the card whose count keeps the deck's size (default: the deck's "
                        "most common basic land that is not varied)")
    _add_paired_options(p)
    p.set_defaults(func=cmd_sweep)


def _number(text):
    try:
        v = float(text)
    except ValueError:
        v = float("nan")
    if v != v or v in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}")
    return v


def _paired_run(args, play, summary, plot):
    """Check the output paths, play (`play()` returns the DataFrame), print the summary, write
    --out and --plot; a stop by a signal keeps and says what was finished."""
    from experiments.signals import STOPS

    _check_outputs(args)
    if args.opponent_agent and not args.vs:
        raise PlaytestError("--opponent-agent needs an opponent's deck (--vs DECK)")
    failed = None
    try:
        with _RunPlan(args) as plan:
            df = play(plan)
        status = 0
    except STOPS as e:
        df, failed = e.results, e
        n = 0 if df is None or not len(df) else int(df["seeds"].max())
        print(_ended_early(e, f": kept {n} finished seeds{_kept_in(args, e)}"),
              file=sys.stderr, flush=True)
        if n == 0:
            return e.status
        status = e.status
    print(summary(df))
    written = _outputs(args, df, plot, write=True, failed=failed)
    return status or written


def _common(args):
    return dict(vs=args.vs, games=args.games, seed=args.seed, agent=args.agent,
                opponent_agent=args.opponent_agent, max_turns=args.max_turns,
                batch_size=args.batch_size, card_dirs=args.cards, card_db=args.db_cards, warn=_warn)


def cmd_compare(args) -> int:
    _start_compile_helper()
    from experiments.compare import compare, summary
    from experiments.plots import plot_compare

    kw = _common(args)
    if kw["games"] is None:
        kw["games"] = 100_000 if args.precision is not None or args.sprt else 2000
    if args.pilots:
        from experiments.pilots import compare_summary
        pilots = _check_pilots(args)
        if args.opponent_agent and not args.vs:
            raise PlaytestError("--opponent-agent needs an opponent's deck (--vs DECK)")
        return _pilots_run(args, lambda plan: compare(
            args.deck_a, args.deck_b, swap=args.swap, add=args.add, cut=args.cut,
            pilots=pilots, plan=plan, **dict(kw, agent="greedy")), compare_summary)
    return _paired_run(args, lambda plan: compare(
        args.deck_a, args.deck_b, swap=args.swap, add=args.add, cut=args.cut,
        precision=args.precision, sprt=args.sprt, alpha=args.alpha, beta=args.beta, plan=plan,
        **kw), summary, plot_compare)


def cmd_balance(args) -> int:
    _start_compile_helper()
    from experiments.balance import balance, summary
    from experiments.plots import plot_balance

    return _paired_run(args, lambda plan: balance(
        args.deck, args.card, args.vary, baseline=args.baseline, target=args.target,
        like=args.like, add=args.add, cut=args.cut, plan=plan, **_common(args)), summary,
        plot_balance)


def cmd_sweep(args) -> int:
    _start_compile_helper()
    from experiments.plots import check_sweep_plot, plot_sweep
    from experiments.sweep import summary, sweep

    if args.plot:
        check_sweep_plot(args.vary)
    return _paired_run(args, lambda plan: sweep(args.deck, args.vary or (), fill=args.fill,
                                                plan=plan, **_common(args)),
                       summary, plot_sweep)


def _add_gauntlet_parser(sub):
    p = sub.add_parser("gauntlet", help="win rates per pairing of decks, each seed on the "
                                        "play and on the draw")
    p.add_argument("deck", metavar="DECK", nargs="?", default=None,
                   help="a deck list, played against each opponent (optional with "
                        "--round-robin; default: none)")
    opp = p.add_mutually_exclusive_group()
    opp.add_argument("--vs", metavar="DECK", action="append", default=None,
                     help="an opponent's deck; may be given several times (default: none)")
    opp.add_argument("--field", action=_Once, default=None, metavar="DIR",
                     help="every deck file (.txt, .dck) in the folder DIR is an opponent "
                          "(default: none)")
    p.add_argument("--round-robin", action="store_true",
                   help="every deck (the field's, and DECK if given) plays every other "
                        "(default: DECK against each opponent only)")
    p.add_argument("--games", action=_Once, type=_positive, default=1000, metavar="N",
                   help="seeds per pairing, each played on the play and on the draw")
    p.add_argument("--seed", action=_Once, type=_seed, default=0, metavar="S",
                   help="the random seed: the same seed plays the same games")
    p.add_argument("--agent", action=_Once, default="greedy", metavar="NAME",
                   help="the decks' agent: random, greedy, first, search[:SETTINGS], an "
                        "entry-point name, or module:Class")
    p.add_argument("--opponent-agent", action=_Once, default=None, metavar="NAME",
                   help="the opponents' agent, without --round-robin (default: the same "
                        "as --agent)")
    p.add_argument("--max-turns", action=_Once, type=_positive, default=30, metavar="T",
                   help="a game still going after T game turns ends as turn_limit (no one "
                        "lost)")
    _add_run_options(p, "seeds played at once")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="FILE.parquet or FILE.csv: the table (default: none)")
    p.add_argument("--plot", action=_Once, default=None, metavar="FILE",
                   help="FILE.png, .svg or .pdf: the win-rate matrix (default: none)")
    _add_cards_option(p, partial=True)
    p.set_defaults(func=cmd_gauntlet)


def _check_outputs(args):
    """--out (a table: .parquet or .csv) and --plot (.png, .svg, .pdf), checked before any
    game is played (experiments/paths.py)."""
    if args.out:
        check_output_path(args.out, "--out", (".parquet", ".csv"))
    if getattr(args, "plot", None):
        from experiments.plots import check_plot_path
        check_plot_path(args.plot)


def _outputs(args, df, plot, write=False, failed=None):
    """Say (and with `write`, do) what --out and --plot ask for the command's table, but
    the output that `failed` already (an OutputFailed). One that cannot be written is a
    line of its own, the other still written; returns the exit status: 2 if one failed."""
    status = 0
    db_cards = getattr(args, "db_cards", None)
    if write and db_cards is not None and db_cards.ignored_text():
        df = df.assign(ignored_text=db_cards.ignored_text())   # (--allow-partial's cards)
    for flag, path in (("--out", args.out), ("--plot", getattr(args, "plot", None))):
        if not path or flag == getattr(failed, "flag", None):
            continue
        try:
            with writing(flag, path):
                if flag == "--plot":
                    plot(df, path)
                elif write and path.endswith(".csv"):
                    df.to_csv(path, index=False)
                elif write:
                    df.to_parquet(path, index=False)
        except OutputFailed as e:
            print(f"playtest: error: {e}", file=sys.stderr, flush=True)
            status = 2
            continue
        print(f"wrote the plot to {path}" if flag == "--plot" else
              f"wrote {len(df)} rows to {path}")
    return status


def _table_run(args, pilot, play, summary, plot):
    """Play (`play(plan)` returns the command's table; experiments/runner.py Plan, from
    --dask, --dataset, --resume), print its summary and the pilot's warnings, say what was
    written and draw --plot; a stop by a signal prints, writes and draws the table of the
    chunks finished, and exits 128 + its number."""
    from experiments.signals import STOPS
    try:
        with _RunPlan(args) as plan:
            df = play(plan)
    except STOPS as e:
        print(_ended_early(e, _kept_in(args, e)), file=sys.stderr, flush=True)
        if e.results is not None and len(e.results):
            print(summary(e.results))
            _pilot_lines(pilot, args.agent)
            _outputs(args, e.results, plot, write=True, failed=e)
        return e.status
    print(summary(df))
    _pilot_lines(pilot, args.agent)
    return _outputs(args, df, plot)


def _pilot_lines(pilot, agent):
    """The pilot's warnings (experiments/pilot.py), after the summary, on stdout."""
    for line in pilot.warnings(agent):
        print(line)


def cmd_gauntlet(args) -> int:
    _start_compile_helper()
    from experiments.gauntlet import gauntlet, summary
    from experiments.matrix_plot import plot_matrix
    from experiments.pilot import Watch

    _check_outputs(args)
    pilot = Watch()
    return _table_run(args, pilot, lambda plan: gauntlet(
        args.deck, vs=args.vs, field=args.field, round_robin=args.round_robin,
        games=args.games, seed=args.seed, agent=args.agent,
        opponent_agent=args.opponent_agent, max_turns=args.max_turns,
        batch_size=args.batch_size, card_dirs=args.cards, card_db=args.db_cards, out=args.out, warn=_warn,
        pilot=pilot, plan=plan), summary, plot_matrix)



def _add_cardstats_parser(sub):
    p = sub.add_parser("cardstats", help="per card of a deck: 17lands' per-copy win rates "
                                         "(GIH, OH, GD, GNS, IWD), casts, cards stuck in "
                                         "hand, and with --loo each card's causal effect")
    p.add_argument("deck", metavar="DECK", help="a deck list (MTGO/Arena text or Forge .dck)")
    p.add_argument("--vs", metavar="DECK", action="append", required=True,
                   help="an opponent's deck; may be given several times (one table each, "
                        "the same seeds); required, no default")
    p.add_argument("--games", action=_Once, type=_positive, default=1000, metavar="N",
                   help="seeds per opponent, each played on the play and on the draw")
    _add_seed_and_agents(p)
    p.add_argument("--max-turns", action=_Once, type=_positive, default=30, metavar="T",
                   help="a game still going after T game turns ends as turn_limit (no one "
                        "lost)")
    p.add_argument("--loo", action="store_true",
                   help="leave-one-out: for each card, the deck with every copy replaced by "
                        "the --fill card, on the same seeds (one more run per card; "
                        "default: off)")
    p.add_argument("--fill", action=_Once, default=None, metavar="CARD",
                   help="with --loo, the card that replaces a left-out card (default: the "
                        "deck's most common basic land)")
    _add_run_options(p, "seeds played at once")
    p.add_argument("--out", action=_Once, default=None, metavar="FILE",
                   help="FILE.parquet or FILE.csv: the table, one row per opponent and card "
                        "(default: none)")
    p.add_argument("--plot", action=_Once, default=None, metavar="FILE",
                   help="FILE.png, .svg or .pdf: the win rates per card, IWD and the "
                        "leave-one-out effect (default: none)")
    _add_cards_option(p, partial=True)
    p.set_defaults(func=cmd_cardstats)


def cmd_cardstats(args) -> int:
    _start_compile_helper()
    from experiments.card_plot import plot_cards
    from experiments.cardstats import cardstats, summary
    from experiments.pilot import Watch

    _check_outputs(args)
    pilot = Watch()
    return _table_run(args, pilot, lambda plan: cardstats(
        args.deck, args.vs, games=args.games, seed=args.seed, agent=args.agent,
        opponent_agent=args.opponent_agent, max_turns=args.max_turns, loo=args.loo,
        fill=args.fill, batch_size=args.batch_size, card_dirs=args.cards, card_db=args.db_cards, out=args.out,
        warn=_warn, pilot=pilot, plan=plan), summary, plot_cards)



def cmd_bench(args) -> int:
    if args.out:
        check_output_path(args.out, "--out", (".parquet", ".csv"))
    if args.json:
        check_output_path(args.json, "--json", (".json",))
    if args.dask is not None and not args.dask.strip():
        raise PlaytestError("--dask needs a cluster spec, e.g. local:2")
    _start_compile_helper()
    from experiments.bench import bench

    bench(games=args.games, batch_size=args.batch_size, seed=args.seed,
          serial_games=args.serial_games, reference_games=args.reference_games,
          max_turns=args.max_turns, out=args.out, castability_games=args.castability_games,
          castability_reference_games=args.castability_reference_games,
          kernel_games=args.kernel_games, memory_games=args.memory_games,
          start_games=args.start_games, cold=True if args.cold else None, dask=args.dask,
          json_out=args.json, quick=args.quick, search_games=args.search_games)
    return 0


def _positive(text):
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if v <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return v


def _seed(text):
    """A non-negative integer (seeds, counts where 0 means none)."""
    try:
        v = int(text)
    except ValueError:
        v = -1
    if v < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}")
    return v


def _start_compile_helper():
    """A cold cache: start the second compile process before the slow imports (pandas) and
    the decks, so it gets a head start (GameBatch.warm). The built-in agents register their
    kernels with it when imported."""
    import agents  # noqa: F401
    from simcore.game import GameBatch
    GameBatch.warm()


def cmd_simulate(args) -> int:
    _start_compile_helper()
    from experiments.pilot import Watch
    from experiments.plots import plot_games
    from experiments.signals import STOPS
    from experiments.simulate import simulate, summary

    if args.out:
        check_output_path(args.out, "--out", (".parquet", ".csv"))
    until = args.until_card         # given once (_Once): the run measures one card
    if until and args.vs:
        raise PlaytestError("--until-card is for goldfish games (no --vs)")
    if args.opponent_agent and not args.vs:
        raise PlaytestError("--opponent-agent needs an opponent's deck (--vs DECK)")
    if args.plot:
        from experiments.plots import check_plot_path
        check_plot_path(args.plot)
    df = None
    pilot = Watch()
    try:
        # the summary and plot come from the per-chunk Tally: no row is kept in memory
        with _RunPlan(args) as plan:
            df = simulate(args.deck, vs=args.vs, games=args.games, seed=args.seed,
                          agent=args.agent, opponent_agent=args.opponent_agent,
                          start=args.start, max_turns=args.max_turns,
                          batch_size=args.batch_size, card_dirs=args.cards, card_db=args.db_cards, target=until,
                          out=args.out, warn=_warn, mulligan=_mulligan_of(args),
                          pilot=pilot, plan=plan, rows=False)
    except STOPS as e:
        kept = e.results if e.results is not None else df
        n = 0 if kept is None else len(kept)
        # (a file that failed holds the games before, but a Parquet file may lack its footer)
        where = f" in {args.out}" if args.out and n and getattr(e, "flag", "") != "--out" \
            else ""
        print(_ended_early(e, f": kept {n} finished games{where}{_kept_in(args, e)}"),
              file=sys.stderr, flush=True)
        if e.results is not None and n:
            print(summary(kept))
            _pilot_lines(pilot, args.agent)
        return e.status
    if len(df) == 0:
        print("no game finished")
        return 1
    print(summary(df))
    _pilot_lines(pilot, args.agent)
    return _outputs(args, df, plot_games)


def cmd_castability(args) -> int:
    from experiments.castability import castability, plot_castability, summary
    from experiments.signals import STOPS

    _check_outputs(args)
    try:
        with _RunPlan(args) as plan:
            df = castability(args.deck, games=args.games, seed=args.seed,
                             mulligan=args.keep or args.mulligan or "2-5",
                             card_dirs=args.cards, card_db=args.db_cards, warn=_warn, chunk=args.batch_size,
                             plan=plan)
    except STOPS as e:          # (its counts are one table at the end: the dataset keeps)
        print(_ended_early(e, _kept_in(args, e)), file=sys.stderr, flush=True)
        return e.status
    print(summary(df))
    return _outputs(args, df, plot_castability, write=True)


def _warn(message):
    """Input that is allowed but probably not meant (a 53-card deck): one line, go on."""
    print(f"playtest: warning: {message}", file=sys.stderr, flush=True)


def cmd_scenario(args) -> int:
    from simcore.scenario import run_paths

    def cold():
        say_compiling("the rules engine", "a minute or two on two cores")
    # a person at a terminal reads the failures (482 PASS lines hid them); a script or log
    # gets SCENARIOS.md's line per scenario
    verbose = (not sys.stdout.isatty()) if args.verbose is None else args.verbose
    return int(run_paths(args.paths, args.cards, verbose=verbose, cold=cold) or 0)


def cmd_cards_check(args) -> int:
    from simcore.cards.load import check_dir, load_pool

    names = check_dir(args.dir, args.cards)     # CardErrors: every wrong file, then how many
    # cards written as printed: each sentence the grammar could not read, named
    pool = load_pool(tuple(args.cards) + (args.dir,))
    partial = 0
    for name in names:
        card = pool[name]
        for line in card.get("_unread", ()):
            print(f"{card['_file']}: card '{name}': not read, the engine would ignore it: "
                  f"{line}")
        partial += bool(card.get("_unread"))
    print(f"ok: {len(names)} card{'' if len(names) == 1 else 's'}" +
          (f", {partial} with text the engine cannot read (above)" if partial else ""))
    return 0


def cmd_cards_import(args) -> int:
    from experiments.cards_import import cards_import

    print(cards_import(args.files, args.card_db))
    return 0


def cmd_cards_fetch(args) -> int:
    from experiments.cards_fetch import cards_fetch

    print(cards_fetch(args.card_db))
    return 0


def cmd_cards_coverage(args) -> int:
    from experiments.cards_coverage import cards_coverage
    from experiments.paths import check_output_path

    if args.json is not None:
        check_output_path(args.json, "--json", (".json",))
    print(cards_coverage(args.card_db, args.format, args.decks, args.json, args.top))
    return 0


def cmd_cards_soak(args) -> int:
    from experiments.cards_soak import cards_soak
    from experiments.paths import check_output_path

    if args.out is not None:
        check_output_path(args.out, "--out", (".csv", ".parquet"))
    text, _, counts = cards_soak(args.card_db, args.format, args.games, args.seed,
                                 args.limit, args.out)
    print(text)
    # a crash or an audit disagreement is a finding: exit 1, as a failed scenario run does
    bad = counts["crashes"] or counts["options_audit"] or counts["sba_audit"] or counts["stuck"]
    return 1 if bad else 0


def cmd_cards_show(args) -> int:
    from simcore.cards.load import find_card, load_pool
    from simcore.cards.text import card_text

    pool = load_pool(args.cards)
    try:
        card = find_card(pool, args.name, dirs=args.cards)
    except PlaytestError as e:
        stored = _db_card(args, str(e))
        print(_stored_text(stored, pool))
        if args.internals and stored.compiled.card is not None:
            from simcore.cards.compile import Pool, describe_table
            name = stored.compiled.card["name"]
            print()
            print(describe_table(Pool({**pool, name: stored.compiled.card}), name))
        return 0
    print(card_text(card, pool))
    if args.internals:
        from simcore.cards.compile import describe_card
        print()
        print(describe_card(card["name"], args.cards))
    return 0


def _db_card(args, unknown: str):
    """The card database's card `args.name`, or the unknown-card error `unknown` ending
    with where it was sought."""
    db = args.db_cards.db
    stored = None if db is None else db.find(args.name)
    if stored is None:
        from simcore.cards.load import OWN_CARDS
        close = args.db_cards.closest(args.name)
        hint = f" (closest in the card database: {', '.join(close)})" if close else ""
        raise PlaytestError(f"{unknown.removesuffix('; ' + OWN_CARDS)}{hint}; "
                            f"{args.db_cards.hint()}")
    return db.get(stored)


def _stored_text(stored, pool) -> str:
    """A card of the database: as printed, its status, each sentence the engine cannot
    read, and (if it has one) the card as the engine plays it."""
    from simcore.cards.text import card_text

    p = stored.printed
    lines = [f"{p.name}  ({p.layout}; from the card database: {stored.status})"]
    for face in p.faces:
        if len(p.faces) > 1:
            lines.append(f"-- {face.name}")
        lines.append(f"  {face.mana_cost}  {face.type_line}".rstrip())
        lines += [f"  {t}" for t in face.oracle_text.splitlines()]
        if face.power is not None:
            lines.append(f"  {face.power}/{face.toughness}")
        if face.loyalty is not None:
            lines.append(f"  loyalty {face.loyalty}")
    unread = stored.compiled.all_unread()
    card = stored.compiled.card
    if unread:
        lines.append(f"not read ({len(unread)})" + (": the engine plays the card without them"
                                                     if card is not None else ""))
        lines += [f"  {face}: {u}" for face, u in unread]
    if card is not None:
        lines += ["as the engine plays it:", card_text(card, {**pool, card["name"]: card})]
    else:
        lines.append("the engine cannot play this card")
    return "\n".join(lines)


def _check_sizes(args):
    """Numbers past what the engine can hold, refused before anything is read or compiled,
    in one line giving the limit: games past what the seeding numbers, a seed past its
    column, turns past what a game can last (simcore/seeds.py, simcore/flowstate.py). A
    batch too big for the memory is refused by the runner, which knows the decks."""
    from simcore.flowstate import MAX_TURNS, check_turns
    from simcore.seeds import check_games, check_seed
    a = vars(args)
    for name, v in a.items():
        if name.endswith("games") and isinstance(v, int):
            check_games(v, "--" + name.replace("_", "-"))
    if isinstance(a.get("seed"), int):
        check_seed(a["seed"], "--seed")
    if isinstance(a.get("max_turns"), int):
        check_turns(a["max_turns"])
    by_turn = a.get("by_turn")
    if isinstance(by_turn, int) and 2 * by_turn > MAX_TURNS:
        raise PlaytestError(f"--by-turn: at most {MAX_TURNS // 2:,} (the deck's turns: against "
                            f"an opponent the game's are twice as many, and a game lasts at "
                            f"most {MAX_TURNS:,} turns), got {by_turn:,}")


def run(argv=None) -> int:
    """Parse argv and run the command; returns the exit status."""
    from experiments.signals import Stopped, stop_on_signals

    parser = build_parser()
    args = parser.parse_args(argv)  # bad usage: one line, SystemExit(2)
    try:
        _check_sizes(args)
        # SIGTERM as well as SIGINT unwinds, so that output files are closed (a Parquet
        # file without its footer is unreadable); the status says which signal (128 + n)
        with stop_on_signals():
            if hasattr(args, "card_db"):
                args.db_cards = _db_cards(args)
            status = args.func(args)
            ignored = args.db_cards.ignored_text() if hasattr(args, "db_cards") else ""
            if ignored:
                print(f"text ignored (--allow-partial): {ignored}")
            return status
    except PlaytestError as e:      # several (PlaytestErrors: a deck's wrong lines): a line each
        for line in getattr(e, "lines", [e]):
            print(f"playtest: error: {line}", file=sys.stderr)
        return 2
    except Stopped as e:
        print(f"playtest: stopped by {e.name}", file=sys.stderr)
        return e.status
    except KeyboardInterrupt:
        print("playtest: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1


def main(argv=None):
    """Console-script entry point: always ends with SystemExit(status)."""
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
