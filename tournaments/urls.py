"""URLs of the tournaments app; the desk, public pages and API hang here."""

app_name = "tournaments"
urlpatterns: list = []
