/// The studio page's script: editors, views and the URL state, talking to the JSON API only.
enum StudioScript {
    static let source = #"""
        "use strict";
        const vocabularies = {
          physics: {label: "Core Animation / CASpringAnimation",
            fields: [["mass", 0.1, 10, 0.01], ["stiffness", 1, 1000, 0.1], ["damping", 0, 100, 0.01]]},
          swiftui: {label: "SwiftUI", fields: [["duration", 0.05, 3, 0.001], ["bounce", -0.99, 0.99, 0.001]]},
          uikit: {label: "UIKit", fields: [["duration", 0.05, 3, 0.001], ["dampingRatio", 0.01, 2, 0.001]]},
          android: {label: "Android (Compose, SpringForce)",
            fields: [["stiffness", 1, 10000, 0.1], ["dampingRatio", 0.01, 2, 0.001]]},
          motion: {label: "Motion (Framer)",
            fields: [["stiffness", 1, 1000, 0.1], ["damping", 0, 100, 0.01], ["mass", 0.1, 10, 0.01]]},
          "react-spring": {label: "react-spring",
            fields: [["tension", 1, 1000, 0.1], ["friction", 0, 100, 0.01], ["mass", 0.1, 10, 0.01]]},
        };
        // The decay's four vocabularies (its spec's forms); Motion's also says "type": "inertia".
        const decayVocabularies = {
          uikit: {label: "UIKit (UIScrollView)", fields: [["decelerationRate", 0.9, 0.9999, 0.0001],
            ["initialVelocity", -5000, 5000, 1]]},
          android: {label: "Android (exponentialDecay, FlingAnimation)",
            fields: [["frictionMultiplier", 0.05, 10, 0.01], ["initialVelocity", -5000, 5000, 1]]},
          flutter: {label: "Flutter (FrictionSimulation)", fields: [["drag", 0.001, 0.999, 0.001],
            ["initialVelocity", -5000, 5000, 1]]},
          motion: {label: "Motion (inertia)", fields: [["velocity", -5000, 5000, 1], ["power", 0.1, 2, 0.01],
            ["timeConstant", 50, 2000, 1]]},
        };
        const wallFields = [["min", -2000, 2000, 1], ["max", -2000, 2000, 1]];
        const targets = {spring: ["physics", "swiftui", "uikit", "android", "motion", "react-spring", "flutter", "css"],
          bezier: ["css"], easing: ["css"], decay: ["uikit", "android", "flutter", "motion", "css"],
          keyframes: ["css"],
          path: [], scene: []};
        // Curves of a fixed duration (the others last until they settle).
        const timedModes = ["bezier", "easing", "keyframes", "path"];
        let state = {mode: "spring", vocabulary: "physics", spring: {mass: 1, stiffness: 100, damping: 10},
          bezier: [0.25, 0.1, 0.25, 1], easing: "steps(4, jump-end)",
          decay: {decelerationRate: 0.998, initialVelocity: 1500}, decayVocabulary: "uikit",
          walls: false, wallRange: {min: 0, max: 500},
          keyframes: '{"values": [0, 100, 50, 200], "keyTimes": [0, 0.25, 0.5, 1], "calculationMode": "cubic"}',
          path: "M20,180 C20,20 260,20 260,180", paced: true, duration: 1,
          scene: JSON.stringify({layers: [{name: "card", values: {bounds: [0, 0, 120, 80], position: [100, 100],
            backgroundColor: [0.12, 0.43, 0.92, 1], cornerRadius: 12}}],
          actions: [{time: 0, add: {layer: "card", key: "slide", animation: {keyPath: "position.x", from: 100, to: 400,
            timing: {duration: 1.5}, timingFunction: {spring: {}}}}}]}, null, 1),
          sceneEnd: 2, sceneTime: 0.5,
          repeatCount: 1, autoreverses: false, fillMode: "forwards", velocity: false};
        const $ = (id) => document.getElementById(id);
        let samples = {time: [], value: []}, cssDuration = 1, cssRange = {from: 0, to: 1}, generation = 0, timer = 0;

        async function api(command, spec, args = []) {
          const response = await fetch("/api/" + command, {method: "POST",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({spec, args})});
          const text = await response.text();
          const timing = /dur=([0-9.]+)/.exec(response.headers.get("Server-Timing") || "");
          if (timing) $("status").dataset[command] = timing[1];
          if (!response.ok) {
            let message = text;
            try { message = JSON.parse(text).error; } catch (_) {}
            throw new Error(message);
          }
          return text;
        }

        function curve() {
          switch (state.mode) {
            case "spring": return {spring: {...state.spring}};
            case "bezier": return {cubicBezier: state.bezier.slice()};
            case "easing": return {css: state.easing};
            case "keyframes": {
              let keyframes;
              try {
                keyframes = JSON.parse(state.keyframes);
              } catch (error) {
                throw new Error("keyframes: " + error.message);
              }
              return {keyframes};
            }
            case "path": return {path: {d: state.path, calculationMode: state.paced ? "paced" : "linear"}};
            default: {
              const decay = {...state.decay};
              if (state.decayVocabulary === "motion") decay.type = "inertia";
              if (state.walls) Object.assign(decay, state.wallRange);
              return {decay};
            }
          }
        }

        // The curve with its media timing; `duration` is one cycle (a spring's or decay's settle time).
        function timed(duration) {
          const spec = curve();
          const repeats = state.repeatCount !== 1 || state.autoreverses;
          if (repeats || timedModes.includes(state.mode) || state.fillMode !== "forwards") {
            spec.timing = {duration, fillMode: state.fillMode};
            if (state.repeatCount !== 1) spec.timing.repeatCount = state.repeatCount;
            if (state.autoreverses) spec.timing.autoreverses = true;
          }
          return spec;
        }

        function field(container, name, min, max, step, value, onChange) {
          const row = document.createElement("div");
          row.className = "field";
          row.innerHTML = `<span>${name}</span>`
            + `<input type="range" id="range-${name}" min="${min}" max="${max}" step="${step}">`
            + `<input type="number" id="field-${name}" step="any">`;
          const range = row.children[1], number = row.children[2];
          range.value = value;
          number.value = Number(value.toPrecision(6));
          range.addEventListener("input", () => { number.value = range.value; onChange(Number(range.value)); });
          number.addEventListener("change", () => { range.value = number.value; onChange(Number(number.value)); });
          container.appendChild(row);
        }

        function buildFields() {
          const springFields = $("spring-fields");
          springFields.innerHTML = "";
          for (const [name, min, max, step] of vocabularies[state.vocabulary].fields) {
            field(springFields, name, min, max, step, state.spring[name], (v) => {
              state.spring[name] = v;
              schedule();
            });
          }
          const decay = $("decay-fields");
          decay.innerHTML = "";
          for (const [name, min, max, step] of decayVocabularies[state.decayVocabulary].fields) {
            field(decay, name, min, max, step, state.decay[name], (v) => { state.decay[name] = v; schedule(); });
          }
          const walls = $("wall-fields");
          walls.innerHTML = "";
          for (const [name, min, max, step] of wallFields) {
            field(walls, name, min, max, step, state.wallRange[name], (v) => {
              state.wallRange[name] = v;
              schedule();
            });
          }
          walls.style.display = state.walls ? "block" : "none";
        }

        function showEditors() {
          for (const mode of Object.keys(targets)) {
            $(mode + "-editor").classList.toggle("active", state.mode === mode);
          }
          $("duration-row").style.display = state.mode === "bezier" || state.mode === "easing"
            || !timedModes.includes(state.mode) ? "none" : "block";
          $("keyframes-text").value = state.keyframes;
          $("path-text").value = state.path;
          $("path-paced").checked = state.paced;
          $("duration").value = state.duration;
          $("scene-text").value = state.scene;
          $("scene-end").value = state.sceneEnd;
          $("scene-time").value = state.sceneTime / state.sceneEnd;
          $("velocity").parentElement.style.display = state.mode === "scene" ? "none" : "block";
          $("fillMode").value = state.fillMode;
          // A path's preview is its own view (the point moving along it); a scene's is its frame.
          for (const lane of document.querySelectorAll("#previews .lane")) {
            lane.style.display = state.mode === "path" || state.mode === "scene" ? "none" : "block";
          }
          $("play").style.display = state.mode === "scene" ? "none" : "inline-block";
          document.querySelector("fieldset").style.display = state.mode === "scene" ? "none" : "block";
          $("mode").value = state.mode;
          $("vocabulary").value = state.vocabulary;
          $("decay-vocabulary").value = state.decayVocabulary;
          $("walls").checked = state.walls;
          $("easing-text").value = state.easing;
          $("repeatCount").value = state.repeatCount;
          $("autoreverses").checked = state.autoreverses;
          $("velocity").checked = state.velocity;
          drawBezier();
        }

        // Switching vocabulary converts the curve (the library's `convert`), so the motion stays the
        // same: `kind` is "spring" or "decay" (a decay without its walls, which every form shares).
        async function switchVocabulary(kind, to) {
          const spring = kind === "spring";
          const current = spring ? state.vocabulary : state.decayVocabulary;
          if (to === current) return;
          window.pending = true;
          try {
            const spec = spring ? {spring: state.spring} : curve();
            if (!spring) for (const key of ["min", "max"]) delete spec.decay[key];
            const answer = JSON.parse(await api("convert", spec, ["--to", to]));
            const converted = spring ? answer : answer.decay, values = {};
            for (const [name] of (spring ? vocabularies : decayVocabularies)[to].fields) {
              values[name] = converted[name];
            }
            if (spring) {
              state.vocabulary = to;
              state.spring = values;
            } else {
              state.decayVocabulary = to;
              state.decay = values;
            }
            buildFields();
            schedule();
          } catch (error) {
            $(spring ? "vocabulary" : "decay-vocabulary").value = current;
            $("error").textContent = error.message;
            window.pending = false;
          }
        }

        function drawBezier() {
          const [x1, y1, x2, y2] = state.bezier;
          $("bezier-curve").setAttribute("d", `M0 0 C${x1} ${-y1} ${x2} ${-y2} 1 -1`);
          const arms = [["arm1", "handle1", 0, 0, x1, y1], ["arm2", "handle2", 1, -1, x2, y2]];
          for (const [arm, handle, ax, ay, x, y] of arms) {
            Object.entries({x1: ax, y1: ay, x2: x, y2: -y}).forEach(([k, v]) => $(arm).setAttribute(k, v));
            $(handle).setAttribute("cx", x);
            $(handle).setAttribute("cy", -y);
          }
          $("bezier-text").value = state.bezier.map((v) => Number(v.toFixed(3))).join(", ");
        }

        function dragHandle(handle, index) {
          const svg = $("bezier");
          handle.addEventListener("pointerdown", (event) => {
            handle.setPointerCapture(event.pointerId);
            const move = (e) => {
              const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
              state.bezier[index] = Math.min(1, Math.max(0, point.x));
              state.bezier[index + 1] = Math.min(1.6, Math.max(-0.6, -point.y));
              drawBezier();
              schedule();
            };
            const up = () => {
              handle.removeEventListener("pointermove", move);
              handle.removeEventListener("pointerup", up);
            };
            handle.addEventListener("pointermove", move);
            handle.addEventListener("pointerup", up);
          });
        }

        function writeURL() {
          history.replaceState(null, "", "#" + encodeURIComponent(JSON.stringify(state)));
        }

        function readURL() {
          if (location.hash.length < 2) return;
          try {
            const saved = JSON.parse(decodeURIComponent(location.hash.slice(1)));
            if (!saved || typeof saved !== "object") return;
            const restored = {...state, ...saved};
            if (!vocabularies[restored.vocabulary] || !targets[restored.mode]) return;
            if (!decayVocabularies[restored.decayVocabulary]) return;
            state = restored;
          } catch (_) {}
        }

        // Whether a change is waiting for its answer (for tests, and the status line).
        window.pending = true;

        function schedule() {
          window.pending = true;
          clearTimeout(timer);
          timer = setTimeout(update, 15);
        }

        // For tests: the latest change's number (the status line's data-generation reaches it when
        // the page has answered that change).
        window.latestGeneration = () => generation;

        // A scene's frames share one viewport: the union of the pictures' own fits at five times.
        let sceneViewport = null, sceneViewportKey = "";

        async function updateScene(mine) {
          let scene;
          try { scene = JSON.parse(state.scene); } catch (error) { throw new Error("scene: " + error.message); }
          const key = state.scene + "|" + state.sceneEnd;
          if (key !== sceneViewportKey) {
            const boxes = await Promise.all([0, 0.25, 0.5, 0.75, 1].map(async (f) => {
              const svg = await api("scene", scene, ["--frame-at", String(f * state.sceneEnd)]);
              return /viewBox="([^"]+)"/.exec(svg)[1].split(" ").map(Number);
            }));
            const x0 = Math.min(...boxes.map((b) => b[0])), y0 = Math.min(...boxes.map((b) => b[1]));
            const x1 = Math.max(...boxes.map((b) => b[0] + b[2])), y1 = Math.max(...boxes.map((b) => b[1] + b[3]));
            sceneViewport = [x0, y0, x1 - x0, y1 - y0].join(",");
            sceneViewportKey = key;
          }
          const svg = await api("scene", scene, ["--frame-at", String(state.sceneTime), "--viewport", sceneViewport]);
          if (mine !== generation) return;
          $("plot").innerHTML = svg;
          $("plot").dataset.viewport = sceneViewport;
          $("settle").textContent = `t = ${state.sceneTime.toFixed(3)} s`;
          showConversions([]);
        }

        async function update() {
          const mine = ++generation;
          for (const command of ["settle", "plot", "sample", "convert"]) delete $("status").dataset[command];
          writeURL();
          $("error").textContent = "";
          try {
            if (state.mode === "scene") {
              await updateScene(mine);
              if (mine === generation) {
                $("status").dataset.generation = String(mine);
                window.pending = false;
              }
              return;
            }
            let cycle = state.mode === "keyframes" || state.mode === "path" ? state.duration : 1;
            if (state.mode === "spring" || state.mode === "decay") cycle = Number(await api("settle", curve()));
            const spec = timed(cycle);
            const total = cycle * state.repeatCount * (state.autoreverses ? 2 : 1);
            const [svg, json, conversions] = await Promise.all([
              api("plot", spec, state.velocity ? ["--velocity"] : []),
              api("sample", spec, ["--start", "0", "--end", String(total), "--fps", "60", "--format", "json"]),
              Promise.all(targets[state.mode].map((to) => api("convert", curve(), ["--to", to]).then(
                (text) => [to, text, null], (error) => [to, null, error.message]))),
            ]);
            if (mine !== generation) return;
            $("plot").innerHTML = svg;
            $("settle").textContent = state.mode === "spring" || state.mode === "decay"
              ? `Settles in ${cycle.toPrecision(6)} s`
                + (total !== cycle ? `; ${total.toPrecision(6)} s with its timing` : "")
              : `${total} s`;
            samples = JSON.parse(json);
            showConversions(conversions);
            showPath();
            const server = $("status").dataset;
            $("status").textContent = "server: " + ["settle", "plot", "sample", "convert"]
              .filter((c) => server[c] !== undefined).map((c) => `${c} ${server[c]} ms`).join(", ");
            $("status").dataset.generation = String(mine);
          } catch (error) {
            if (mine === generation) $("error").textContent = error.message;
          }
          if (mine === generation) {
            $("status").dataset.generation = String(mine);
            window.pending = false;
          }
        }

        function showConversions(rows) {
          const body = $("conversions").querySelector("tbody");
          body.innerHTML = "";
          $("conversions").style.display = rows.length ? "table" : "none";
          for (const [to, text, error] of rows) {
            const row = body.insertRow();
            row.dataset.target = to;
            row.insertCell().textContent = to;
            const cell = row.insertCell();
            if (error) { cell.textContent = error; continue; }
            const data = JSON.parse(text);
            const code = document.createElement("code");
            code.textContent = to === "css" ? data.css : text.trim();
            cell.appendChild(code);
            if (to === "css") {
              const note = document.createElement("div");
              note.className = "hint";
              note.textContent = `${data.stops} stops, largest error ${Number(data.maxError).toExponential(2)}`;
              cell.appendChild(note);
              cssDuration = data.duration || (timedModes.includes(state.mode) ? state.duration : 1);
              cssRange = {from: data.from ?? 0, to: data.to ?? 1};
              const box = $("css-box");
              box.style.animationTimingFunction = data.css;
              box.dataset.css = data.css;
            }
            const copy = document.createElement("button");
            copy.type = "button";
            copy.textContent = "Copy";
            copy.addEventListener("click", () => {
              if (navigator.clipboard) navigator.clipboard.writeText(code.textContent);
            });
            row.insertCell().appendChild(copy);
          }
        }

        // The path mode's view: the path, and the point placed from the library's samples.
        function showPath() {
          if (state.mode !== "path") return;
          $("path-line").setAttribute("d", state.path);
          const x = samples["value.0"] || [], y = samples["value.1"] || [];
          if (x.length) {
            $("path-dot").setAttribute("cx", x[0]);
            $("path-dot").setAttribute("cy", y[0]);
          }
        }

        function playPath() {
          const x = samples["value.0"] || [], y = samples["value.1"] || [], dot = $("path-dot");
          const start = performance.now();
          const step = (now) => {
            const i = Math.min(x.length - 1, Math.round((now - start) / 1000 * 60));
            if (i >= 0) { dot.setAttribute("cx", x[i]); dot.setAttribute("cy", y[i]); }
            if (i < x.length - 1) requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }

        function play() {
          if (state.mode === "path") { playPath(); return; }
          const travel = $("css-box").parentElement.clientWidth - 40;
          const box = $("css-box");
          box.style.setProperty("--travel", travel + "px");
          box.style.animation = "none";
          void box.offsetWidth;
          box.style.animation = `slide ${cssDuration}s ${box.dataset.css || "linear"} 1 both`;
          const start = performance.now(), js = $("js-box");
          // Progress from 0 to 1: keyframes between their first and last values, a decay from its
          // start to where it rests.
          const last = samples.value.length - 1;
          const range = state.mode === "keyframes" ? cssRange
            : state.mode === "decay" ? {from: samples.value[0], to: samples.value[last]} : {from: 0, to: 1};
          const step = (now) => {
            const i = Math.min(samples.value.length - 1, Math.round((now - start) / 1000 * 60));
            const v = (samples.value[i] - range.from) / (range.to - range.from || 1);
            if (i >= 0) {
              js.style.transform = `translateX(${v * travel}px) scale(${0.5 + 0.5 * v})`;
              js.style.opacity = String(0.25 + 0.75 * v);
            }
            if (i < samples.value.length - 1) requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }

        for (const [name, v] of Object.entries(vocabularies)) $("vocabulary").add(new Option(v.label, name));
        for (const [name, v] of Object.entries(decayVocabularies)) $("decay-vocabulary").add(new Option(v.label, name));
        readURL();
        buildFields();
        showEditors();
        $("mode").addEventListener("change", () => { state.mode = $("mode").value; showEditors(); schedule(); });
        $("vocabulary").addEventListener("change", () => switchVocabulary("spring", $("vocabulary").value));
        $("decay-vocabulary").addEventListener("change", () => switchVocabulary("decay", $("decay-vocabulary").value));
        $("walls").addEventListener("change", () => {
          state.walls = $("walls").checked;
          buildFields();
          schedule();
        });
        $("easing-text").addEventListener("input", () => { state.easing = $("easing-text").value; schedule(); });
        $("bezier-text").addEventListener("change", () => {
          const numbers = $("bezier-text").value.split(",").map(Number);
          if (numbers.length !== 4 || !numbers.every(Number.isFinite)) return;
          state.bezier = numbers;
          drawBezier();
          schedule();
        });
        $("repeatCount").addEventListener("change", () => {
          state.repeatCount = Number($("repeatCount").value) || 1;
          schedule();
        });
        $("autoreverses").addEventListener("change", () => {
          state.autoreverses = $("autoreverses").checked;
          schedule();
        });
        $("velocity").addEventListener("change", () => { state.velocity = $("velocity").checked; schedule(); });
        $("keyframes-text").addEventListener("input", () => {
          state.keyframes = $("keyframes-text").value;
          schedule();
        });
        $("path-text").addEventListener("input", () => { state.path = $("path-text").value; schedule(); });
        $("path-paced").addEventListener("change", () => { state.paced = $("path-paced").checked; schedule(); });
        $("duration").addEventListener("change", () => {
          state.duration = Number($("duration").value) || 1;
          schedule();
        });
        $("fillMode").addEventListener("change", () => { state.fillMode = $("fillMode").value; schedule(); });
        $("scene-text").addEventListener("input", () => { state.scene = $("scene-text").value; schedule(); });
        $("scene-end").addEventListener("change", () => {
          state.sceneEnd = Number($("scene-end").value) || 2;
          schedule();
        });
        $("scene-time").addEventListener("input", () => {
          state.sceneTime = Number($("scene-time").value) * state.sceneEnd;
          schedule();
        });
        // A scene file is read by the page and sent as JSON: the server opens no files.
        $("scene-file").addEventListener("change", async () => {
          const file = $("scene-file").files[0];
          if (!file) return;
          state.scene = await file.text();
          $("scene-text").value = state.scene;
          schedule();
        });
        $("play").addEventListener("click", play);
        // A link opened in this tab (only the fragment changed): its state.
        window.addEventListener("hashchange", () => {
          if (decodeURIComponent(location.hash.slice(1)) === JSON.stringify(state)) return;
          readURL();
          buildFields();
          showEditors();
          schedule();
        });
        dragHandle($("handle1"), 0);
        dragHandle($("handle2"), 2);
        update();
        """#
}
