"""Seating players at tables for a time-limited round (pure Python, no Django).

Tournament practice (docs/rules.md, "Time-limited rounds"): four players a table, five where
the count needs it, a final table of up to six, and seating that avoids repeat opponents and
team-mates meeting.

How a seating is made:

1. `table_sizes` splits the players into tables of `table_size`, one more or one less where
   the count does not divide, never fewer than 3.
2. A seeded random start (`random.Random(seed)`) deals the players out table by table, each
   team's members dealt to consecutive tables, so team-mates start apart whenever the team
   is no larger than the number of tables.
3. A deterministic local search swaps players between tables while a swap lowers the
   penalty: every pair of team-mates at a table costs more than all repeat meetings
   together could, every pair who met in an earlier round costs 1.
4. Each table's seat order (the turn order, seat 1 first) is shuffled by the seed.

The same entrants, options and seed always give the same seating: the entrants are sorted
by player id first, and nothing depends on the iteration order of a set or a dict that the
caller passes in.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.sentences import Sentence, gettext_noop, ngettext

#: No table is ever smaller than this: a game of Monopoly needs three players.
MIN_TABLE_SIZE = 3

#: Penalty for two players at one table who already met in an earlier round.
REPEAT_PENALTY = 1

#: The local search stops after this many passes over the players, even if a swap could
#: still help; in practice it settles in a handful.
MAX_PASSES = 20

#: At most this many seeded starts are searched; the best seating wins. The next start is
#: tried only while the best so far may still be improved and the work so far (candidate swaps
#: weighed plus conflicts looked up) is under `SEARCH_BUDGET`: a count, not a clock, so the
#: result never depends on the machine.
MAX_STARTS = 4
SEARCH_BUDGET = 1_500_000

#: Pre-seating (`rounds_plan`) tries at most this many whole plans, while the best so far may
#: still be improved and the work so far is under `SEARCH_BUDGET` a round.
MAX_PLANS = 16


class SeatingError(ValueError):
    """The players cannot be seated as asked; `sentence` says why (its `str`, in English)."""

    def __init__(self, sentence: Sentence | str) -> None:
        self.sentence = gettext_noop(sentence) if isinstance(sentence, str) else sentence
        super().__init__(str(self.sentence))


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player to seat. Team-mates (same non-empty `team`) should not share a table."""

    player_id: int
    team: str | None = None


# --------------------------------------------------------------------------- sizes


def table_sizes(players: int, *, table_size: int, tables: int | None = None) -> list[int]:
    """Split `players` into table sizes, bigger tables first; `SeatingError` when no split can.

    Without `tables`: tables of `table_size` or one more, as few bigger ones as can be ("four
    a table, five where needed"); one less (never under 3) only where the count cannot be
    made of those two, and as few such as can be. With a size of 4, 10 players give [5, 5],
    9 give [5, 4], 7 give [4, 3], 11 give [4, 4, 3].

    With `tables` (the final: one table of up to six), exactly that many tables, as even as
    can be, each of at least 3. `table_size` sets no upper limit then: how many may sit at a
    forced table (six at the final) is the caller's rule.
    """
    _check_table_size(table_size)
    _check_count(players, "The number of players")
    if tables is not None:
        _check_count(tables, "The number of tables")
        if tables == 0:
            raise SeatingError(gettext_noop("The number of tables must be at least 1."))
        if players < MIN_TABLE_SIZE * tables:
            counted = ngettext(
                "%(players)s player", "%(players)s players", players, players=players
            )
            said = {"players": counted, "least": MIN_TABLE_SIZE}
            raise SeatingError(
                ngettext(
                    "%(players)s cannot fill %(tables)s table: every table needs at least "
                    "%(least)s players.",
                    "%(players)s cannot fill %(tables)s tables: every table needs at least "
                    "%(least)s players.",
                    tables,
                    tables=tables,
                    **said,
                )
            )
        base, extra = divmod(players, tables)
        return [base + 1] * extra + [base] * (tables - extra)
    if players < MIN_TABLE_SIZE:
        raise SeatingError(
            ngettext(
                "Seating needs at least %(least)s players; %(players)s player is entered.",
                "Seating needs at least %(least)s players; %(players)s players are entered.",
                players,
                players=players,
                least=MIN_TABLE_SIZE,
            )
        )
    smallest = max(table_size - 1, MIN_TABLE_SIZE)
    counts = range(math.ceil(players / (table_size + 1)), players // smallest + 1)
    best = min(  # (smaller tables, bigger tables, table count)
        ((max(0, table_size * n - players), max(0, players - table_size * n), n) for n in counts),
        default=None,
    )
    if best is None:
        largest = table_size + 1
        between = "or" if largest == smallest + 1 else "to"
        said = {"players": players, "smallest": smallest, "largest": largest}
        raise SeatingError(
            ngettext(
                "%(players)s player cannot be split into tables of %(smallest)s or "
                "%(largest)s players; choose another table size.",
                "%(players)s players cannot be split into tables of %(smallest)s or "
                "%(largest)s players; choose another table size.",
                players,
                **said,
            )
            if between == "or"
            else ngettext(
                "%(players)s player cannot be split into tables of %(smallest)s to "
                "%(largest)s players; choose another table size.",
                "%(players)s players cannot be split into tables of %(smallest)s to "
                "%(largest)s players; choose another table size.",
                players,
                **said,
            )
        )
    smaller, bigger, count = best
    return (
        [table_size + 1] * bigger
        + [table_size] * (count - bigger - smaller)
        + [table_size - 1] * smaller
    )


# --------------------------------------------------------------------------- seating


def seating_plan(
    entrants: Sequence[Entrant],
    *,
    table_size: int,
    seed: int,
    past_opponents: Mapping[int, Collection[int]] | None = None,
    tables: int | None = None,
) -> list[list[int]]:
    """Seat every entrant exactly once: one list of player ids per table, in the order of
    `table_sizes` (bigger first), each in seat order (turn order, seat 1 first).

    Team-mates are kept apart wherever possible: when no team has more members than there
    are tables, no two share a table. Players who met before (`past_opponents`: player id ->
    the ids they sat with in earlier rounds, see `opponents_by_player`; one direction is
    enough; ids not entered are ignored) are kept apart where possible, but a team conflict
    always weighs more than any number of repeat meetings. The seating depends only on the
    entrants (not their order), the options and `seed`; a different seed generally gives a
    different seating.
    """
    _check_table_size(table_size)
    _check_whole(seed, "The seating seed")
    ordered = _sorted_entrants(entrants)
    sizes = table_sizes(len(ordered), table_size=table_size, tables=tables)
    rng = random.Random(seed)  # noqa: S311 - a reproducible draw, not a secret

    # One pair of team-mates at a table costs more than every repeat meeting a seating can
    # hold together, one for each pair at its tables.
    team_penalty = sum(size * (size - 1) // 2 for size in sizes) * REPEAT_PENALTY + 1
    conflicts = _conflict_weights(ordered, past_opponents or {}, team_penalty)
    # The search stops early at `floor`, a penalty no seating can beat (see MAX_STARTS). The
    # first of equal seatings wins, so the result depends only on the seed.
    floor = team_penalty * _unavoidable_team_pairs(ordered, len(sizes))
    groups, _, _ = _search(ordered, sizes, conflicts, floor, rng)
    return _seated(ordered, groups, rng)


def rounds_plan(
    entrants: Sequence[Entrant],
    *,
    rounds: int,
    table_size: int,
    seed: int,
    past_opponents: Mapping[int, Collection[int]] | None = None,
) -> list[list[list[int]]]:
    """Seat every entrant once in each of `rounds` rounds at once (pre-seating): one plan a
    round, each as `seating_plan` gives it, with as few repeat meetings across the rounds
    (and with `past_opponents`) as the search finds, and team-mates apart as in one round.

    A pair who sit together in k of the rounds cost k - 1 (a pair who met before, one more).
    The rounds are seated one after another, each against the rounds before it; then each
    round in turn is improved against all the others, until a whole pass changes nothing.
    The same entrants, options and seed always give the same plans."""
    _check_table_size(table_size)
    _check_whole(seed, "The seating seed")
    _check_count(rounds, "The number of rounds")
    ordered = _sorted_entrants(entrants)
    sizes = table_sizes(len(ordered), table_size=table_size)
    rng = random.Random(seed)  # noqa: S311 - a reproducible draw, not a secret

    pairs_a_round = sum(size * (size - 1) // 2 for size in sizes)
    team_penalty = (rounds + 1) * pairs_a_round * REPEAT_PENALTY + 1
    base = _conflict_weights(ordered, past_opponents or {}, team_penalty)
    team_floor = team_penalty * _unavoidable_team_pairs(ordered, len(sizes))
    # However they sit, the meetings beyond one for each pair of players are repeats.
    players = len(ordered)
    floor = rounds * team_floor + max(0, rounds * pairs_a_round - players * (players - 1) // 2)
    best: list[list[list[int]]] = []
    best_penalty, done = -1, 0
    for _ in range(MAX_PLANS):
        plans, work = _plan_rounds(ordered, sizes, rounds, base, team_floor, rng)
        penalty, done = _total_penalty(base, plans), done + work
        if best_penalty < 0 or penalty < best_penalty:
            best, best_penalty = plans, penalty
        if best_penalty <= floor or done >= SEARCH_BUDGET * rounds:
            break
    return [_seated(ordered, groups, rng) for groups in best]


@dataclass(frozen=True)
class Repeat:
    """Two players who sit together in more than one round: the rounds' numbers."""

    players: tuple[int, int]
    rounds: tuple[int, ...]


def repeats(rounds: Mapping[int, Sequence[Sequence[int]]]) -> list[Repeat]:
    """Every pair who sit together in more than one of `rounds` (round number -> its
    tables, player ids), with the rounds they meet in; by player ids."""
    met: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
    for number in sorted(rounds):
        for table in rounds[number]:
            for a, b in combinations(sorted(table), 2):
                met[a, b].append(number)
    return [
        Repeat(pair, tuple(numbers)) for pair, numbers in sorted(met.items()) if len(numbers) > 1
    ]


def moved(plan: Sequence[Sequence[int]], moves: Mapping[int, int]) -> list[list[int]]:
    """The plan with each player of `moves` (player id -> table number, from 1) taken to
    that table, at its end; a player moved to their own table stays where they sit. Two
    players moved to each other's tables swap."""
    for number in moves.values():
        if not 1 <= number <= len(plan):
            raise SeatingError(
                gettext_noop(
                    "There is no table %(number)s: the tables are 1 to %(last)s.",
                    number=number,
                    last=len(plan),
                )
            )
    where = {player: index for index, table in enumerate(plan) for player in table}
    if unknown := sorted(set(moves) - set(where)):
        raise SeatingError(
            gettext_noop("Player %(player)s is not seated in this round.", player=unknown[0])
        )
    going = {p: n - 1 for p, n in moves.items() if n - 1 != where[p]}
    tables = [[p for p in table if p not in going] for table in plan]
    for player, index in going.items():
        tables[index].append(player)
    return tables


@dataclass(frozen=True)
class Clash:
    """Two players at one table whom the seating would rather keep apart: team-mates
    (`team`), or players who met in an earlier round (`met`)."""

    kind: str
    table: int
    players: tuple[int, int]


def plan_problems(
    plan: Sequence[Sequence[int]],
    entrants: Sequence[Entrant],
    *,
    past_opponents: Mapping[int, Collection[int]] | None = None,
) -> tuple[list[Sentence], list[Clash]]:
    """What a seating breaks: refusals, in words (a table of fewer than three players), and
    the clashes the organiser may accept (team-mates at one table, a repeat meeting). At a
    single table (a final) everyone meets everyone whatever the seating, so it breaks
    nothing of the kind: no clash."""
    refusals: list[Sentence] = []
    clashes: list[Clash] = []
    team = {e.player_id: e.team for e in entrants}
    past = past_opponents or {}
    for number, table in enumerate(plan, start=1):
        if len(table) < MIN_TABLE_SIZE:
            refusals.append(
                ngettext(
                    "Table %(number)s would have %(players)s player: every table needs at "
                    "least %(least)s.",
                    "Table %(number)s would have %(players)s players: every table needs at "
                    "least %(least)s.",
                    len(table),
                    number=number,
                    players=len(table),
                    least=MIN_TABLE_SIZE,
                )
            )
        if len(plan) == 1:
            continue
        for a, b in combinations(table, 2):
            if team.get(a) and team.get(a) == team.get(b):
                clashes.append(Clash("team", number, (a, b)))
            elif b in past.get(a, ()) or a in past.get(b, ()):
                clashes.append(Clash("met", number, (a, b)))
    return refusals, clashes


def opponents_by_player(tables: Iterable[Sequence[int]]) -> dict[int, set[int]]:
    """Who sat with whom: player id -> ids of everyone who shared a table with them, from
    every table of the earlier rounds, as `seating_plan` takes `past_opponents`. Every
    seated player has an entry, even one who sat alone (an empty set)."""
    opponents: dict[int, set[int]] = {}
    for table in tables:
        seated = list(table)
        if twice := _twice(seated):
            raise SeatingError(f"Player {twice[0]} is listed twice at the same table.")
        for player in seated:
            opponents.setdefault(player, set()).update(p for p in seated if p != player)
    return opponents


# --------------------------------------------------------------------------- input


def _check_table_size(table_size: int) -> None:
    _check_whole(table_size, "The table size")
    if table_size < MIN_TABLE_SIZE:
        raise SeatingError(
            f"The table size must be at least {MIN_TABLE_SIZE} players, not {table_size}."
        )


def _check_count(value: int, what: str) -> None:
    _check_whole(value, what)
    if value < 0:
        raise SeatingError(f"{what} cannot be negative ({value}).")


def _check_whole(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeatingError(f"{what} must be a whole number, not {value!r}.")


def _sorted_entrants(entrants: Sequence[Entrant]) -> list[Entrant]:
    """The entrants by player id, after checking that each is an Entrant entered once."""
    for entrant in entrants:
        if not isinstance(entrant, Entrant):
            raise SeatingError(f"Only entrants can be seated, not {entrant!r}.")
        _check_whole(entrant.player_id, "A player id")
        if entrant.team is not None and not isinstance(entrant.team, str):
            raise SeatingError(
                f"Player {entrant.player_id}'s team must be a name or empty, not {entrant.team!r}."
            )
    if twice := _twice(entrant.player_id for entrant in entrants):
        raise SeatingError(f"Player {twice[0]} is entered twice; every player takes one seat.")
    return sorted(entrants, key=lambda entrant: entrant.player_id)


# ----------------------------------------------- search: penalty, start, swaps


def _conflict_weights(
    ordered: Sequence[Entrant],
    past_opponents: Mapping[int, Collection[int]],
    team_penalty: int,
) -> list[Counter[int]]:
    """For each player (by index), the penalty of sitting with each player they conflict with."""
    index_of = {entrant.player_id: index for index, entrant in enumerate(ordered)}
    teams: defaultdict[str, list[int]] = defaultdict(list)
    for index, entrant in enumerate(ordered):
        if entrant.team:
            teams[entrant.team].append(index)
    met = {
        (min(index_of[player], index_of[opponent]), max(index_of[player], index_of[opponent]))
        for player, opponents in past_opponents.items()
        if player in index_of
        for opponent in opponents
        if opponent in index_of and opponent != player
    }
    weights: list[Counter[int]] = [Counter() for _ in ordered]
    team_pairs = (pair for members in teams.values() for pair in combinations(members, 2))
    for pairs, penalty in ((team_pairs, team_penalty), (sorted(met), REPEAT_PENALTY)):
        for a, b in pairs:
            weights[a][b] += penalty
            weights[b][a] += penalty
    return weights


def _search(
    ordered: Sequence[Entrant],
    sizes: Sequence[int],
    conflicts: Sequence[Mapping[int, int]],
    floor: int,
    rng: random.Random,
) -> tuple[list[list[int]], int, int]:
    """The best of up to `MAX_STARTS` seeded starts, each improved by swaps: the tables
    (players by index), their penalty and the work done. Stops early at `floor`, a penalty
    no seating can beat, or once the work reaches `SEARCH_BUDGET`. The first of equal
    seatings wins, so the result depends only on the seed."""
    groups: list[list[int]] = []
    best_penalty, done = -1, 0
    for _ in range(MAX_STARTS):
        start = _deal(_blocks(ordered, rng), sizes)
        penalty, work = _improve_by_swaps(start, conflicts)
        done += work
        if best_penalty < 0 or penalty < best_penalty:
            groups, best_penalty = start, penalty
        if best_penalty <= floor or done >= SEARCH_BUDGET:
            break
    return groups, best_penalty, done


def _plan_rounds(
    ordered: Sequence[Entrant],
    sizes: Sequence[int],
    rounds: int,
    base: Sequence[Counter[int]],
    floor: int,
    rng: random.Random,
) -> tuple[list[list[list[int]]], int]:
    """One attempt at `rounds_plan`: the rounds seated one after another, each against those
    before it, then each improved against all the others until a pass changes nothing. The
    plans (players by index) and the work done."""
    plans: list[list[list[int]]] = []
    done = 0
    for _ in range(rounds):
        groups, _, work = _search(ordered, sizes, _meeting_weights(base, plans), floor, rng)
        plans.append(groups)
        done += work
    for _ in range(MAX_PASSES):
        before = _total_penalty(base, plans)
        for index, groups in enumerate(plans):
            others = plans[:index] + plans[index + 1 :]
            done += _improve_by_swaps(groups, _meeting_weights(base, others))[1]
        if _total_penalty(base, plans) >= before:
            break
    return plans, done


def _seated(
    ordered: Sequence[Entrant], groups: Sequence[Sequence[int]], rng: random.Random
) -> list[list[int]]:
    """The tables as player ids, each table's seat order shuffled by the seed."""
    plan = [[ordered[index].player_id for index in sorted(group)] for group in groups]
    for seats in plan:
        rng.shuffle(seats)
    return plan


def _meeting_weights(
    base: Sequence[Counter[int]], plans: Iterable[Sequence[Sequence[int]]]
) -> list[Counter[int]]:
    """`base` (team-mates, past meetings) plus 1 for each round of `plans` (tables of
    players by index) in which two players sit together."""
    weights = [Counter(counter) for counter in base]
    for groups in plans:
        for group in groups:
            for a, b in combinations(group, 2):
                weights[a][b] += REPEAT_PENALTY
                weights[b][a] += REPEAT_PENALTY
    return weights


def _total_penalty(base: Sequence[Counter[int]], plans: Sequence[Sequence[Sequence[int]]]) -> int:
    """The penalty of every round's tables against `base`, plus each pair's meetings after
    their first."""
    total = sum(
        base[a][b] for groups in plans for group in groups for a, b in combinations(group, 2)
    )
    met = Counter(
        (min(a, b), max(a, b)) for groups in plans for g in groups for a, b in combinations(g, 2)
    )
    return total + sum(count - 1 for count in met.values()) * REPEAT_PENALTY


def _blocks(ordered: Sequence[Entrant], rng: random.Random) -> list[list[int]]:
    """Players (by index) in blocks to deal: each team is one block, everyone else alone.
    Team members are shuffled within their block, then the blocks are shuffled."""
    by_team: dict[str | int, list[int]] = {}  # a player without a team: their own index
    for index, entrant in enumerate(ordered):
        by_team.setdefault(entrant.team or index, []).append(index)
    blocks = list(by_team.values())
    for block in blocks:
        rng.shuffle(block)
    rng.shuffle(blocks)
    return blocks


def _deal(blocks: Sequence[Sequence[int]], sizes: Sequence[int]) -> list[list[int]]:
    """Deal the players one to each table in turn, like cards, until every table is full.
    The sizes differ by at most one and bigger tables come first, so any run of consecutive
    players no longer than the number of tables lands at different tables: a team that is
    not larger than the number of tables starts with no two members together."""
    dealt = (index for block in blocks for index in block)
    groups: list[list[int]] = [[] for _ in sizes]
    for seat in range(max(sizes)):
        for table, size in enumerate(sizes):
            if seat < size:
                groups[table].append(next(dealt))
    return groups


def _unavoidable_team_pairs(ordered: Sequence[Entrant], tables: int) -> int:
    """Team-mate pairs that must share a table, from each team larger than the number of
    tables: a team of k spread as evenly as possible over t tables still has C(k // t + 1, 2)
    pairs at each of k % t tables and C(k // t, 2) at the others. (A lower bound: table
    capacity may force more.)"""
    pairs = 0
    for size in Counter(entrant.team for entrant in ordered if entrant.team).values():
        base, extra = divmod(size, tables)
        pairs += extra * (base + 1) * base // 2 + (tables - extra) * base * (base - 1) // 2
    return pairs


def _improve_by_swaps(
    groups: list[list[int]], conflicts: Sequence[Mapping[int, int]]
) -> tuple[int, int]:
    """Swap players between tables, in place, while a swap lowers the total penalty. Each
    pass visits every player (by index) who has a conflict at their table and makes the best
    swap for them with a player at another table, if it lowers the penalty (the first best,
    so the result is deterministic). Only a player with a conflict at their own table can
    take part in an improving swap, so the others need not be visited. Stops when a pass
    changes nothing, or after `MAX_PASSES` passes. Returns the penalty reached and the work
    done (candidates weighed plus conflicts looked up)."""
    table_of = [0] * len(conflicts)
    for table, group in enumerate(groups):
        for player in group:
            table_of[player] = table
    own = [_cost_at(player, groups[table], conflicts) for player, table in enumerate(table_of)]

    work = 0
    for _ in range(MAX_PASSES):
        swapped = False
        for player in range(len(conflicts)):
            if own[player] == 0:
                continue
            home = groups[table_of[player]]
            work += len(conflicts) + sum(len(conflicts[member]) for member in home)
            partner = _best_partner(player, groups, table_of, own, conflicts)
            if partner is not None:  # exchange their seats, then refresh both tables' penalties
                first, second = table_of[player], table_of[partner]
                groups[first][groups[first].index(player)] = partner
                groups[second][groups[second].index(partner)] = player
                table_of[player], table_of[partner] = second, first
                for table in (first, second):
                    for member in groups[table]:
                        own[member] = _cost_at(member, groups[table], conflicts)
                swapped = True
        if not swapped:
            break
    return sum(own) // 2, work  # every conflicting pair is counted by both players


def _cost_at(player: int, group: Iterable[int], conflicts: Sequence[Mapping[int, int]]) -> int:
    weights = conflicts[player]
    return sum(weights.get(other, 0) for other in group if other != player)


def _best_partner(
    player: int,
    groups: Sequence[Sequence[int]],
    table_of: Sequence[int],
    own: Sequence[int],
    conflicts: Sequence[Mapping[int, int]],
) -> int | None:
    """The player at another table whose swap with `player` lowers the penalty most, if any.
    Swapping p (table A) with q (table B) changes the penalty by
    cost(p, B) + cost(q, A) - 2 * w(p, q) - own(p) - own(q), where cost(x, T) counts x's
    conflicts with everyone at T and own(x) those at x's own table."""
    home = table_of[player]
    weights = conflicts[player]
    cost_at_table: dict[int, int] = {}  # cost(p, B) per table B
    for other, weight in weights.items():
        cost_at_table[table_of[other]] = cost_at_table.get(table_of[other], 0) + weight
    cost_at_home: dict[int, int] = {}  # cost(q, A) per player q elsewhere
    for neighbour in groups[home]:
        for other, weight in conflicts[neighbour].items():
            if table_of[other] != home:
                cost_at_home[other] = cost_at_home.get(other, 0) + weight

    best_change, best = 0, None
    for table, group in enumerate(groups):
        if table == home:
            continue
        base = cost_at_table.get(table, 0) - own[player]
        for other in group:
            change = base + cost_at_home.get(other, 0) - own[other] - 2 * weights.get(other, 0)
            if change < best_change:
                best_change, best = change, other
    return best


# --------------------------------------------------------------------------- wording


def _twice(values: Iterable[int]) -> list[int]:
    return [value for value, count in Counter(values).items() if count > 1]
