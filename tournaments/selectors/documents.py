from tournaments.models import Round, RoundBundle, Tournament


def round_bundle_for_round(*, round_: Round) -> RoundBundle | None:
    """The round's print bundle, or ``None`` before the first request: one query."""
    return RoundBundle.objects.filter(round=round_).first()


def round_bundles_for_tournament(*, tournament: Tournament) -> dict[int, RoundBundle]:
    """Every round's bundle by round id, for the desk overview: one query."""
    return {bundle.round_id: bundle for bundle in RoundBundle.objects.filter(round__tournament=tournament)}
