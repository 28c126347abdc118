"""Celery tasks: each takes primary keys and calls a service, so running one twice is harmless."""

from celery import shared_task

from tournaments.services.documents import round_bundle_build


@shared_task
def round_bundle_build_task(round_id: int) -> str:
    """Build a round's print bundle (pairing list + match report forms); returns the final state."""
    bundle = round_bundle_build(round_id=round_id)
    return bundle.state if bundle is not None else "gone"
