"""Team competition played through: an event with teams, from registration to the final's
results; each team's score each round, and over the night, is its members' net worths as
their tables' ledgers left them and as their stored results say."""

from __future__ import annotations

from collections import defaultdict

import pytest

from banking.selectors import table_for_reading, table_state
from tests.played import night
from tournament.models import Player, Result, Round
from tournament.results.selectors import team_standings
from tournament.services.events import event_update

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]

TEAMS = ("Reds", "Blues", "Greens")


def ledger_worths(rounds: list[Round]) -> dict[tuple[int, int], int]:
    """Each seat's net worth as its table's ledger left it: by (player, round number)."""
    worths = {}
    for round_ in rounds:
        for table in round_.tables.all():
            for seat in table_state(table_for_reading(table.pk))["seats"]:
                worths[seat["player_id"], round_.number] = seat["net_worth"]
    return worths


def test_each_teams_score_is_its_members_net_worths_round_by_round_to_the_final():
    n = night(players=8, final=True, teams=TEAMS)
    assert [r.kind for r in n.rounds] == [Round.Kind.PRELIMINARY, Round.Kind.FINAL]
    assert all(r.status == Round.Status.ENDED for r in n.rounds)
    worths = ledger_worths(n.rounds)
    stored = {
        (r.player_id, r.round.number): r.net_worth
        for r in Result.objects.filter(round__event=n.event).select_related("round")
    }
    assert stored == worths  # every result is its ledger's figure
    team_of = dict(Player.objects.filter(event=n.event).values_list("pk", "team"))
    finalists = {pid for pid, number in worths if number == 2}
    assert 0 < len(finalists) < 8  # some members missed the final: they add nothing to it

    def expected(best: int) -> dict[str, dict[int, int]]:
        kept: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
        for (pid, number), worth in worths.items():
            kept[team_of[pid]][number].append(worth)
        return {
            team: {
                number: sum(sorted(kept[team][number], reverse=True)[: best or None])
                for number in (1, 2)
            }
            for team in TEAMS
        }

    for best in (0, 2):
        event_update(event_id=n.event.pk, changes={"team_best": best})
        shown = team_standings(event_id=n.event.pk)
        want = expected(best)
        assert {t["name"] for t in shown} == set(TEAMS)
        for team in shown:
            rounds = {r["round"]: r["score"] for r in team["rounds"]}
            assert rounds == want[team["name"]]
            assert team["total"] == sum(want[team["name"]].values())
        totals = [t["total"] for t in shown]
        assert totals == sorted(totals, reverse=True)
        assert shown[0]["place"] == 1
    # Counting a team's best two changes the score of a team of three in round 1.
    assert expected(2) != expected(0)
