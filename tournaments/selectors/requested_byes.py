"""The byes teams asked for (and late entries' missed rounds), as pages and the API list them."""

from dataclasses import dataclass

from tournaments.domain.requested_byes import ByeKind
from tournaments.models import RequestedBye, Round, Team, Tournament


@dataclass(frozen=True)
class ByeLine:
    team: Team
    round_number: int
    kind: ByeKind
    late_entry: bool

    @property
    def label(self) -> str:
        """Untranslated: "bye requested: half point" (pages translate it)."""
        return self.kind.label


def requested_byes_for_round(*, round_: Round) -> list[ByeLine]:
    """The teams not paired in ``round_`` by request or as late entries, by seed (one query)."""
    return _lines(RequestedBye.objects.filter(tournament_id=round_.tournament_id, round_number=round_.number))


def requested_byes_for_tournament(*, tournament: Tournament) -> list[ByeLine]:
    """Every requested bye, by round then seed (one query): the desk's list, the API, TRF 240."""
    return _lines(RequestedBye.objects.filter(tournament=tournament))


def _lines(byes) -> list[ByeLine]:
    return [
        ByeLine(bye.team, bye.round_number, ByeKind(bye.kind), bye.late_entry)
        for bye in byes.select_related("team").order_by("round_number", "team__seed")
    ]
