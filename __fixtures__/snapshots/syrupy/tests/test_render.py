from src.render import render


def test_render(snapshot):
    assert render("ada") == snapshot


def test_render_empty(snapshot):
    assert render("") == snapshot
