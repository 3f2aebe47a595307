"""Emitter layers through the package: the structured particle array against closed forms and
against the `harmonic scene --particles` table."""

import csv
import json
import subprocess

import numpy as np
import pytest

import harmonic

FOUNTAIN = {
    "kind": "emitter",
    "emitterPosition": [100, 200],
    "seed": 11,
    "emitterCells": [{
        "name": "drop", "birthRate": 30, "lifetime": 2, "velocity": 150, "emissionLongitude": -np.pi / 2,
        "yAcceleration": 200,
    }],
}


def fountain():
    scene = harmonic.Scene()
    scene.add_layer("f", **FOUNTAIN)
    return scene


def test_particles_follow_the_ballistic_closed_form():
    scene = fountain()
    p = scene.particles("f", 1.5)
    assert p.dtype == harmonic.PARTICLE_DTYPE and len(p) == 45  # ⌊30·1.5 + ½⌋
    born = (p["index"] + 0.5) / 30
    tau = 1.5 - born
    assert np.allclose(p["birth_time"], born, rtol=0, atol=1e-14)
    assert np.allclose(p["position"][:, 0], 100, rtol=0, atol=1e-9)
    assert np.allclose(p["position"][:, 1], 200 - 150 * tau + 100 * tau**2, rtol=1e-13, atol=1e-11)
    assert np.allclose(p["velocity"][:, 1], -150 + 200 * tau, rtol=1e-13, atol=1e-11)
    assert scene.particle_cells("f") == ["drop"]
    # Any time, in any order, without advancing: the same particles.
    assert np.array_equal(scene.particles("f", 0.7), scene.particles("f", 0.7))
    assert len(scene.particles("f", 3.0)) == 60


def test_counts_growing_and_shrinking_between_calls():
    # The buffer is sized from the last count: a larger count takes a second call, a much
    # smaller one a copy; every answer is what a fresh scene gives, and an animated cell birth
    # rate (a cell key path) changes the counts.
    scene = fountain()
    times = [0.1, 1.9, 0.2, 1.95, 1.94, 0.0, 1.0]
    for t in times:
        fresh = fountain().particles("f", t)
        got = scene.particles("f", t)
        assert np.array_equal(got, fresh), t
        assert len(got) == int(np.floor(30 * min(t, 2) + 0.5))
    scene.add_animation("f", {"keyPath": "emitterCells.drop.birthRate", "from": 0, "to": 60,
                              "timing": {"duration": 2}}, key="ramp")
    scene.flush()  # the animation starts when its transaction commits
    # The rate 30·t per second integrates to 15·t² (t ≤ 2, the cell's rate animated 0 → 60).
    assert len(scene.particles("f", 1.3)) == int(np.floor(15 * 1.3**2 + 0.5))


def test_particles_match_the_tool(tmp_path):
    cells = [dict(FOUNTAIN["emitterCells"][0])]
    cells[0].update({"velocityRange": 40, "emissionRange": 0.4, "spinRange": 3, "redRange": 0.3})
    layer = {"name": "f", "kind": "emitter", "values": {"emitterPosition": [100, 200], "seed": 11},
             "emitterCells": cells}
    spec = {"layers": [layer], "sample": {"times": [0.5, 1.25]}}
    table = tmp_path / "particles.csv"
    from conftest import _tool
    subprocess.run([_tool(), "scene", json.dumps(spec), "--particles", str(table), "--output", str(tmp_path / "v.csv")],
                   check=True)
    rows = list(csv.DictReader(table.open()))
    scene = harmonic.Scene()
    scene.add_layer("f", kind="emitter", emitterPosition=[100, 200], seed=11, emitterCells=cells)
    for t in (0.5, 1.25):
        ours = scene.particles("f", t)
        theirs = [r for r in rows if float(r["time"]) == t]
        assert len(ours) == len(theirs)
        assert [int(r["id"]) for r in theirs] == ours["id"].tolist()
        assert np.array_equal([float(r["x"]) for r in theirs], ours["position"][:, 0])
        assert np.array_equal([float(r["red"]) for r in theirs], ours["color"][:, 0])


def test_bad_emitters_raise_naming_the_key():
    scene = harmonic.Scene()
    with pytest.raises(harmonic.HarmonicError, match="emitterCells\\[0\\].birthRate|birthRate = -1"):
        scene.add_layer("f", kind="emitter", emitterCells=[{"name": "x", "birthRate": -1}])
    scene.add_layer("plain")
    with pytest.raises(harmonic.HarmonicError, match="emitter"):
        scene.particles("plain")
