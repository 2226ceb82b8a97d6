"""A player's own page (/p/<token>/): no login, read only, their table once it is released,
their balance as the banker records it, and a live part that is cheap to poll (the same
address asked by htmx, with HX-Request)."""

from __future__ import annotations

import html
import re
from datetime import timedelta
from functools import partial
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.charts import chart_in, lines
from tests.conftest import World, make_world, run_out, session_for
from tests.entries import bank
from tests.factories import PlayerFactory
from tests.played import decided, final_tied, night, tie_decided
from tests.round_trips import round_trips
from tournament.models import Player, Result, Round, Wave
from tournament.services.rounds import round_create, round_release, round_seat, round_start

pytestmark = pytest.mark.django_db


def page_url(player: Player) -> str:
    return f"/p/{player.token}/"


HTMX = {"HX-Request": "true"}  # what htmx sends with the page's poll


def poll(client: Client, player: Player, etag: str | None = None):
    """The page's poll, as htmx sends it: with the ETag of what it shows, if any."""
    headers = HTMX | ({"If-None-Match": etag} if etag else {})
    return client.get(page_url(player), headers=headers)


def seated_player(world: World, table_index: int = 0, seat: int = 1) -> Player:
    return world.tables[table_index].seats.get(number=seat).player


def live(client: Client, player: Player) -> str:
    """The live part of the player's page, as its poll gets it."""
    response = poll(client, player)
    assert response.status_code == 200, response.content
    return response.content.decode()


def next_step(shown: str) -> tuple[str, str]:
    """The "What's next" card: its state (its class) and its sentence."""
    found = re.search(r'p-next is-([a-z_]+)".*?<p>(.*?)</p>', shown, re.S)
    assert found, shown
    return found.group(1), html.unescape(found.group(2))


def table_names(shown: str) -> set[str]:
    return set(
        re.findall(r'<span class="name">([^<]+?)(?: <span class="tag">you</span>)?</span>', shown)
    )


# ------------------------------------------------------------------------------ who sees what


def test_a_players_link_opens_their_own_page_without_logging_in(client, world):
    player = seated_player(world)
    response = client.get(page_url(player))
    assert response.status_code == 200
    page = response.content.decode()
    assert player.name in page
    assert "<svg" in page  # their QR code, for the desk to scan
    assert response["Referrer-Policy"] == "no-referrer"
    assert "noindex" in response["X-Robots-Tag"]


@pytest.mark.parametrize("headers", [{}, HTMX, HTMX | {"If-None-Match": '"a"'}])
def test_another_token_reads_nothing(client, world, headers):
    for token in ("x" * 22, "not-a-token", world.tables[0].key):
        response = client.get(f"/p/{token}/", headers=headers)
        assert response.status_code == 404


def test_a_page_shows_its_own_table_and_nothing_private_of_anyone(client, world):
    player = seated_player(world, 0, 1)
    Player.objects.filter(event=world.event).update(email="someone@example.org", team="Rotary")
    for n, seat in enumerate(world.tables[1].seats.all()):
        Player.objects.filter(pk=seat.player_id).update(name=f"Outsider {n}")
    mates = [seat.player for seat in world.tables[0].seats.all() if seat.player_id != player.pk]
    elsewhere = [seat.player for seat in world.tables[1].seats.all()]
    page = client.get(page_url(player)).content.decode()
    text = page + live(client, player)
    # Their table-mates' names and public figures (as on the big screen) are shown...
    assert table_names(page) == {player.name} | {m.name for m in mates}
    assert table_names(live(client, player)) == table_names(page)
    # ...but nobody's email, team, link, nor the table's console key, nor another table.
    assert "someone@example.org" not in text
    assert "Rotary" not in text
    assert world.tables[0].key not in text
    for other in mates + elsewhere:
        assert other.token not in text
    for other in elsewhere:
        assert other.name not in text


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
@pytest.mark.parametrize("headers", [{}, HTMX])
def test_nothing_on_a_players_page_can_change_anything(world, method, headers):
    player = seated_player(world)
    before = (world.table.ledger.last_seq if hasattr(world.table, "ledger") else 0, player.name)
    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)(
        page_url(player), {"kind": "pass_go", "seat": 1}, headers=headers
    )
    assert response.status_code == 405
    player.refresh_from_db()
    world.table.refresh_from_db()
    assert (getattr(getattr(world.table, "ledger", None), "last_seq", 0), player.name) == before


def test_the_page_has_no_form_and_no_button_that_sends_anything(client, world):
    page = client.get(page_url(seated_player(world))).content.decode()
    assert "<form" not in page
    assert 'method="post"' not in page.lower()


# ------------------------------------------------------------------------------ release


def test_the_table_shows_only_once_the_seating_is_released(client):
    world = make_world(players=8, start=False)
    player = seated_player(world, 1, 2)
    for page in (live(client, player), client.get(page_url(player)).content.decode()):
        assert "Seating coming soon" in page
        assert "Table</span>" not in page

    round_release(round_id=world.round.pk, actor=world.organiser)
    for page in (live(client, player), client.get(page_url(player)).content.decode()):
        assert re.search(r'p-where-big">2</strong>.*Seat.*p-where-big">2</strong>', page)
        assert "Seating coming soon" not in page


def test_seating_again_hides_the_table_until_released_again(client):
    world = make_world(players=8, start=False)
    round_release(round_id=world.round.pk, actor=world.organiser)
    player = seated_player(world)
    assert "Table</span>" in live(client, player)
    round_seat(round_id=world.round.pk, seed=99, include_all=True)
    assert "Seating coming soon" in live(client, player)
    assert "Table</span>" not in live(client, player)


# ------------------------------------------------------------------------------ the balance


def test_the_balance_follows_the_bankers_entries(client, world):
    player = seated_player(world, 0, 3)
    assert re.search(r'class="p-cash">.*\$1,500</p>', live(client, player))
    bank(world.table, kind="pass_go", seat=3)
    bank(world.table, kind="buy", seat=3, space=39)
    for page in (live(client, player), client.get(page_url(player)).content.decode()):
        assert re.search(r'class="p-cash">.*\$1,300</p>', page)
        assert "<dt>Deeds at price</dt><dd>$400</dd>" in page
        assert "<dt>Net worth</dt><dd>$1,700</dd>" in page
        assert re.findall(r'class="p-deed-name">([^<]+)<', page) == ["Boardwalk"]
        assert re.search(r'<li class="is-you"><span class="place">1</span>', page)


def test_a_bankrupt_player_is_told_so_not_wished_good_luck(client, world):
    player = seated_player(world, 0, 2)
    other = seated_player(world, 0, 1)
    assert next_step(live(client, player))[0] == "playing"
    bank(world.table, kind="buy", seat=1, space=39)
    bank(world.table, kind="bank_payment", seat=2, amount=-1490)
    bank(world.table, kind="rent", seat=2, space=39)  # $50 on $10: owed to seat 1
    bank(world.table, kind="bankrupt", seat=2, creditor=1)

    state, sentence = next_step(live(client, player))

    assert state == "bankrupt"
    assert "Good luck" not in sentence
    assert "bankrupt" in sentence
    assert next_step(live(client, other))[0] == "playing"  # the others play on


def test_the_page_charts_the_tables_net_worth_and_a_new_entry_gives_a_new_chart(client, world):
    player = seated_player(world, 0, 3)

    def chart_url() -> str | None:
        found = re.search(r'class="p-chart" src="([^"]+)"', live(client, player))
        return html.unescape(found.group(1)) if found else None

    assert chart_url() is None  # nothing to chart yet
    bank(world.table, kind="pass_go", seat=3)
    first = chart_url()
    assert first
    assert f'src="{html.escape(first)}"' in client.get(page_url(player)).content.decode()
    bank(world.table, kind="buy", seat=3, space=39)
    second = chart_url()
    assert second != first
    answer = client.get(second)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "image/svg+xml"
    drawn = lines(chart_in(answer.content.decode()))
    assert drawn[player.name] == [1500, 1700, 1700]
    assert len(drawn) == world.table.seats.count()
    assert client.get("/p/not-a-token/chart.svg").status_code == 404


def test_the_poll_answers_304_until_something_it_shows_changes(client, world):
    player = seated_player(world)
    first = poll(client, player)
    etag = first["ETag"]
    assert f"data-etag='{etag}'" in client.get(page_url(player)).content.decode()
    assert "no-cache" in first["Cache-Control"]
    assert "HX-Request" in first["Vary"]
    same = poll(client, player, etag)
    assert same.status_code == 304
    assert same.content == b""
    bank(world.tables[1], kind="pass_go", seat=1)  # another table: nothing changes here
    assert poll(client, player, etag).status_code == 304
    bank(world.table, kind="pass_go", seat=2)  # a table-mate's balance changes
    changed = poll(client, player, etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "$1,700" in changed.content.decode()
    assert "<html" not in changed.content.decode()  # the live part alone


def test_once_the_clock_ran_out_with_no_worker_the_page_says_last_turn(client, world):
    player = seated_player(world)
    etag = poll(client, player)["ETag"]
    run_out(world.round, ago=timedelta(seconds=1))
    changed = poll(client, player, etag)
    assert changed.status_code == 200
    assert '<p class="p-clock is-last">Last turn</p>' in changed.content.decode()
    assert "data-ends-at" not in changed.content.decode()  # no clock ticking on
    assert Round.objects.get(pk=world.round.pk).status == Round.Status.RUNNING


def test_the_poll_costs_one_or_two_round_trips_whatever_the_event_and_ledger(
    client, django_assert_num_queries
):
    small = make_world(players=4)
    big = make_world(players=40)
    for _ in range(30):
        bank(big.table, kind="pass_go", seat=1)
    fresh = make_world(players=8)  # no entry yet: no stored state
    for world in (small, big, fresh):
        player = seated_player(world)
        live(client, player)  # (the session, the first time)
        # A first ask: everything, its version made of it, in one round trip.
        with django_assert_num_queries(5):
            assert round_trips(partial(poll, client, player)) == 1
        etag = poll(client, player)["ETag"]
        # The page's poll with nothing new: what the page shows but the table's state.
        with django_assert_num_queries(4):
            assert round_trips(partial(poll, client, player, etag)) == 1
        assert poll(client, player, etag).status_code == 304
        # Something changed since: what the page shows and its version, then the state.
        with django_assert_num_queries(4 + 1):
            assert round_trips(partial(poll, client, player, '"old"')) == 2
        assert player.name in poll(client, player, '"old"').content.decode()


# ------------------------------------------------------------------------------ results, next


def _end_round(world: World, winners: set[int]) -> None:
    """The round ends with results (as banking's round_end writes them)."""
    for table in world.tables:
        for rank, seat in enumerate(table.seats.order_by("number"), 1):
            Result.objects.create(
                seat=seat,
                round=world.round,
                player=seat.player,
                cash=1500 - rank,
                property_value=0,
                building_value=0,
                net_worth=1500 - rank,
                rank=rank,
                points=5 - rank,
                advances=seat.player_id in winners,
            )
    Round.objects.filter(pk=world.round.pk).update(
        status=Round.Status.ENDED, ended_at=timezone.now()
    )


def test_after_a_round_the_page_shows_the_result_and_whether_they_play_next(client, world):
    winner = seated_player(world, 0, 1)
    loser = seated_player(world, 0, 2)
    others = {seated_player(world, 1, 1).pk, seated_player(world, 1, 2).pk}
    _end_round(world, {winner.pk} | others)
    won = live(client, winner)
    assert re.search(
        r'<strong>Round 1 · [^<]+</strong> <span class="muted">table 1</span></p><p>Place 1 .*'
        r"<strong>goes through</strong>",
        won,
    )
    assert next_step(won)[0] == "through"
    assert next_step(live(client, loser))[0] == "out"

    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    round_seat(round_id=final.pk, seed=1)
    assert "Seating coming soon" in live(client, winner)
    round_release(round_id=final.pk, actor=world.organiser)
    now = live(client, winner)
    assert '<h2 id="p-round-h">Round 2 · Final</h2>' in now
    assert re.search(r'Table</span> <strong class="p-where-big">1</strong>', now)
    assert next_step(now)[0] == "seated"  # released; the clock has not started
    assert next_step(live(client, loser))[0] == "out"
    assert "not" in next_step(live(client, loser))[1]


def test_every_player_reads_a_true_state_at_every_stage_of_the_night(client, world):
    """Seated, playing, out, not seated this round, waiting for a seating, finished: the
    state and its sentence, for a winner, a loser, a late arrival and a no-show."""
    winner, loser = seated_player(world, 0, 1), seated_player(world, 0, 2)
    others = {seated_player(world, 1, 1).pk, seated_player(world, 1, 2).pk}
    late = PlayerFactory(event=world.event, name="Late Lou", checked_in=True)
    absent = PlayerFactory(event=world.event, name="Absent Al", checked_in=False)

    def state(player: Player) -> tuple[str, str]:
        return next_step(live(client, player))

    # Round 1 running.
    assert state(winner)[0] == "playing"
    assert state(late) == (
        "not_seated",
        "You are not seated in round 1: you checked in after it was seated. The desk can "
        "seat you in the next round.",
    )
    assert state(absent)[0] == "not_seated"
    assert "you were not checked in" in state(absent)[1]

    # Round 1 over.
    _end_round(world, {winner.pk} | others)
    assert state(winner)[0] == "through"
    assert state(loser)[0] == "out"
    assert state(late) == (
        "waiting",
        "You are checked in. Your table appears here once the organiser releases the next "
        "round's seating.",
    )

    # The final planned: it is for those who went through, never for a late arrival.
    no_final = (
        "not_seated",
        "You are not seated in the final: it is for the players who went through. "
        "Thank you for coming!",
    )
    final = round_create(event_id=world.event.pk, kind=Round.Kind.FINAL)
    assert state(late) == no_final
    assert state(absent) == no_final
    # Seated at the desk but not yet released: only those who play in it wait.
    round_seat(round_id=final.pk, seed=1)
    assert state(winner)[0] == "coming_soon"
    assert state(late) == no_final
    assert state(loser) == ("out", "You do not go through this time. Thank you for playing!")
    assert state(absent) == no_final

    # Released, then started.
    round_release(round_id=final.pk, actor=world.organiser)
    assert state(winner) == (
        "seated",
        "Find your table and take your seat: the clock starts when the organiser starts the round.",
    )
    assert state(loser)[0] == "out"
    assert state(late) == no_final
    round_start(round_id=final.pk)
    assert state(winner)[0] == "playing"
    assert state(loser)[0] == "out"


def test_before_seating_a_player_not_checked_in_is_asked_to_check_in(client, db):
    world_event = make_world(players=4, start=False).event
    Round.objects.filter(event=world_event).delete()
    late = PlayerFactory(event=world_event, name="Late Lou")
    shown = live(client, late)
    assert "No round is seated yet." in shown
    assert next_step(shown)[0] == "check_in"
    Player.objects.filter(pk=late.pk).update(checked_in=True)
    assert next_step(live(client, late))[0] == "waiting"


def test_the_version_moves_with_each_thing_the_page_shows(client):
    world = make_world(players=8, start=False)
    player = seated_player(world)

    def etag() -> str:
        return poll(client, player)["ETag"]

    seen = [etag()]
    round_release(round_id=world.round.pk, actor=world.organiser)
    seen.append(etag())
    round_start(round_id=world.round.pk)
    seen.append(etag())
    bank(world.table, kind="pass_go", seat=4)
    seen.append(etag())
    Player.objects.filter(pk=seated_player(world, 0, 2).pk).update(name="Renamed Mate")
    seen.append(etag())
    _end_round(world, {player.pk})
    seen.append(etag())
    Result.objects.filter(player=player).update(advances=False)
    seen.append(etag())
    assert len(set(seen)) == len(seen)
    assert etag() == seen[-1]  # and stays put while nothing changes


def test_a_poll_with_nothing_new_is_answered_early_with_the_views_headers(client, world):
    player = seated_player(world)
    first = poll(client, player)
    early = poll(client, player, first["ETag"])
    assert early.status_code == 304
    assert not hasattr(early.wsgi_request, "session")  # before sessions, auth, CSRF, URLs
    for header in ("ETag", "Cache-Control", "Referrer-Policy", "X-Robots-Tag", "Vary"):
        assert early[header] == first[header]
    # Not a poll of a player's page: on to the view as usual.
    assert client.get(f"/p/{'x' * 22}/", headers=HTMX | {"If-None-Match": '"a"'}).status_code == (
        404
    )
    assert client.post(
        page_url(player), headers=HTMX | {"If-None-Match": first["ETag"]}
    ).status_code == (405)
    # Not htmx's poll (the page itself, asked with an ETag): the whole page.
    whole = client.get(page_url(player), headers={"If-None-Match": first["ETag"]})
    assert whole.status_code == 200
    assert "<html" in whole.content.decode()


def test_time_is_called_at_reads_in_the_events_own_time_zone(client):
    world = make_world(time_zone="America/New_York")
    player = seated_player(world)
    ends_at = timezone.now().replace(hour=23, minute=5, second=0, microsecond=0)
    ends_at += timedelta(days=1)
    Round.objects.filter(pk=world.round.pk).update(ends_at=ends_at)
    Wave.objects.filter(round=world.round).update(ends_at=ends_at)  # its clock: wave 1's
    expected = f"{timezone.localtime(ends_at, ZoneInfo('America/New_York')):%H:%M}"
    assert f"Time is called at {expected}." in live(client, player)
    page = client.get(page_url(player)).content.decode()
    assert f"Time is called at {expected}." in page


def test_a_tie_decided_by_the_organiser_says_so_on_each_tied_players_page(client):
    """Table 2 ends tied four ways (no entry there) and the organiser sends one of them on:
    each of the four reads that the organiser decided, and why, beside 'Place 1 (tied)', in
    the words the desk's results use for the same decision."""
    n = night(ended=False)
    decision = tie_decided(n)
    chosen = Result.objects.get(round=n.round, player_id=decision.data["player_id"])
    others = Result.objects.filter(round=n.round, player_id__in=decision.data["settled"])
    assert chosen.tied
    assert len(others) == 3
    desk = session_for(n.organiser).get(reverse("desk:results", args=[n.round.pk]))
    on_the_desk = html.unescape(desk.content.decode())

    shown = live(client, chosen.player)
    state, sentence = next_step(shown)
    assert state == "through"
    assert sentence.startswith("Tie decided by the organiser: Won the coin toss. You go through")
    assert "Tie decided by the organiser: Won the coin toss<" in on_the_desk
    for result in others:
        shown = live(client, result.player)
        state, sentence = next_step(shown)
        assert state == "out"
        said = f"Tie decided by the organiser: {result.override_reason}"
        assert "Won the coin toss" in said
        assert sentence == f"{said}. You do not go through this time. Thank you for playing!"
        mine = re.search(r'class="card p-results".*?</section>', shown, re.S).group(0)
        assert "Place 1 (tied)" in mine
        assert said in html.unescape(mine)
        assert said in on_the_desk


def test_a_final_tied_then_decided_has_one_winner_on_the_players_pages(client):
    """Nobody moves at the final's table: its players tie for first, and the organiser
    decides. Until then each reads that the organiser decides; then only the one decided
    reads that they won, the others why not."""
    n = night()
    tied = final_tied(n)
    for result in tied:
        assert next_step(live(client, result.player)) == (
            "undecided",
            "You are tied for first place in the final: the organiser decides.",
        )

    decided(n, tied[1])
    assert next_step(live(client, tied[1].player)) == (
        "won",
        "You won the final. Congratulations!",
    )
    for result in [tied[0], *tied[2:]]:
        state, sentence = next_step(live(client, result.player))
        assert state == "over"
        assert sentence.startswith("Tie decided by the organiser: ")
        assert "Won the coin toss" in sentence
        assert sentence.endswith("The final is over. Thank you for playing!")
