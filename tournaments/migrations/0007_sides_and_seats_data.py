"""Encounters of N sides, games of N seats, step 2 of 3: the sides and seats from the old columns,
the colours from the tournament's pattern as the match was paired (swapped in a return leg)."""

from django.db import migrations

OPPOSITE = {"W": "B", "B": "W"}


def seat_colours(pattern: str, leg: int, board: int) -> tuple[str, str]:
    """The first side's colour on ``board`` and its opponent's (Blitz §18); a return leg swaps them.
    A copy of domain.colours as of this migration: migrations never import the application."""
    first = pattern[board - 1]
    if leg == 2:
        first = OPPOSITE[first]
    return first, OPPOSITE[first]


def split_matches(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    MatchSide = apps.get_model("tournaments", "MatchSide")
    BoardGame = apps.get_model("tournaments", "BoardGame")
    Seat = apps.get_model("tournaments", "Seat")
    matches = Match.objects.values_list("pk", "first_team_id", "second_team_id").order_by("pk")
    MatchSide.objects.bulk_create(
        [
            MatchSide(match_id=pk, position=position, team_id=team)
            for pk, first, second in matches.iterator(chunk_size=2000)
            for position, team in ((1, first), (2, second))
            if team is not None
        ],
        batch_size=2000,
    )
    sides = {(side.match_id, side.position): side.pk for side in MatchSide.objects.only("pk", "match_id", "position")}
    games = BoardGame.objects.values_list(
        "pk", "match_id", "match__leg", "match__round__tournament__colour_pattern", "board", "first_player_id", "second_player_id"
    )
    seats = []
    for pk, match, leg, pattern, board, first_player, second_player in games.iterator(chunk_size=2000):
        for position, (player, colour) in enumerate(zip((first_player, second_player), seat_colours(pattern, leg, board)), start=1):
            seats.append(Seat(game_id=pk, position=position, side_id=sides[(match, position)], player_id=player, colour=colour))
    Seat.objects.bulk_create(seats, batch_size=2000)


def join_matches(apps, schema_editor):
    MatchSide = apps.get_model("tournaments", "MatchSide")
    Seat = apps.get_model("tournaments", "Seat")
    Match = apps.get_model("tournaments", "Match")
    BoardGame = apps.get_model("tournaments", "BoardGame")
    for side in MatchSide.objects.all():
        Match.objects.filter(pk=side.match_id).update(**{"first_team_id" if side.position == 1 else "second_team_id": side.team_id})
    for seat in Seat.objects.filter(player__isnull=False):
        BoardGame.objects.filter(pk=seat.game_id).update(
            **{"first_player_id" if seat.position == 1 else "second_player_id": seat.player_id}
        )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_sides_and_seats")]

    operations = [migrations.RunPython(split_matches, join_matches)]
