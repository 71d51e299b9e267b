"""The `playtest` command line.

    playtest scenario PATH... [--cards DIR]...     run rules scenarios
    playtest cards check DIR [--cards DIR]...      validate a folder of card files
    playtest cards show NAME [--cards DIR]...      show a card as the engine understands it
    playtest simulate DECK [--vs DECK] ...          play many games, summarise, save
    playtest bench [--games N] [--batch-size B]     games per second against baselines

Errors in user input (card files, scenarios, names) are printed as one line,
`playtest: error: <message>`, with exit status 2 and no traceback.
"""

from __future__ import annotations

import argparse
import sys

from experiments.paths import check_output_path
from simcore.errors import PlaytestError

CARDS_HELP = "a folder of extra card files (TOML); may be given several times"


def _add_cards_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cards", metavar="DIR", action="append", default=[], help=CARDS_HELP)


def build_parser() -> argparse.ArgumentParser:
    from simcore import __version__

    parser = argparse.ArgumentParser(
        prog="playtest",
        description="Monte Carlo playtesting for Magic: The Gathering style games.")
    parser.add_argument("--version", action="version", version=f"playtest {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser("scenario", help="run rules scenarios (TOML files or folders of them)")
    p.add_argument("paths", metavar="PATH", nargs="+", help="a scenario file or a folder")
    _add_cards_option(p)
    p.set_defaults(func=cmd_scenario)

    cards = sub.add_parser("cards", help="check or show card files")
    csub = cards.add_subparsers(dest="cards_command", metavar="ACTION", required=True)

    p = csub.add_parser("check", help="validate every card file under DIR")
    p.add_argument("dir", metavar="DIR")
    _add_cards_option(p)
    p.set_defaults(func=cmd_cards_check)

    p = csub.add_parser("show", help="show a card as the engine understands it")
    p.add_argument("name", metavar="NAME")
    _add_cards_option(p)
    p.set_defaults(func=cmd_cards_show)

    p = sub.add_parser("simulate", help="play many games between agents and summarise them")
    p.add_argument("deck", metavar="DECK", help="a deck list (MTGO/Arena text or Forge .dck)")
    opp = p.add_mutually_exclusive_group()
    opp.add_argument("--vs", metavar="DECK", action="append", default=None,
                     help="an opponent's deck; may be given several times (one summary "
                          "each, the same seed)")
    opp.add_argument("--goldfish", action="store_true",
                     help="no opponent, who takes no turns (the default)")
    p.add_argument("--games", type=_positive, default=1000, metavar="N")
    p.add_argument("--seed", type=_seed, default=0, metavar="S")
    p.add_argument("--agent", default="greedy", metavar="NAME",
                   help="random, greedy, first, or module:Class")
    p.add_argument("--opponent-agent", default=None, metavar="NAME")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--on-the-play", dest="start", action="store_const", const="play")
    start.add_argument("--on-the-draw", dest="start", action="store_const", const="draw")
    start.add_argument("--random-start", dest="start", action="store_const", const="random")
    p.add_argument("--max-turns", type=_positive, default=30, metavar="T")
    p.add_argument("--until-card", action="append", default=None, metavar="NAME",
                   help="goldfish: a game ends when this card of the deck is on the "
                        "battlefield")
    p.add_argument("--batch-size", type=_positive, default=1000, metavar="B")
    p.add_argument("--out", default=None, metavar="FILE", help="FILE.parquet or FILE.csv")
    p.add_argument("--plot", default=None, metavar="FILE",
                   help="FILE.png, .svg or .pdf: games won by each turn and game lengths")
    _add_cards_option(p)
    p.set_defaults(func=cmd_simulate, start="play")

    p = sub.add_parser("bench", help="measure games per second against same-run baselines")
    p.add_argument("--games", type=_positive, default=2000, metavar="N")
    p.add_argument("--batch-size", type=_positive, default=1000, metavar="B")
    p.add_argument("--seed", type=_seed, default=1, metavar="S")
    p.add_argument("--serial-games", type=_positive, default=None, metavar="N",
                   help="games for the one-thread baseline (default: a quarter batch)")
    p.add_argument("--reference-games", type=int, default=100, metavar="N",
                   help="games for the plain-Python reference baseline (0: skip; fewer than "
                        "~100 take under a second and the ratio swings with the machine)")
    p.add_argument("--max-turns", type=_positive, default=30, metavar="T")
    p.add_argument("--out", default=None, metavar="FILE", help="FILE.parquet or FILE.csv")
    p.set_defaults(func=cmd_bench)
    return parser


def cmd_bench(args) -> int:
    _start_compile_helper()
    from experiments.bench import bench

    if args.out:
        check_output_path(args.out, "--out", (".parquet", ".csv"))
    bench(games=args.games, batch_size=args.batch_size, seed=args.seed,
          serial_games=args.serial_games, reference_games=args.reference_games,
          max_turns=args.max_turns, out=args.out)
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
    from experiments.signals import Stopped
    from experiments.simulate import simulate, summary

    if args.out:
        check_output_path(args.out, "--out", (".parquet", ".csv"))
    if args.until_card and len(args.until_card) > 1:
        # the run measures one card: a second would silently replace the first
        raise PlaytestError(f"--until-card may be given once, got {len(args.until_card)}: "
                            f"{', '.join(args.until_card)}")
    until = args.until_card[0] if args.until_card else None
    if until and args.vs:
        raise PlaytestError("--until-card is for goldfish games (no --vs)")
    if args.opponent_agent and not args.vs:
        raise PlaytestError("--opponent-agent needs an opponent's deck (--vs DECK)")
    if args.plot:
        from experiments.plots import check_plot_path
        check_plot_path(args.plot)
    df = None
    try:
        df = simulate(args.deck, vs=args.vs, games=args.games, seed=args.seed,
                      agent=args.agent, opponent_agent=args.opponent_agent, start=args.start,
                      max_turns=args.max_turns, batch_size=args.batch_size,
                      card_dirs=args.cards, target=until, out=args.out)
        if len(df) == 0:
            print("no game finished")
            return 1
        print(summary(df))
        if args.out:
            print(f"wrote {len(df)} rows to {args.out}")
        if args.plot:
            from experiments.plots import plot_games
            plot_games(df, args.plot)
            print(f"wrote the plot to {args.plot}")
        return 0
    except Stopped as e:
        kept = e.results if e.results is not None else df
        n = 0 if kept is None else len(kept)
        where = f" in {args.out}" if args.out and n else ""
        print(f"playtest: stopped by {e.name}: kept {n} finished games{where}",
              file=sys.stderr, flush=True)
        if e.results is not None and n:
            print(summary(kept))
        return e.status


def cmd_scenario(args) -> int:
    from simcore.scenario import run_paths

    return int(run_paths(args.paths, args.cards) or 0)


def cmd_cards_check(args) -> int:
    from simcore.cardload import check_dir

    names = check_dir(args.dir, args.cards)
    print(f"ok: {len(names)} cards")
    return 0


def cmd_cards_show(args) -> int:
    from simcore.cardload import find_card, load_pool

    pool = load_pool(args.cards)
    card = find_card(pool, args.name)
    try:
        from simcore.compile import describe_card
    except ImportError:
        print(format_card(card))
        return 0
    text = describe_card(card["name"], args.cards)
    if text is not None:
        print(text)
    return 0


def _fmt(v) -> str:
    """A value in TOML-like notation."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_fmt(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_fmt(x)}" for k, x in v.items()) + " }"
    return str(v)


def format_card(card: dict) -> str:
    """The validated card dict, readable, with abilities numbered (and activation numbers)."""
    lines = [card["name"]]
    head = []
    if "cost" in card:
        head.append(card["cost"] or "(no mana cost)")
    types = " ".join(card.get("supertypes", []) + card["types"])
    if card.get("subtypes"):
        types += " \u2014 " + " ".join(card["subtypes"])
    if card.get("token"):
        types = "Token " + types
    head.append(types)
    if "power" in card:
        head.append(f"{card['power']}/{card['toughness']}")
    lines.append("  " + "   ".join(head))
    if card.get("colors"):
        lines.append("  colors: " + ", ".join(card["colors"]))
    if card.get("keywords"):
        lines.append("  keywords: " + ", ".join(card["keywords"]))
    if card.get("text"):
        lines.append("  text:")
        lines.extend("    " + t for t in card["text"].strip().splitlines())
    n_act = 0
    for i, ab in enumerate(card.get("abilities", [])):
        label = f"  ability {i}: {ab['kind']}"
        if ab["kind"] in ("mana", "activated"):
            label += f" (activate with ability = {n_act})"
            n_act += 1
        lines.append(label)
        for k, v in ab.items():
            if k == "kind":
                continue
            if k == "effects":
                for j, eff in enumerate(v):
                    lines.append(f"      effect {j}: {_fmt(eff)}")
            else:
                lines.append(f"      {k} = {_fmt(v)}")
    if card.get("ai"):
        lines.append("  ai: " + _fmt(card["ai"]))
    lines.append(f"  file: {card['_file']}")
    return "\n".join(lines)


def run(argv=None) -> int:
    """Parse argv and run the command; returns the exit status."""
    from experiments.signals import Stopped, stop_on_signals

    parser = build_parser()
    args = parser.parse_args(argv)  # bad usage: prints usage, SystemExit(2)
    try:
        # SIGTERM as well as SIGINT unwinds, so that output files are closed (a Parquet
        # file without its footer is unreadable); the status says which signal (128 + n)
        with stop_on_signals():
            return args.func(args)
    except PlaytestError as e:
        print(f"playtest: error: {e}", file=sys.stderr)
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
