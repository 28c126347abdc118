"""Four-player chess: games at one table of 2–4 seats grouped into sides (Viererschach, Schach4).

The rules behind the table disciplines (``disciplines/table_scored.py``): a game's result is the
finishing order of its sides (``finishing``), entrants are grouped into tables each round
(``grouping``), seats rotate so everyone moves first equally often (``seating``) and individual
standings rank by placement points (``standings``). ``variants`` holds the tables the rulebooks
define; ``vierer`` the team game of Modern Viererschach.
"""
