"""Harmonic Studio in a real browser: headless Chromium (Debian's chromium and chromium-driver)
driven by selenium loads the page, moves a slider and a Bézier handle, and checks that the plot
and the conversions change to the library's values, that the preview's CSS easing is the
`linear()` that `harmonic convert --to css` exports, and that a shared URL restores the state.
Screenshots go to $STUDIO_SCREENSHOTS (default: .build/studio-screenshots)."""

import json
import os
import re
import subprocess
import time
import urllib.parse

import pytest

selenium = pytest.importorskip("selenium")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

BIN = os.environ["HARMONIC_BIN"]
SHOTS = os.environ.get("STUDIO_SCREENSHOTS", os.path.join(os.path.dirname(__file__), "..", "..", ".build",
                                                            "studio-screenshots"))


@pytest.fixture(scope="module")
def page():
    server = subprocess.Popen([BIN, "studio", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    base = server.stdout.readline().split(": ", 1)[1].strip()
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    os.makedirs(SHOTS, exist_ok=True)
    try:
        yield driver, base
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)


def settled(driver, timeout=60):
    """Waits until the page has answered its latest change (its status line names the generation)."""
    def done(d):
        return d.execute_script(
            "const s = document.getElementById('status').dataset; return s.generation && !window.pending"
            " && Number(s.generation) === window.latestGeneration()")
    WebDriverWait(driver, timeout).until(done)


def open_mode(driver, base, mode):
    """The page opened afresh in `mode` (a link with that state), once it has answered."""
    driver.get("about:blank")
    driver.get(base + "#%7B%22mode%22%3A%22" + mode + "%22%7D")
    settled(driver)


def conversions(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, "#conversions tbody tr")
    return {row.get_attribute("data-target"): row.find_element(By.CSS_SELECTOR, "td:nth-child(2)").text
            for row in rows}


def tool(*arguments):
    return subprocess.run([BIN, *arguments], capture_output=True, text=True, check=True).stdout.strip()


def stops(css):
    """The stops of a CSS linear() easing as (output, position %) pairs, positions filled in as the
    CSS Easing spec does (first 0 %, last 100 %, runs without one spaced evenly between)."""
    body = re.fullmatch(r"\s*linear\((.*)\)\s*", css).group(1)
    points = []
    for part in body.split(","):
        numbers = part.split()
        points.append([float(numbers[0]), float(numbers[1].rstrip("%")) if len(numbers) > 1 else None])
    points[0][1] = 0.0 if points[0][1] is None else points[0][1]
    points[-1][1] = 100.0 if points[-1][1] is None else points[-1][1]
    i = 0
    while i < len(points):
        if points[i][1] is None:
            j = i
            while points[j][1] is None:
                j += 1
            a, b = points[i - 1][1], points[j][1]
            for k in range(i, j):
                points[k][1] = a + (b - a) * (k - i + 1) / (j - i + 1)
            i = j
        i += 1
    return points


def test_the_page_plays_what_the_library_computes(page):
    driver, base = page
    driver.get(base)
    settled(driver)
    driver.save_screenshot(os.path.join(SHOTS, "1-loaded.png"))
    spec = {"mass": 1, "stiffness": 100, "damping": 10}
    assert json.loads(conversions(driver)["swiftui"]) == json.loads(tool("convert", json.dumps({"spring": spec}),
                                                                         "--to", "swiftui"))
    # Move the stiffness slider: the conversions become the library's for the new spring.
    slider = driver.find_element(By.ID, "range-stiffness")
    driver.execute_script("arguments[0].value = 250; arguments[0].dispatchEvent(new Event('input'))", slider)
    settled(driver)
    spec["stiffness"] = 250
    for target in ["swiftui", "uikit", "android", "react-spring"]:
        expected = json.loads(tool("convert", json.dumps({"spring": spec}), "--to", target))
        assert json.loads(conversions(driver)[target]) == expected, target
    assert driver.find_element(By.ID, "field-stiffness").get_attribute("value") == "250"
    plot = driver.find_element(By.CSS_SELECTOR, "#plot svg").get_attribute("outerHTML")
    assert "stiffness 250" in plot
    # The preview's easing is the CSS linear() the tool exports for this spring.
    css = json.loads(tool("convert", json.dumps({"spring": spec}), "--to", "css"))["css"]
    computed = driver.execute_script(
        "return getComputedStyle(document.getElementById('css-box')).animationTimingFunction")
    ours, theirs = stops(computed), stops(css)
    assert len(ours) == len(theirs)
    assert all(abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-6 for a, b in zip(ours, theirs)), (computed, css)
    driver.find_element(By.ID, "play").click()
    time.sleep(0.4)
    driver.save_screenshot(os.path.join(SHOTS, "2-stiffness-250-playing.png"))
    # Switching vocabulary converts the spring: the same motion in SwiftUI's terms.
    Select(driver.find_element(By.ID, "vocabulary")).select_by_value("swiftui")
    settled(driver)
    swiftui = json.loads(tool("convert", json.dumps({"spring": spec}), "--to", "swiftui"))
    duration = float(driver.find_element(By.ID, "field-duration").get_attribute("value"))
    assert abs(duration - swiftui["duration"]) < 1e-5
    # A shared link restores the state.
    url = driver.current_url
    driver.get("about:blank")
    driver.get(url)
    settled(driver)
    assert Select(driver.find_element(By.ID, "vocabulary")).first_selected_option.get_attribute("value") == "swiftui"
    assert abs(float(driver.find_element(By.ID, "field-duration").get_attribute("value")) - swiftui["duration"]) < 1e-5


def test_dragging_a_bezier_handle(page):
    driver, base = page
    open_mode(driver, base, "bezier")
    before = driver.find_element(By.ID, "bezier-text").get_attribute("value")
    handle = driver.find_element(By.ID, "handle1")
    ActionChains(driver).click_and_hold(handle).move_by_offset(40, -60).release().perform()
    settled(driver)
    after = driver.find_element(By.ID, "bezier-text").get_attribute("value")
    assert after != before
    # The handle's exact position is in the page's state (its URL): the conversion shown and the
    # plot are the tool's for exactly those control points.
    state = json.loads(urllib.parse.unquote(driver.current_url.split("#", 1)[1]))
    points = state["bezier"]
    assert [round(p, 3) for p in points] == [float(x) for x in after.split(",")]
    spec = {"cubicBezier": points}
    expected = json.loads(tool("convert", json.dumps(spec), "--to", "css"))["css"]
    shown = driver.find_element(By.CSS_SELECTOR, "#conversions tr[data-target='css'] code").text
    assert shown == expected
    timed = dict(spec, timing={"duration": 1, "fillMode": "forwards"})
    plot = subprocess.run([BIN, "plot", json.dumps(timed), "--output", "-"], capture_output=True, text=True,
                          check=True).stdout
    title = re.search(r"cubic-bezier\([^)]*\)", plot).group(0)
    assert title in driver.find_element(By.CSS_SELECTOR, "#plot svg").get_attribute("outerHTML")
    driver.save_screenshot(os.path.join(SHOTS, "3-bezier-dragged.png"))
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors


def test_keyframes_and_paths(page):
    driver, base = page
    open_mode(driver, base, "keyframes")
    keyframes = json.loads(driver.find_element(By.ID, "keyframes-text").get_attribute("value"))
    expected = json.loads(tool("convert", json.dumps({"keyframes": keyframes}), "--to", "css"))["css"]
    assert driver.find_element(By.CSS_SELECTOR, "#conversions tr[data-target='css'] code").text == expected
    # A path at constant speed: the point starts where the tool's samples start and moves on play.
    open_mode(driver, base, "path")
    d = driver.find_element(By.ID, "path-text").get_attribute("value")
    spec = {"path": {"d": d, "calculationMode": "paced"}, "timing": {"duration": 1, "fillMode": "forwards"}}
    first = json.loads(tool("sample", json.dumps(spec), "--times", "0", "--format", "json"))
    dot = driver.find_element(By.ID, "path-dot")
    assert float(dot.get_attribute("cx")) == first["value.0"][0]
    assert float(dot.get_attribute("cy")) == first["value.1"][0]
    driver.find_element(By.ID, "play").click()
    time.sleep(0.5)
    assert float(dot.get_attribute("cx")) != first["value.0"][0]
    driver.save_screenshot(os.path.join(SHOTS, "4-path-playing.png"))
    assert driver.find_element(By.ID, "error").text == ""


def test_a_scene_scrubbed(page):
    driver, base = page
    open_mode(driver, base, "scene")
    slider = driver.find_element(By.ID, "scene-time")
    driver.execute_script("arguments[0].value = 0.6; arguments[0].dispatchEvent(new Event('input'))", slider)
    settled(driver)
    scene = driver.find_element(By.ID, "scene-text").get_attribute("value")
    end = float(driver.find_element(By.ID, "scene-end").get_attribute("value"))
    viewport = driver.find_element(By.ID, "plot").get_attribute("data-viewport")
    expected = tool("scene", scene, "--frame-at", str(0.6 * end), "--viewport=" + viewport)
    shown = driver.find_element(By.CSS_SELECTOR, "#plot svg").get_attribute("outerHTML")
    # The same picture: the layer's placement in the page's SVG is the tool's.
    transforms = re.findall(r'transform="([^"]+)"', expected)
    assert transforms and all(t in shown for t in transforms), (transforms, shown[:400])
    driver.save_screenshot(os.path.join(SHOTS, "5-scene-scrubbed.png"))
    assert driver.find_element(By.ID, "error").text == ""


def test_a_decay_in_each_vocabulary_and_with_walls(page):
    driver, base = page
    open_mode(driver, base, "decay")
    uikit = {"decelerationRate": 0.998, "initialVelocity": 1500}
    for to, keys in [("android", ["frictionMultiplier", "initialVelocity"]), ("flutter", ["drag", "initialVelocity"]),
                     ("motion", ["velocity", "power", "timeConstant"])]:
        open_mode(driver, base, "decay")
        Select(driver.find_element(By.ID, "decay-vocabulary")).select_by_value(to)
        settled(driver)
        converted = json.loads(tool("convert", json.dumps({"decay": uikit}), "--to", to))["decay"]
        for key in keys:
            shown = float(driver.find_element(By.ID, "field-" + key).get_attribute("value"))
            assert abs(shown - converted[key]) <= 1e-5 * max(1, abs(converted[key])), (to, key, shown, converted[key])
        assert driver.find_element(By.ID, "error").text == ""
    # Walls: the settle time shown is the tool's for the decay with min and max.
    driver.find_element(By.ID, "walls").click()
    settled(driver)
    decay = dict(converted)
    decay.update({"type": "inertia", "min": 0, "max": 500})
    decay = {k: decay[k] for k in ["type", "velocity", "power", "timeConstant", "min", "max"]}
    expected = float(tool("settle", json.dumps({"decay": decay})))
    shown = driver.find_element(By.ID, "settle").text
    assert f"{expected:.6g}" in shown or f"{expected:.5g}" in shown, (shown, expected)
    driver.save_screenshot(os.path.join(SHOTS, "6-decay-walls.png"))
