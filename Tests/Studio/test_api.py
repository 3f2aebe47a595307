"""Harmonic Studio's JSON API against the tool itself: every endpoint answers with the bytes
`harmonic COMMAND SPEC ARGS…` writes, every refusal is the tool's one-line message with the right
HTTP status, nothing reaches the file system, and 10,000 malformed requests in a row leave the
server answering.

Run by `make test` (scripts/studio-check.sh) with HARMONIC_BIN set to the tool."""

import concurrent.futures
import json
import os
import random
import subprocess
import urllib.error
import urllib.request

import pytest

BIN = os.environ["HARMONIC_BIN"]
SPRING = {"spring": {"mass": 1, "stiffness": 120, "damping": 14}}
SCENE = {
    "layers": [{"name": "box", "values": {"opacity": 1}}],
    "actions": [{"time": 0, "add": {"layer": "box", "key": "fade",
                                    "animation": {"keyPath": "opacity", "to": 0, "timing": {"duration": 0.5}}}}],
    "sample": {"times": [0, 0.25, 1]}, "record": [{"layer": "box", "keyPath": "opacity"}],
}


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """A server on a port the system chooses, in a folder of its own (to see it writes nothing)."""
    folder = tmp_path_factory.mktemp("studio")
    process = subprocess.Popen([BIN, "studio", "--port", "0"], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("Harmonic Studio: http://127.0.0.1:"), line + process.stderr.read()
    yield line.split(": ", 1)[1].strip(), folder
    process.terminate()
    process.wait(timeout=10)


def call(base, path, body=None, method=None, raw=None):
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(base + path.lstrip("/"), data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers.get("Content-Type"), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), error.read()


def tool(*arguments):
    run = subprocess.run([BIN, *arguments], capture_output=True)
    return run.returncode, run.stdout, run.stderr.decode().strip()


@pytest.mark.parametrize("command, spec, args, content_type", [
    ("sample", SPRING, ["--start", "0", "--end", "1", "--count", "7", "--velocity"], "text/csv; charset=utf-8"),
    ("sample", SPRING, ["--times", "0,0.1,0.5", "--format", "json"], "application/json"),
    ("settle", SPRING, ["--epsilon", "0.001"], "text/plain; charset=utf-8"),
    ("convert", SPRING, ["--to", "swiftui"], "text/plain; charset=utf-8"),
    ("convert", SPRING, ["--to", "css", "--tolerance", "0.002"], "text/plain; charset=utf-8"),
    ("plot", SPRING, ["--velocity"], "image/svg+xml"),
    ("plot", SPRING, ["--format", "png", "--scale", "1"], "image/png"),
    ("scene", SCENE, [], "text/csv; charset=utf-8"),
    ("scene", SCENE, ["--format=json"], "application/json"),
    ("scene", SCENE, ["--check"], "text/plain; charset=utf-8"),
    ("scene", SCENE, ["--frame-at", "0.25"], "image/svg+xml"),
    ("scene", SCENE, ["--frame-at", "0.3", "--viewport=-10,-10,200,150"], "image/svg+xml"),
])
def test_every_command_answers_what_the_tool_writes(studio, command, spec, args, content_type):
    base, _ = studio
    status, kind, body = call(base, f"/api/{command}", {"spec": spec, "args": args})
    assert status == 200, body
    assert kind == content_type
    expected = [command, json.dumps(spec), *args] + (["--output", "-"] if command == "plot" else [])
    code, out, err = tool(*expected)
    assert code == 0, err
    assert body == out
    if content_type == "image/png":
        assert body[:8] == b"\x89PNG\r\n\x1a\n"


def test_spec_as_json_text_and_the_version(studio):
    base, _ = studio
    status, _, body = call(base, "/api/settle", {"spec": json.dumps(SPRING)})
    assert status == 200 and body == tool("settle", json.dumps(SPRING))[1]
    status, kind, body = call(base, "/api/version")
    assert status == 200 and kind == "application/json"
    assert json.loads(body)["version"] == tool("--version")[1].decode().strip()
    status, kind, body = call(base, "/")
    assert status == 200 and kind.startswith("text/html") and b"/api/" in body


@pytest.mark.parametrize("spec", [
    '{"spring": {"mass": -1}}', '{"spring": {"stiffness": "stiff"}}', '{"curve": {}}',
    '{"decay": {"initialVelocity": 1e400}}', '{"spring": {}',
])
def test_refusals_are_the_tools_one_line_message(studio, spec):
    base, _ = studio
    status, kind, body = call(base, "/api/sample", {"spec": spec, "args": ["--count", "3"]})
    code, _, err = tool("sample", spec, "--count", "3")
    assert code == 1 and err.startswith("harmonic: ")
    assert (status, kind) == (400, "application/json")
    assert json.loads(body) == {"error": err[len("harmonic: "):]}


@pytest.mark.parametrize("body, status, fragment", [
    (b"not json", 400, "body: not JSON"),
    (b"[1, 2]", 400, "a JSON object"),
    (json.dumps({"spec": SPRING, "extra": 1}).encode(), 400, 'unknown key "extra"'),
    (json.dumps({"args": []}).encode(), 400, "spec: missing"),
    (json.dumps({"spec": "/etc/passwd"}).encode(), 400, "reads no files"),
    (json.dumps({"spec": "-"}).encode(), 400, "reads no files"),
    (json.dumps({"spec": 3}).encode(), 400, "spec: JSON text or an object"),
    (json.dumps({"spec": SPRING, "args": "--count 3"}).encode(), 400, "args: a list of strings"),
    (json.dumps({"spec": SPRING, "args": [3]}).encode(), 400, "args: a list of strings"),
    (json.dumps({"spec": SPRING, "args": ["--output", "out.csv"]}).encode(), 400, "writes no files"),
    (json.dumps({"spec": SPRING, "args": ["--output=out.csv"]}).encode(), 400, "writes no files"),
    (json.dumps({"spec": SCENE, "args": ["--events", "e.csv"]}).encode(), 400, "--events is not available"),
    (json.dumps({"spec": SCENE, "args": ["--particles", "p.csv"]}).encode(), 400, "--particles is not available"),
    (json.dumps({"spec": SCENE, "args": ["--frames", "f"]}).encode(), 400, "--frames is not available"),
    (json.dumps({"spec": SPRING, "args": ["--count"]}).encode(), 400, "--count needs a value"),
    (json.dumps({"spec": SPRING, "args": ["spring.json"]}).encode(), 400, "is not an option"),
    (json.dumps({"spec": SPRING, "args": ["--count", "0"]}).encode(), 400, "count"),
    (json.dumps({"spec": SPRING, "args": ["--format", "xml"]}).encode(), 400, "xml"),
    (b"{" + b" " * (1 << 20) + b"}", 413, "more than 1048576 bytes"),
])
def test_bad_requests_are_refused_with_their_reason(studio, body, status, fragment):
    base, folder = studio
    got, kind, answer = call(base, "/api/sample", raw=body)
    assert got == status and kind == "application/json"
    assert fragment in json.loads(answer)["error"]
    assert os.listdir(folder) == []


def test_unknown_routes_are_not_found(studio):
    base, _ = studio
    for method, path in [("POST", "/api/studio"), ("POST", "/api/nope"), ("GET", "/nope"), ("GET", "/api/sample")]:
        status, kind, body = call(base, path, {"spec": SPRING} if method == "POST" else None, method=method)
        assert status == 404 and kind == "application/json", path
        assert "error" in json.loads(body)


def test_a_full_queue_answers_503_and_then_serves_again(studio):
    # Two commands run and 16 wait; of 40 heavy requests at once, the rest are refused at once.
    base, _ = studio
    heavy = {"spec": SPRING, "args": ["--start", "0", "--end", "10", "--count", "50000"]}
    with concurrent.futures.ThreadPoolExecutor(40) as pool:
        answers = list(pool.map(lambda _: call(base, "/api/sample", heavy), range(40)))
    statuses = sorted(status for status, _, _ in answers)
    assert set(statuses) <= {200, 503} and statuses.count(200) >= 18 and 503 in statuses, statuses
    busy = next(body for status, _, body in answers if status == 503)
    assert "busy" in json.loads(busy)["error"]
    assert call(base, "/api/settle", {"spec": SPRING})[0] == 200


def test_ten_thousand_malformed_requests_leave_it_answering(studio):
    base, folder = studio
    rng = random.Random(20261126)
    pieces = [b"{", b"}", b"[", b"]", b'"spec"', b'"args"', b":", b",", b"null", b"1e999", b'"--output"',
              b'{"spring": {}}', b'"\\u0000"', b"\xff", b"-", b'"/etc/passwd"', b'"--frames"']
    commands = ["sample", "settle", "convert", "plot", "scene"]
    statuses = set()
    for _ in range(10_000):
        body = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        status, _, _ = call(base, "/api/" + rng.choice(commands), raw=body)
        statuses.add(status)
    assert statuses <= {200, 400}, statuses
    assert call(base, "/api/settle", {"spec": SPRING})[0] == 200
    assert os.listdir(folder) == []


def test_hosts_other_than_loopback_are_warned_about():
    process = subprocess.Popen([BIN, "studio", "--port", "0", "--host", "0.0.0.0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        warning = process.stderr.readline()
        assert "other machines can reach the studio" in warning
        assert process.stdout.readline().startswith("Harmonic Studio: http://0.0.0.0:")
    finally:
        process.terminate()
        process.wait(timeout=10)
    code, _, err = tool("studio", "--port", "70000")
    assert code == 1 and "--port" in err
    code, _, err = tool("studio", "--host", "example.org")
    assert code == 1 and "--host" in err


def test_one_frame_of_a_scene_refuses_what_writes_more():
    for extra in (["--check"], ["--velocity"], ["--format", "json"], ["--events", "e.csv"]):
        code, _, err = tool("scene", json.dumps(SCENE), "--frame-at", "0.25", *extra)
        assert code == 1 and "--frame-at writes one picture" in err, err
    code, _, err = tool("scene", json.dumps(SCENE), "--frame-at", "nan")
    assert code == 1 and "--frame-at" in err
