"""Whole-game copies and comparisons over every array of the State: snapshots and their
restores (kernels/txn.py), dry runs (kernels/options.py) and audits. Plain loops over whole
arrays: no views (each view cost an atomic reference-count pair, the largest item in perf)
and no n-d iterator; this copy is the engine's most frequent memory operation."""

from ..jit import kernel


@kernel
def copy_g2_nb(dst, dg, src, g):
    for k in range(dst.shape[1]):
        dst[dg, k] = src[g, k]


@kernel
def copy_g3_nb(dst, dg, src, g):
    """dst[dg] = src[g] for a [G, A, B] array, as plain loops over whole arrays: no views
    (each view costs an atomic reference-count pair, the largest item in perf) and no n-d
    iterator; this copy is the engine's most frequent memory operation."""
    for i in range(dst.shape[1]):
        for k in range(dst.shape[2]):
            dst[dg, i, k] = src[g, i, k]


@kernel
def copy_game_nb(dst, dg, src, g):
    """dst's game dg := src's game g (every array of the State)."""
    copy_g3_nb(dst.obj, dg, src.obj, g)
    copy_g3_nb(dst.o_counters, dg, src.o_counters, g)
    copy_g3_nb(dst.pl, dg, src.pl, g)
    copy_g3_nb(dst.p_counters, dg, src.p_counters, g)
    copy_g3_nb(dst.p_pool, dg, src.p_pool, g)
    copy_g3_nb(dst.lib, dg, src.lib, g)
    copy_g2_nb(dst.gm, dg, src.gm, g)
    dst.rng[dg] = src.rng[g]
    copy_g3_nb(dst.stk, dg, src.stk, g)
    copy_g3_nb(dst.s_lki, dg, src.s_lki, g)
    copy_g3_nb(dst.pq, dg, src.pq, g)
    copy_g3_nb(dst.q_lki, dg, src.q_lki, g)
    copy_g3_nb(dst.dl, dg, src.dl, g)
    copy_g3_nb(dst.tp, dg, src.tp, g)
    copy_g2_nb(dst.tape_val, dg, src.tape_val, g)
    copy_g2_nb(dst.ask_opts, dg, src.ask_opts, g)


@kernel
def same_g2_nb(a, ga, b, gb):
    for k in range(a.shape[1]):
        if a[ga, k] != b[gb, k]:
            return False
    return True


@kernel
def same_g3_nb(a, ga, b, gb):
    for i in range(a.shape[1]):
        for k in range(a.shape[2]):
            if a[ga, i, k] != b[gb, i, k]:
                return False
    return True


@kernel
def same_game_nb(a, ga, b, gb):
    """Is a's game ga equal to b's game gb in every array of the State? (audits; keep in
    step with copy_game_nb: tests/test_games.py checks both name every game array)"""
    return same_g3_nb(a.obj, ga, b.obj, gb) and same_g3_nb(a.o_counters, ga, b.o_counters, gb) \
        and same_g3_nb(a.pl, ga, b.pl, gb) and same_g3_nb(a.p_counters, ga, b.p_counters, gb) \
        and same_g3_nb(a.p_pool, ga, b.p_pool, gb) and same_g3_nb(a.lib, ga, b.lib, gb) \
        and same_g2_nb(a.gm, ga, b.gm, gb) and a.rng[ga] == b.rng[gb] \
        and same_g3_nb(a.stk, ga, b.stk, gb) and same_g3_nb(a.s_lki, ga, b.s_lki, gb) \
        and same_g3_nb(a.pq, ga, b.pq, gb) and same_g3_nb(a.q_lki, ga, b.q_lki, gb) \
        and same_g3_nb(a.dl, ga, b.dl, gb) and same_g3_nb(a.tp, ga, b.tp, gb) \
        and same_g2_nb(a.tape_val, ga, b.tape_val, gb) \
        and same_g2_nb(a.ask_opts, ga, b.ask_opts, gb)

