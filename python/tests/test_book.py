"""The Python examples of the book's bot tutorial (docs/tutorials/python-bot.md)
run, in order, in one namespace, in an empty folder: what a reader copies
works."""

import re


def test_the_bot_tutorial_runs(repo, tmp_path, monkeypatch):
    text = (repo / "docs" / "tutorials" / "python-bot.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) >= 3, blocks
    monkeypatch.chdir(tmp_path)
    namespace = {}
    for block in blocks:
        exec(compile(block, "python-bot.md", "exec"), namespace)
    assert namespace["g"].is_over
    assert (tmp_path / "game.json").exists()
