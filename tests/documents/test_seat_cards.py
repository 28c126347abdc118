"""Seat cards of four-player tables (issue 15): seat, move order, colour, players, boxes, signatures."""

from types import SimpleNamespace

from tournaments.documents.seat_cards import CardSeat, SeatCardsDocument, TableCard

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
    )
    pdf = SeatCardsDocument(tournament(), round_number=2, cards=[card]).render()
    printed = text(pdf)
    assert "Seat card" in printed and "Round 2 · Table 3" in printed and "Vierer §1, §4" in printed
    assert printed.index("White") < printed.index("Red") < printed.index("Black") < printed.index("Yellow")
    assert "Anna Weiß (SK Kronach)" in printed and "Dora Rot (TSV Küps)" in printed
    assert "Order of elimination (seat numbers, first out first):" in printed
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
