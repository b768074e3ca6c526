"""Candidate rules for what a warp's shared access costs in wavefronts.

Each rule takes the access width e in bytes, the op ("ld" or "st") and the
32 lanes' byte offsets (None for an inactive lane) and returns wavefronts.
rule_pair is the model's rule (src/model/banks.c); the others are the
alternatives bench/smem_probe.py scores against the GPU's counts.
"""


def cost(e, lanes):
    """Wavefronts of one group of lanes: its busiest bank's distinct words."""
    banks = {}
    for a in lanes:
        for w in range(a // 4, a // 4 + max(1, e // 4)):
            banks.setdefault(w % 32, set()).add(w)
    return max((len(v) for v in banks.values()), default=0)


def phase_lanes(e):
    return 32 if e <= 4 else 128 // e


def phases(e, addrs):
    n = phase_lanes(e)
    return [[a for a in addrs[p:p + n] if a is not None] for p in range(0, 32, n)]


def rule_warp(e, op, addrs):
    """The whole warp at once (the rule before this probe)."""
    return cost(e, [a for a in addrs if a is not None])


def rule_phase(e, op, addrs):
    """Half-warps (8 bytes) / quarter-warps (16 bytes) in turn, empty ones free."""
    return sum(cost(e, g) for g in phases(e, addrs))


def rule_phase_fit(e, op, addrs):
    """rule_phase, but one wavefront when the whole warp fits in one."""
    return 1 if rule_warp(e, op, addrs) == 1 else rule_phase(e, op, addrs)


def rule_phase_merge(e, op, addrs):
    """rule_phase; consecutive conflict-free phases share a wavefront while
    together they ask each bank for one word at most."""
    total, group = 0, None
    for g in phases(e, addrs):
        if not g:
            continue
        if group is not None and cost(e, group) == 1 and cost(e, g) == 1 \
                and cost(e, group + g) == 1:
            group = group + g
            continue
        total += cost(e, group) if group is not None else 0
        group = g
    return total + (cost(e, group) if group is not None else 0)


def rule_compact(e, op, addrs):
    """Active lanes packed in lane order into groups of a phase's size."""
    act, n = [a for a in addrs if a is not None], phase_lanes(e)
    return sum(cost(e, act[i:i + n]) for i in range(0, len(act), n))


def banks_of(e, lanes):
    return {w % 32 for a in lanes for w in range(a // 4, a // 4 + max(1, e // 4))}


def pair_cost(e, g0, g1):
    """Two phases of a load: one wavefront when each needs one and no bank is
    asked by both, or when every active lane reads one element."""
    c0, c1 = cost(e, g0), cost(e, g1)
    if c0 == 1 and c1 == 1 and (not banks_of(e, g0) & banks_of(e, g1) or len(set(g0 + g1)) == 1):
        return 1
    return c0 + c1


def rule_pair(e, op, addrs):
    """Stores: rule_phase.  Loads: phases pair up (the two half-warps of an
    8-byte load, the two quarters of each half-warp of a 16-byte one) and a
    pair shares a wavefront as pair_cost says (the model's rule)."""
    if e <= 4 or op == "st":
        return rule_phase(e, op, addrs)
    g = phases(e, addrs)
    return sum(pair_cost(e, g[i], g[i + 1]) for i in range(0, len(g), 2))


RULES = {"pair": rule_pair, "warp": rule_warp, "phase": rule_phase, "phase_fit": rule_phase_fit,
         "phase_merge": rule_phase_merge, "compact": rule_compact}
