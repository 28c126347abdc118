from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.domain.colours import board_colours
from tournaments.domain.match_result import DecidedBy
from tournaments.models import BoardGame, Match, Tournament

from . import MAX_ID


def match_for_response(pk: int, tournament: Tournament | None = None) -> Match:
    """One match with everything the serializer reads, in one query: its boards, each joined to
    its players and to the match (the API's busiest response, issue 7). A match without boards
    takes a second query. ``tournament``, when the caller has it, is not read again.
    """
    related = ["match__round", "match__first_team", "match__second_team"]
    if tournament is None:
        related.append("match__round__tournament")
    boards = list(
        BoardGame.objects.filter(match_id=pk).select_related("first_player", "second_player", *related).order_by("board")
    )
    if boards:
        match = boards[0].match
    else:
        match = Match.objects.select_related(*(name.removeprefix("match__") for name in related)).get(pk=pk)
    if tournament is not None:
        match.round.tournament = tournament
    for board in boards:
        board.match = match
    match._prefetched_objects_cache = {Match.boards.rel.cache_name: boards}
    return match


_MATCH_FIELDS = ("id", "round__number", "round__published_at", "table", "first_team_id", "first_team__name",
                 "second_team_id", "second_team__name", "leg", "version", "result", "deciding_board", "decided_by")
_PLAYER_FIELDS = ("id", "name", "position")


def match_data(pk: int, tournament: Tournament, *, private: bool) -> dict:
    """``MatchSerializer``'s output for one match of ``tournament``, built from one ``values()``
    query of its boards joined to match, round, teams and players: after a write the response is
    a third of the API's time, most of it Django building model instances (issue 7). A match
    without boards takes a second query. Tests compare it with the serializer's output.
    """
    board_fields = [f"match__{name}" for name in _MATCH_FIELDS]
    for seat in ("first_player", "second_player"):
        board_fields += [f"{seat}__{name}" for name in _PLAYER_FIELDS]
    rows = list(BoardGame.objects.filter(match_id=pk).values("board", "result", *board_fields).order_by("board"))
    if rows:
        match = {name: rows[0][f"match__{name}"] for name in _MATCH_FIELDS}
    else:
        match = Match.objects.filter(pk=pk).values(*_MATCH_FIELDS).get()
    hidden = not private and match["round__published_at"] is None
    boards = []
    for row in rows:
        first, second = board_colours(tournament.colour_pattern, row["board"])
        boards.append(
            {
                "board": row["board"],
                "first_colour": first,
                "second_colour": second,
                "first_player": _player_row(row, "first_player"),
                "second_player": _player_row(row, "second_player"),
                "result": "" if hidden else row["result"],
            }
        )
    second_team = match["second_team_id"]
    return {
        "id": match["id"],
        "round": match["round__number"],
        "table": match["table"],
        "first_team": {"id": match["first_team_id"], "name": match["first_team__name"]},
        "second_team": None if second_team is None else {"id": second_team, "name": match["second_team__name"]},
        "leg": match["leg"],
        "version": match["version"],
        "results_published": match["round__published_at"] is not None,
        "result": "" if hidden else match["result"],
        "deciding_board": None if hidden else match["deciding_board"],
        "decided_by": "" if hidden else match["decided_by"],
        "boards": boards,
    }


def _player_row(row: dict, seat: str):
    if row[f"{seat}__id"] is None:
        return None
    return {name: row[f"{seat}__{name}"] for name in _PLAYER_FIELDS}


class TeamRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.IntegerField()


class BoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    first_colour = serializers.CharField()
    second_colour = serializers.CharField()
    first_player = PlayerRefSerializer(allow_null=True)
    second_player = PlayerRefSerializer(allow_null=True)
    result = serializers.CharField(
        allow_blank=True, help_text="From the first-named team's view; empty while missing or not yet published."
    )


class MatchSerializer(serializers.Serializer):
    """A match with its boards; results of an unpublished round are blank for the public."""

    id = serializers.IntegerField()
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField()
    first_team = TeamRefSerializer()
    second_team = TeamRefSerializer(allow_null=True, help_text="null for a bye")
    leg = serializers.IntegerField(help_text="2 for the return match of a double round.")
    version = serializers.IntegerField(help_text="Send it back with a write (or the ETag as If-Match).")
    results_published = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField(
        help_text="The match's one result where the discipline scores matches (tandem); else empty."
    )
    deciding_board = serializers.SerializerMethodField()
    decided_by = serializers.SerializerMethodField()
    boards = serializers.SerializerMethodField()

    def get_results_published(self, match) -> bool:
        return match.round.published_at is not None

    def _hidden(self, match) -> bool:
        return not self.context.get("private") and match.round.published_at is None

    def get_result(self, match) -> str:
        return "" if self._hidden(match) else match.result

    def get_deciding_board(self, match) -> int | None:
        return None if self._hidden(match) else match.deciding_board

    @extend_schema_field(serializers.ChoiceField(choices=["", *DecidedBy], allow_blank=True))
    def get_decided_by(self, match) -> str:
        return "" if self._hidden(match) else match.decided_by

    @extend_schema_field(BoardSerializer(many=True))
    def get_boards(self, match):
        hidden = self._hidden(match)
        pattern = match.round.tournament.colour_pattern
        boards = []
        for game in match.boards.all():
            first, second = board_colours(pattern, game.board)
            boards.append(
                {
                    "board": game.board,
                    "first_colour": first,
                    "second_colour": second,
                    "first_player": _player(game.first_player),
                    "second_player": _player(game.second_player),
                    "result": "" if hidden else game.result,
                }
            )
        return boards  # already plain values in BoardSerializer's shape; a second pass only costs time


def _player(player):
    return {"id": player.id, "name": player.name, "position": player.position} if player else None


class LineupInput(serializers.Serializer):
    team = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The id of one of the two teams of the match.")
    positions = serializers.ListField(
        child=serializers.IntegerField(allow_null=True, min_value=1, max_value=100),
        max_length=32,
        help_text="Roster position per board, in board order; null leaves the board empty (a forfeit).",
    )
    version = serializers.IntegerField(required=False, min_value=1, help_text="Or send the ETag as If-Match.")


class ResultInput(serializers.Serializer):
    """A board's result (``board``), or, without ``board``, the match's one result (tandem, Tandem §1.3)."""

    board = serializers.IntegerField(
        min_value=1, max_value=100, required=False, help_text="Leave out for a match-level result (tandem)."
    )
    result = serializers.CharField(allow_blank=True, max_length=10, help_text="1-0, ½-½, 0-1, +-, -+, -- or empty to clear")
    deciding_board = serializers.IntegerField(
        min_value=1, max_value=100, required=False, allow_null=True, help_text="Match-level only: the board that decided it."
    )
    decided_by = serializers.ChoiceField(
        choices=[d.value for d in DecidedBy], required=False, allow_blank=True, help_text="Match-level only: how it was decided."
    )
    version = serializers.IntegerField(required=False, min_value=1, help_text="Or send the ETag as If-Match.")
