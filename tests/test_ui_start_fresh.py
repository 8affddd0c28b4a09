"""Declining the offer of a saved game (Start fresh) brings back what the offer
hid: "Who is ahead" evaluates the fresh deal again."""

from __future__ import annotations

from tabletop.ui import pitfall_table


def test_who_is_ahead_comes_back_after_start_fresh(comms, tmp_path):
    path = tmp_path / "family.json"
    first = pitfall_table(players=2, seed=3, bots=1, bot="heuristic", autosave=path)
    first.choose("roll")
    first.close()
    again = pitfall_table(players=2, seed=3, bots=1, bot="heuristic", autosave=path)
    bar = again.evaluation
    again.widgets.echo.value = again.token  # a page shows the table
    assert again.model.resume_from is not None
    assert bar.basis.value == "hidden while a saved game is offered"
    asked = bar.evaluator.number
    again.widgets.fresh.click()  # Start fresh: the offer is declined
    assert again.model.resume_from is None
    assert "saved game" not in bar.basis.value
    assert bar.evaluator.number > asked or bar.estimate is not None
    assert bar.bars.value, "the model's estimate or the playouts' answer"
    again.close()
