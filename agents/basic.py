"""Built-in agents. Each decides for every game of a batch with numpy, once per decision
point (never a Python call per game)."""
import numpy as np

from simcore import consts as K
from simcore import layout as L


def _masked_argmax(scores, mask):
    s = np.where(mask, scores, -np.inf)
    out = np.argmax(s, axis=1)
    out[~mask.any(axis=1)] = 0
    return out


class RandomAgent:
    """Uniform among the legal actions (from the view's per-game random numbers, so a game
    plays the same whatever its batch)."""

    def act(self, view, legal_mask, rng):
        return _masked_argmax(view["random"], legal_mask)


class FirstLegalAgent:
    """The lowest-numbered legal action (scripted-style baseline for tests)."""

    def act(self, view, legal_mask, rng):
        return _masked_argmax(-np.arange(legal_mask.shape[1])[None, :].astype(float),
                              legal_mask)


class GreedyAgent:
    """Curves out and attacks: keeps 2-5 land hands, plays a land, casts its most expensive
    spell, attacks with everything, blocks when the blocker survives or trades up, aims
    removal and damage at the opponent, says yes to "you may", picks the largest X."""

    def act(self, view, legal_mask, rng):
        st, ct = view["state"], view["cards"]
        n, width = legal_mask.shape
        kind = view["decision"]
        me = view["player"]
        opts = view["options"][:, :width - 1].astype(np.int64)
        scores = np.zeros((n, width))
        cards = st.obj[:, L.O_CARD]                       # [n, M]
        types = ct.card[np.clip(cards, 0, None), L.C_TYPES]
        mv = ct.card[np.clip(cards, 0, None), L.C_MV]
        ctrl = st.obj[:, L.O_CTRL]
        power = ct.card[np.clip(cards, 0, None), L.C_POWER] + \
            st.o_counters[:, K.CK_PLUS] - st.o_counters[:, K.CK_MINUS]
        tough = ct.card[np.clip(cards, 0, None), L.C_TOUGHNESS] + \
            st.o_counters[:, K.CK_PLUS] - st.o_counters[:, K.CK_MINUS]
        rows = np.arange(n)[:, None]
        M = cards.shape[1]

        def at(plane, slots):                          # plane[g, slot] for option slots
            return plane[rows, np.clip(slots, 0, M - 1)]

        # mulligans: keep 2-5 lands (always keep at five cards or fewer)
        hand = (st.obj[:, L.O_ZONE] == K.Z_HAND) & (st.obj[:, L.O_OWNER] == me[:, None])
        lands = (hand & ((types & K.T_LAND) != 0)).sum(axis=1)
        size = hand.sum(axis=1)
        keep = ((lands >= 2) & (lands <= 5)) | (size <= 5)
        mull = kind == K.D_MULLIGAN
        scores[mull, 0] = np.where(keep[mull], 1.0, 0.0)
        scores[mull, 1] = np.where(keep[mull], 0.0, 1.0)
        # bottom: the most expensive card, or a land when the hand is land-heavy
        bot = kind == K.D_BOTTOM
        if bot.any():
            is_land = (at(types, opts) & K.T_LAND) != 0
            heavy = (lands > 3)[:, None]
            scores[:, 1:] = np.where(bot[:, None], at(mv, opts) + 20.0 * (is_land & heavy),
                                     scores[:, 1:])
        # priority: land, then the costliest spell, then abilities; pass last
        pri = kind == K.D_PRIORITY
        if pri.any():
            okind = opts >> 24
            slot = (opts >> 6) & 0x3FFFF
            s = np.where(okind == K.OPT_LAND, 1000.0,
                         np.where(okind == K.OPT_CAST, 100.0 + at(mv, slot),
                                  np.where(okind == K.OPT_WARP, 50.0 + at(mv, slot), 10.0)))
            scores[:, 1:] = np.where(pri[:, None], s, scores[:, 1:])
            scores[pri, 0] = 0.0
        # attack with everything
        att = kind == K.D_ATTACK
        scores[att, 0] = -1.0
        scores[att, 1:] = 1.0
        # block when the blocker survives, or trades with a bigger attacker
        blk = kind == K.D_BLOCK
        if blk.any():
            b, a = opts >> 16, opts & 0xFFFF
            survive = at(tough, b) > at(power, a)
            trade = (at(power, b) >= at(tough, a)) & (at(mv, b) <= at(mv, a))
            s = np.where(survive, 2.0, np.where(trade, 1.0, -1.0))
            scores[:, 1:] = np.where(blk[:, None], s, scores[:, 1:])
            scores[blk, 0] = 0.0
        # engine questions
        q = kind == K.D_QUESTION
        if q.any():
            qk = view["question"]
            why = st.gm[:, L.G_ASK_WHY]
            opp = 1 - me
            is_player = opts <= -2
            player_val = np.where(is_player, np.where(-2 - opts == opp[:, None], 3.0, -3.0), 0.0)
            obj_theirs = (~is_player) & (at(ctrl, opts) != me[:, None])
            target_score = player_val + np.where(~is_player,
                                                 np.where(obj_theirs, 2.0 + at(power, opts),
                                                          -1.0), 0.0)
            s = np.ones((n, width - 1))
            s = np.where((why == K.W_TARGET)[:, None], target_score, s)
            s = np.where((why == K.W_BLIGHT)[:, None], -at(mv, opts) - at(tough, opts), s)
            s = np.where(((why == K.W_DISCARD) | (why == K.W_SURVEIL))[:, None],
                         at(mv, opts).astype(float), s)
            s = np.where((qk == K.ASK_INT)[:, None], opts.astype(float), s)
            s = np.where((qk == K.ASK_YESNO)[:, None], opts.astype(float), s)
            prolif = (why == K.W_PROLIFERATE)[:, None]
            mine = np.where(is_player, -2 - opts == me[:, None], at(ctrl, opts) == me[:, None])
            s = np.where(prolif, np.where(mine, 1.0, -1.0), s)
            scores[:, 1:] = np.where(q[:, None], s, scores[:, 1:])
            # a list is done when nothing left is worth picking (or when surveilling)
            done_score = np.where((why == K.W_SURVEIL) | prolif[:, 0], 0.5, -1.0)
            scores[q, 0] = done_score[q]
        return _masked_argmax(scores, legal_mask)
