"""Seat cards of four-player tables (issue 15): seat, move order, colour, players, boxes, signatures."""

from types import SimpleNamespace

from tournaments.documents.seat_cards import CardSeat, CardSide, SeatCardsDocument, TableCard

from .pdf import pages, text


def tournament(language="en"):
    return SimpleNamespace(name="Schach4 Open", language=language)


def test_a_viererschach_card_names_each_seat_with_its_colour_in_move_order():
    """Vierer §1, §4: White, Red, Black, Yellow move in that order; White + Yellow are a team."""
    card = TableCard(
        table=3,
        form="Vierer §1, §4",
        seats=(
            CardSeat(1, "W", "Anna Weiß", "SK Kronach"),
            CardSeat(2, "R", "Dora Rot", "TSV Küps"),
            CardSeat(3, "B", "Bernd Schwarz", "TSV Küps"),
            CardSeat(4, "Y", "Cem Gelb", "SK Kronach"),
        ),
        cycle=(1, 2, 3, 4),
        finishing_order=False,  # the result is the team's: a mated player is not out (Vierer §12)
        sides=(CardSide("SK Kronach", ("W", "Y"), (1, 4)), CardSide("TSV Küps", ("B", "R"), (3, 2))),
        endings=("both kings captured or mated", "stalemate"),
        result_rule="Vierer §2, §12, §13",
    )
    pdf = SeatCardsDocument(tournament(), round_number=2, cards=[card]).render()
    printed = text(pdf)
    assert "Seat card" in printed and "Round 2 · Table 3" in printed and "Vierer §1, §4" in printed
    seats = printed[printed.index("Seat Moves Colour Player Signature") :]
    assert seats.index("White") < seats.index("Red") < seats.index("Black") < seats.index("Yellow")
    assert "Anna Weiß (SK Kronach)" in printed and "Dora Rot (TSV Küps)" in printed
    assert "SK Kronach (White + Yellow) – TSV Küps (Black + Red)" in printed
    assert "Result: ☐ SK Kronach (White + Yellow) wins ☐ draw ☐ TSV Küps (Black + Red) wins" in printed
    assert "How it ended (Vierer §2, §12, §13): ☐ both kings captured or mated ☐ stalemate" in printed
    assert "Move cycle: 1 → 2 → 3 → 4, then 1 again (Vierer §1, §4)" in printed
    assert "Order of elimination" not in printed and "Finishing place" not in printed
    assert "Signature" in printed and "Arbiter" in printed


def test_two_cards_per_page_and_an_empty_seat_is_named_in_german():
    cards = [
        TableCard(table, "Schach4 V1", tuple(CardSeat(seat, "", f"Spieler {table}.{seat}") for seat in range(1, 5)))
        for table in (1, 2, 3)
    ] + [TableCard(4, "Schach4 V5", (CardSeat(1, "", "Eva"), CardSeat(2, "", ""), CardSeat(3, "", "Fritz")))]
    pdf = SeatCardsDocument(tournament("de"), round_number=1, cards=cards).render()
    printed = pages(pdf)
    assert len(printed) == 2
    assert "Sitzkarte" in printed[0] and "Tisch 1" in printed[0] and "Tisch 2" in printed[0]
    assert "Schach4 V5" in printed[1] and "(unbesetzt)" in printed[1]
