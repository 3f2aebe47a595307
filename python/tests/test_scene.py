"""The engine through the package, against closed forms and the `harmonic scene` command."""

import json

import numpy as np

import harmonic


def test_transaction_animates_linearly_with_events():
    scene = harmonic.Scene()
    scene.add_layer("box", opacity=1, position=[0, 0])
    with scene.transaction(duration=0.5, timingFunction="linear"):
        scene.set("box", "opacity", 0)
    t = np.array([0.1, 0.25, 0.4])
    assert np.max(np.abs(scene.record("box", "opacity", t) - (1 - t / 0.5))) <= 1e-14
    events = scene.advance(1)
    kinds = [(e.kind, e.time, e.key) for e in events]
    assert kinds == [("didStart", 0.0, "opacity"), ("didStop", 0.5, "opacity"), ("transactionCompleted", 0.5, "")]
    assert events[1].finished and events[0].layer == "box"


def test_changes_outside_transactions_wait_for_flush():
    scene = harmonic.Scene()
    scene.add_layer("box", opacity=1)
    scene.set("box", "opacity", 0.5)
    scene.set("box", "opacity", 0)  # the same turn: one animation, 1 -> 0
    assert scene.model("box", "opacity")[0] == 0
    assert scene.presentation("box", "opacity")[0] == 1
    assert scene.events() == []
    scene.flush()
    assert [(e.kind, e.time, e.key) for e in scene.events()] == [("didStart", 0.0, "opacity")]


def test_scene_matches_the_tool(cli, tmp_path):
    animation = {"keyPath": "position.x", "from": 0, "to": 300, "spring": {"duration": 0.6, "bounce": 0.2}}
    spec = {
        "layers": [{"name": "box", "values": {"position": [300, 0]}}],
        "actions": [{"time": 0, "add": {"layer": "box", "key": "slide", "animation": animation}}],
        "sample": {"start": 0, "end": 1, "count": 61},
        "record": [{"layer": "box", "keyPath": "position.x"}],
    }
    reference = cli("scene", json.dumps(spec))
    scene = harmonic.Scene()
    scene.add_layer("box", position=[300, 0])
    scene.add_animation("box", animation, key="slide")
    got = scene.record("box", "position.x", np.linspace(0, 1, 61))
    assert np.array_equal(got, reference["value"])


def test_a_push_transition_reports_both_renderings():
    scene = harmonic.Scene()
    scene.add_layer("card", bounds=[0, 0, 200, 100])
    assert scene.transition("card") == harmonic.Transition(
        active=False, progress=1.0, outgoing_opacity=0.0, incoming_opacity=1.0,
        outgoing_offset=(0.0, 0.0), incoming_offset=(0.0, 0.0), incoming_is_above=True)
    scene.add_animation("card", {"transition": {"type": "push", "subtype": "fromRight"},
                                 "timing": {"duration": 1}}, key="transition")
    scene.advance(0.25)
    state = scene.transition("card")
    # Linear progress 0.25: the new rendering a quarter in from the right, the old a quarter out.
    assert state.active and state.progress == 0.25
    assert state.incoming_offset == (150.0, 0.0) and state.outgoing_offset == (-50.0, 0.0)
    assert state.outgoing_opacity == 1 and state.incoming_opacity == 1 and state.incoming_is_above
    scene.advance(1.5)
    assert not scene.transition("card").active


def test_key_paths_are_declared():
    import pytest

    scene = harmonic.Scene()
    scene.add_layer("box", frame=[10, 20, 100, 40], custom={"progress": 0.5})
    with pytest.raises(harmonic.HarmonicError, match="the closest is opacity"):
        scene.set("box", "opacty", 1)
    scene.set("box", "progress", 1)
    scene.flush()
    assert scene.model("box", "progress")[0] == 1
    assert list(scene.model("box", "position")) == [60, 40]
    assert list(scene.model("box", "frame")) == [10, 20, 100, 40]


def test_frames_as_svg_and_png():
    scene = harmonic.Scene()
    scene.add_layer("card", frame=[10, 10, 50, 30], backgroundColor=[1, 0, 0, 1])
    svg = scene.frame(viewport=(0, 0, 100, 50))
    assert svg.startswith("<?xml") and 'viewBox="0 0 100 50"' in svg and 'fill="#ff0000"' in svg
    assert scene.frame(viewport=(0, 0, 100, 50)) == svg
    png = scene.frame("png", scale=2)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == 120  # the fitted 60-point width at 2 pixels per point
    import pytest

    with pytest.raises(harmonic.HarmonicError, match="scale"):
        scene.frame("png", scale=100)
    with pytest.raises(ValueError):
        scene.frame("gif")


def test_events_carry_user_info_and_transactions_take_a_delay():
    scene = harmonic.Scene()
    scene.add_layer("box", opacity=1)
    scene.add_animation("box", {"keyPath": "opacity", "to": 0, "timing": {"duration": 0.5},
                                "userInfo": {"name": "fade"}}, key="a")
    events = scene.advance(1)
    assert [e.user_info for e in events] == [{"name": "fade"}, {"name": "fade"}]
    # UIKit's animate(withDuration: 1, delay: 0.5): the start value shows while it waits.
    with scene.transaction(duration=1, delay=0.5, timingFunction="linear"):
        scene.set("box", "opacity", 0)
    assert list(scene.record("box", "opacity", [1.25, 1.5, 2.0])) == [1.0, 1.0, 0.5]


def test_convert_time_between_layer_clocks():
    scene = harmonic.Scene()
    scene.add_layer("slow", timing={"speed": 0.5, "beginTime": 1})
    scene.add_layer("still", timing={"speed": 0})
    # t_local = (t_parent - beginTime)·speed: root 3 is 1 in the slow layer, and back.
    assert scene.convert_time(3, to="slow") == 1
    assert scene.convert_time(1, from_="slow") == 3
    assert np.isnan(scene.convert_time(1, from_="still"))
