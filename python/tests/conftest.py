import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def repo():
    """The repository's root (rulesets/ and tiles/ are there)."""
    return REPO
