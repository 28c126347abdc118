"""A registered player's details a rating report asks for (federation, date of birth, national
record): they do not change the board order, so the director sets them also once rosters are
locked, e.g. after the event when the DWZ report lists what is missing (DSB-Wertungsordnung 6.1)."""

from django.db import transaction

from tournaments.domain.identifiers import birth_date, federation_code
from tournaments.domain.text import plain_name
from tournaments.models import AuditEntry, Player

from .audit import audit_record, team_target
from .locks import lock_tournament, write_service


@write_service
def player_details_set(*, player: Player, federation="", born=None, federation_id="", user=None, source="command"):
    """Set the three details (an empty value clears one); refused naming the field, nothing saved."""
    with transaction.atomic():
        lock_tournament(player.team.tournament_id)
        player = Player.objects.select_related("team").get(pk=player.pk)
        new = {
            "federation": federation_code(federation, field="federation"),
            "birth_date": birth_date(born, field="birth_date"),
            "federation_id": plain_name(federation_id, field="federation_id", max_length=20),
        }
        old = {key: getattr(player, key) for key in new}
        if old == new:
            return player
        for key, value in new.items():
            setattr(player, key, value)
        player.save(update_fields=list(new))
        audit_record(
            tournament=player.team.tournament,
            action=AuditEntry.Action.ROSTER,
            target=team_target(player.team),
            value_type=AuditEntry.ValueType.SETTINGS,
            old={"player": player.name, **{k: str(v or "") for k, v in old.items()}},
            new={"player": player.name, **{k: str(v or "") for k, v in new.items()}},
            user=user,
            source=source,
        )
        return player
