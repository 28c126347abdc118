from tournaments.models import Round, RoundBundle


def round_bundle_for_round(*, round_: Round) -> RoundBundle | None:
    """The round's print bundle, or ``None`` before the first request: one query."""
    return RoundBundle.objects.filter(round=round_).first()
