from rest_framework import serializers

from tournaments.domain.disciplines import DISCIPLINES

from . import MAX_ID

# How a match with one result ends, in every discipline (Tandem §1.3; Vierer §2, §12, §13).
_ENDINGS = sorted({ending.value for discipline in DISCIPLINES.values() for ending in discipline.endings})


class TeamRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.IntegerField()


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="At a table: the move order (seat 1 moves first).")
    side = serializers.IntegerField(help_text="The encounter's side (1-based) the seat plays for.")
    colour = serializers.CharField(
        allow_blank=True, help_text="W, B; R, Y at a Viererschach table; empty where the rules name none."
    )
    player = PlayerRefSerializer(allow_null=True, help_text="null: nobody sat there (a forfeit).")
    place = serializers.IntegerField(
        allow_null=True, help_text="At a table of several sides: the side's finishing place (0: absent); else null."
    )


class BoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    first_colour = serializers.CharField()
    second_colour = serializers.CharField()
    first_player = PlayerRefSerializer(allow_null=True)
    second_player = PlayerRefSerializer(allow_null=True)
    result = serializers.CharField(
        allow_blank=True, help_text="From the first-named team's view; empty while missing or not yet published."
    )
    seats = SeatSerializer(many=True, help_text="Every seat of the game in order: two at a board, 2–4 at a table.")


class ScoreSerializer(serializers.Serializer):
    first = serializers.FloatField(help_text="Points of the first-named team so far.")
    second = serializers.FloatField()
    first_mp = serializers.FloatField(allow_null=True, help_text="Match points; null while a result is missing.")
    second_mp = serializers.FloatField(allow_null=True)
    missing = serializers.IntegerField(help_text="Results still missing: boards, or 1 for a match scored as a whole.")


class MatchSerializer(serializers.Serializer):
    """A match with its boards, as ``selectors.match_view`` builds it (this class only describes
    the shape for the schema); results of an unpublished round are blank for the public."""

    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    first_team = TeamRefSerializer()
    second_team = TeamRefSerializer(allow_null=True, help_text="null for a bye")
    leg = serializers.IntegerField(help_text="2 for the return match of a double round (colours swapped).")
    version = serializers.IntegerField(
        help_text="Send it back with a write (or the ETag as If-Match). 0 for the public while the round is "
        "unpublished."
    )
    results_published = serializers.BooleanField()
    result = serializers.CharField(
        allow_blank=True, help_text="The match's one result where the discipline scores matches (tandem); else empty."
    )
    deciding_board = serializers.IntegerField(allow_null=True)
    decided_by = serializers.ChoiceField(choices=["", *_ENDINGS], allow_blank=True)
    places = serializers.CharField(
        allow_blank=True, help_text="A table's finishing order, each seat's place in seat order (- absent); else empty."
    )
    score = ScoreSerializer(
        allow_null=True, help_text="null for a bye and for the public while the round is unpublished."
    )
    boards = BoardSerializer(many=True)


class LineupInput(serializers.Serializer):
    team = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="The id of one of the two teams of the match."
    )
    positions = serializers.ListField(
        child=serializers.IntegerField(allow_null=True, min_value=1, max_value=100),
        max_length=32,
        help_text="Roster position per board, in board order; null leaves the board empty (a forfeit).",
    )
    version = serializers.IntegerField(required=False, min_value=1, help_text="Or send the ETag as If-Match.")


class ResultInput(serializers.Serializer):
    """A board's result (``board``); without ``board``, the match's one result (tandem, Tandem §1.3;
    Viererschach, Vierer §2, §13); or with ``places`` a table's finishing order (Schach4)."""

    board = serializers.IntegerField(
        min_value=1, max_value=100, required=False, help_text="Leave out for a match-level result (tandem)."
    )
    result = serializers.CharField(
        allow_blank=True, max_length=10, required=False, help_text="1-0, ½-½, 0-1, +-, -+, -- or empty to clear"
    )
    places = serializers.CharField(
        allow_blank=True,
        max_length=20,
        required=False,
        help_text="A table's finishing order (Schach4): each seat's place in seat order, - for a seat nobody took, "
        "e.g. “2 1 4 3”, “1 1 3 4” (a draw with two still in) or “1 - 3 2”; empty to clear. Instead of result.",
    )
    deciding_board = serializers.IntegerField(
        min_value=1,
        max_value=100,
        required=False,
        allow_null=True,
        help_text="Match-level only: the board that decided it.",
    )
    decided_by = serializers.CharField(  # the domain refuses an unknown way naming the known ones (Tandem §1.3)
        max_length=40,
        required=False,
        allow_blank=True,
        help_text="Match-level only: how it was decided, one of " + ", ".join(_ENDINGS) + ".",
    )
    version = serializers.IntegerField(required=False, min_value=1, help_text="Or send the ETag as If-Match.")

    def validate(self, data):
        if ("result" in data) == ("places" in data):
            raise serializers.ValidationError({"result": "give either result (a board or match) or places (a table)."})
        return data
