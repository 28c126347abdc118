"""An entrant's rounds on its public page, as each layout shows an encounter (``tournaments/layouts.py``):
its boards against the other team's (with the score per board where boards are scored), or the table
it sat at with every seat, colour, player, finishing place and points (four-player chess, issue 15).
Both partials extend public/_team_rounds.html, which loops over ``entrant_rounds``."""

from tournaments.selectors.tables import tables_for_team
from tournaments.selectors.team_card import team_card


def board_rounds(team) -> dict:
    card = team_card(team=team, published_only=True)
    return {"card": card, "entrant_rounds": card.rounds}


def table_rounds(team) -> dict:
    return {"entrant_rounds": tables_for_team(team=team, published_only=True)}
