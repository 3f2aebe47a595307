"""harmonic.Lottie against the `harmonic lottie` command on the same file: the same info, the
same evaluated state and the same SVG bytes; a bad file raises naming its JSON path."""

import json
import pathlib
import subprocess

import pytest

import harmonic
from conftest import ROOT, _tool

LOADER = ROOT / "Examples" / "lottie" / "loader.json"


def tool(*args):
    return subprocess.run([_tool(), "lottie", *map(str, args)], check=True, capture_output=True).stdout


def test_info_state_and_svg_match_the_tool():
    anim = harmonic.Lottie(LOADER)
    assert anim.info == json.loads(tool(LOADER, "--info"))
    assert anim.info["frameRate"] == 60 and anim.info["frames"] == 120
    for frame in (0, 17.5, 60, 119):
        assert anim.state(frame) == json.loads(tool(LOADER, "--frame", frame, "--format", "json"))
        assert anim.svg(frame) == tool(LOADER, "--frame", frame).decode()
    assert anim.svg(30, 120) == tool(LOADER, "--frame", 30, "--width", 120).decode()
    assert anim.frame_at_progress(0.25) == 30


def test_png_has_the_asked_size_and_a_transparent_background():
    text = LOADER.read_text()
    doc = json.loads(text)
    doc["layers"] = [layer for layer in doc["layers"] if layer["nm"] != "background"]
    anim = harmonic.Lottie(json.dumps(doc))
    png = anim.png(20, 96)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (96, 96)
    assert png[25] == 6  # colour type 6: RGBA


def test_state_reports_world_transforms():
    doc = {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
        {"ty": 3, "ind": 1, "nm": "parent", "ip": 0, "op": 30, "st": 0, "sr": 1,
         "ks": {"p": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 90}}},
        {"ty": 3, "ind": 2, "nm": "child", "parent": 1, "ip": 0, "op": 30, "st": 0, "sr": 1,
         "ks": {"p": {"a": 0, "k": [10, 0]}, "o": {"a": 0, "k": 25}}},
    ]}
    layers = harmonic.Lottie(json.dumps(doc)).state(0)["layers"]
    child = layers[1]
    a, b, c, d, tx, ty = child["transform"]
    assert abs(tx - 50) < 1e-12 and abs(ty - 60) < 1e-12  # (10, 0) turned 90° clockwise, moved
    assert child["opacity"] == 0.25 and layers[0]["opacity"] == 1


def test_bad_files_raise_with_their_json_path(tmp_path):
    # A parent that names no layer is read past (drawn without it), with a warning at its path.
    lenient = harmonic.Lottie(json.dumps({"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [
        {"ty": 3, "ind": 1, "parent": 7, "ip": 0, "op": 10, "ks": {}}]}))
    assert [w["path"] for w in lenient.info["warnings"]] == ["layers[0].parent"]
    # A parent cycle leaves nothing to draw: refused, naming the path.
    with pytest.raises(harmonic.HarmonicError, match=r"layers\[0\]\.parent"):
        harmonic.Lottie(json.dumps({"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10, "layers": [
            {"ty": 3, "ind": 1, "parent": 2, "ip": 0, "op": 10, "ks": {}},
            {"ty": 3, "ind": 2, "parent": 1, "ip": 0, "op": 10, "ks": {}}]}))
    with pytest.raises(harmonic.HarmonicError, match="Lottie JSON"):
        harmonic.Lottie("{ not json")
    with pytest.raises(FileNotFoundError):
        harmonic.Lottie(tmp_path / "missing.json")
    anim = harmonic.Lottie(LOADER)
    with pytest.raises(ValueError, match="frame"):
        anim.state(float("nan"))


def test_images_beside_the_file_are_embedded(tmp_path):
    (tmp_path / "img").mkdir()
    # A 1×1 PNG, written byte by byte.
    (tmp_path / "img" / "dot.png").write_bytes(bytes.fromhex(
        "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
        "1f15c4890000000d49444154789c63f8cfc0f01f0005000201e2213c2f0000000049454e44ae426082"))
    doc = {"fr": 30, "ip": 0, "op": 10, "w": 10, "h": 10,
           "assets": [{"id": "i", "w": 1, "h": 1, "u": "img/", "p": "dot.png"}],
           "layers": [{"ty": 2, "ind": 1, "refId": "i", "ip": 0, "op": 10, "ks": {}}]}
    path = tmp_path / "a.json"
    path.write_text(json.dumps(doc))
    layer = harmonic.Lottie(path).state(0)["layers"][0]
    assert layer["image"].startswith("data:image/png;base64,iVBOR")
    assert layer["size"] == [1, 1]
