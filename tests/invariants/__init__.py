"""The invariant test (issue 28), one module per event so two test workers share it: the machine
(``machine.py``) and each event's start and regressions (``test_<event>.py``)."""

import pytest

pytest.register_assert_rewrite("tests.invariants.machine")  # its asserts say what they compared
