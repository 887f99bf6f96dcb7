"""ModelBridge: the model's owner thread, seen from the GUI thread."""

from __future__ import annotations

import threading

from pytestqt.qtbot import QtBot

from app.domain import Prompt, TextModel
from app.llm import JobContext, ModelError
from app.ui.common.model_bridge import ModelBridge
from tests.services.conftest import ScriptedModel


def test_jobs_run_on_the_model_thread_and_results_arrive_on_the_gui_thread(
    qtbot: QtBot,
) -> None:
    model = ScriptedModel(lambda p: "reply")
    bridge = ModelBridge(lambda: model, name="Scripted")
    gui = threading.get_ident()
    seen: dict[str, object] = {}

    def job(ctx: JobContext[TextModel]) -> str:
        seen["job"] = threading.get_ident()
        return ctx.model.complete(Prompt("s", "u"))

    def done(value: str) -> None:
        seen["done"] = threading.get_ident()
        seen["value"] = value

    with qtbot.waitSignal(bridge.busy_changed, check_params_cb=lambda busy: not busy):
        bridge.submit(job, done)
        assert bridge.busy
    assert seen["value"] == "reply"
    assert seen["done"] == gui
    assert seen["job"] != gui
    assert model.threads == {seen["job"]}
    assert bridge.close()
    assert model.closed


def test_without_a_model_the_error_says_why(qtbot: QtBot) -> None:
    bridge = ModelBridge(None, problem="No model is installed.")
    errors: list[BaseException] = []
    assert bridge.submit(lambda ctx: None, on_error=errors.append) is None
    assert isinstance(errors[0], ModelError)
    assert str(errors[0]) == "No model is installed."
    assert bridge.problem == "No model is installed."


def test_switching_replaces_the_model_only_once_the_new_one_loads(qtbot: QtBot) -> None:
    first, second = ScriptedModel(lambda p: "one"), ScriptedModel(lambda p: "two")
    bridge = ModelBridge(lambda: first, name="First")
    replies: list[str] = []
    bridge.submit(lambda ctx: ctx.model.complete(Prompt("s", "u")), replies.append)
    qtbot.waitUntil(lambda: replies == ["one"], timeout=5000)
    with qtbot.waitSignal(bridge.model_changed, timeout=5000) as changed:
        bridge.switch_model(lambda: second, name="Second")
    assert changed.args == ["Second"]
    qtbot.waitUntil(lambda: first.closed, timeout=5000)  # closed on its own thread
    bridge.submit(lambda ctx: ctx.model.complete(Prompt("s", "u")), replies.append)
    qtbot.waitUntil(lambda: replies == ["one", "two"], timeout=5000)

    def broken() -> TextModel:
        raise ModelError("That file is not a model.")

    with qtbot.waitSignal(bridge.model_failed, timeout=5000) as failed:
        bridge.switch_model(broken, name="Broken")
    assert failed.args == ["That file is not a model."]
    assert bridge.model_name == "Second"
    bridge.close()
    assert second.closed


def test_jobs_asked_for_while_the_model_is_chosen_wait_for_it(qtbot: QtBot) -> None:
    bridge = ModelBridge(None)
    bridge.await_model()
    replies: list[str] = []
    assert bridge.submit(lambda ctx: ctx.model.complete(Prompt("s", "u")), replies.append) is None
    assert bridge.busy
    model = ScriptedModel(lambda p: "late")
    bridge.replace_model(lambda: model, name="Chosen")
    qtbot.waitUntil(lambda: replies == ["late"], timeout=5000)
    # and when no model can be found, they fail with the reason
    other = ModelBridge(None)
    other.await_model()
    errors: list[BaseException] = []
    other.submit(lambda ctx: None, on_error=errors.append)
    other.set_problem("The default model is not installed.")
    assert [str(e) for e in errors] == ["The default model is not installed."]
    assert not other.busy
    bridge.close()
    other.close()
