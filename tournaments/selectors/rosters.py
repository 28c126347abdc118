from django.db.models import Prefetch

from tournaments.models import Player, Team, Tournament


def rosters_for_tournament(*, tournament: Tournament) -> list[Team]:
    """Every team in seed order with its players in board order (``team.players.all()``): two queries."""
    players = Prefetch("players", queryset=Player.objects.order_by("position"))
    return list(Team.objects.filter(tournament=tournament).prefetch_related(players).order_by("seed"))
