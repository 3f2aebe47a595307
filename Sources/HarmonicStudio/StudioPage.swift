/// The page the studio serves at `/`, built into the binary with its script and style: no
/// request leaves the server (no CDN, no web fonts).
///
/// Editors on the left (a spring in any of the library's vocabularies, a cubic Bézier with
/// draggable handles, a CSS easing, a decay; media timing for all), views on the right: the
/// tool's own plot with the settle time, two previews — one animated by the browser with the
/// CSS `linear()` easing the library exports, one moved frame by frame from the library's
/// samples — and every conversion with a copy button. The state is kept in the URL's fragment,
/// so a link reproduces it.
enum StudioPage {
    static var index: String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Harmonic Studio</title><link rel="icon" href="data:,">
        <style>\(style)</style></head>
        <body>
        <header><h1>Harmonic Studio</h1>
        <label>Curve <select id="mode">
        <option value="spring">Spring</option><option value="bezier">Cubic Bézier</option>
        <option value="easing">CSS easing</option><option value="decay">Decay</option>
        <option value="keyframes">Keyframes</option><option value="path">Path</option>
        <option value="scene">Scene</option></select></label>
        <span id="status" role="status"></span></header>
        <main>
        <section id="editors">
        <div id="spring-editor" class="editor">
        <label>Vocabulary <select id="vocabulary"></select></label>
        <div id="spring-fields"></div></div>
        <div id="bezier-editor" class="editor">
        <svg id="bezier" viewBox="-0.25 -0.65 1.5 2.3" width="240" height="368" aria-label="Bézier handles">
        <rect x="0" y="-1" width="1" height="1" class="frame"/>
        <path id="bezier-curve" class="curve"/>
        <line id="arm1" class="arm"/><line id="arm2" class="arm"/>
        <circle id="handle1" class="handle" r="0.045"/><circle id="handle2" class="handle" r="0.045"/></svg>
        <label>Control points <input id="bezier-text" size="28"></label></div>
        <div id="easing-editor" class="editor">
        <label>CSS easing <input id="easing-text" size="34" value="steps(4, jump-end)"></label>
        <p class="hint">steps(), linear(), cubic-bezier() or a keyword</p></div>
        <div id="decay-editor" class="editor">
        <label>Vocabulary <select id="decay-vocabulary"></select></label>
        <div id="decay-fields"></div>
        <label><input id="walls" type="checkbox"> walls (a spring bounce at min and max)</label>
        <div id="wall-fields"></div></div>
        <div id="keyframes-editor" class="editor">
        <label>CAKeyframeAnimation <textarea id="keyframes-text" rows="6" cols="34"></textarea></label>
        <p class="hint">values, keyTimes, calculationMode (linear, discrete, paced, cubic, cubicPaced),
        timingFunctions, tension/continuity/bias</p></div>
        <div id="path-editor" class="editor">
        <label>SVG path <input id="path-text" size="34"></label>
        <label><input id="path-paced" type="checkbox"> constant speed (paced)</label>
        <svg id="path-view" width="280" height="200" aria-label="the path and the point moving along it">
        <path id="path-line" class="curve-px"/><circle id="path-dot" r="6" class="dot"/></svg></div>
        <div id="scene-editor" class="editor">
        <label>Scene (harmonic scene's JSON) <textarea id="scene-text" rows="10" cols="34"></textarea></label>
        <label>Open a scene file <input id="scene-file" type="file" accept=".json,application/json"></label>
        <label>end (s) <input id="scene-end" type="number" min="0.1" max="600" step="0.1" value="2"></label>
        <label>time <input id="scene-time" type="range" min="0" max="1" step="0.001" value="0"></label></div>
        <label id="duration-row">duration (s) <input id="duration" type="number" min="0.05" max="60" step="0.05"
        value="1"></label>
        <fieldset><legend>Media timing</legend>
        <label>repeatCount <input id="repeatCount" type="number" min="0" max="100" step="0.5" value="1"></label>
        <label><input id="autoreverses" type="checkbox"> autoreverses</label>
        <label>fillMode <select id="fillMode"><option>forwards</option><option>both</option>
        <option>backwards</option><option>removed</option></select></label></fieldset>
        <label><input id="velocity" type="checkbox"> plot the velocity</label>
        </section>
        <section id="views">
        <div id="plot" aria-label="plot"></div>
        <p id="settle"></p>
        <div id="previews"><button id="play" type="button">Play</button>
        <div class="lane"><span>CSS linear()</span><div id="css-box" class="box"></div></div>
        <div class="lane"><span>frame by frame</span><div id="js-box" class="box"></div></div></div>
        <table id="conversions"><thead><tr><th>Platform</th><th>Parameters</th><th></th></tr></thead>
        <tbody></tbody></table>
        <p id="error" role="alert"></p>
        </section></main>
        <script>\(StudioScript.source)</script>
        </body></html>
        """
    }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#222}
        header{display:flex;gap:1.5em;align-items:center;padding:.5em 1em;border-bottom:1px solid #ddd}
        h1{font-size:1.2em;margin:0}main{display:flex;gap:1.5em;padding:1em;flex-wrap:wrap}
        #editors{flex:0 0 300px}#views{flex:1 1 600px;min-width:0}.editor{display:none}
        .editor.active{display:block}label{display:block;margin:.35em 0}
        .field{display:grid;grid-template-columns:7em 1fr 5.5em;gap:.4em;align-items:center}
        .field input[type=number]{width:5.5em}#plot svg{width:100%;height:auto;max-height:360px}
        .frame{fill:#fafafa;stroke:#bbb;stroke-width:.01}.curve{fill:none;stroke:#1f6feb;stroke-width:.02}
        .arm{stroke:#888;stroke-width:.01}.handle{fill:#e5534b;cursor:grab}
        .curve-px{fill:none;stroke:#1f6feb;stroke-width:2}.dot{fill:#2da44e}#path-view{background:#fafafa}
        #previews .lane{position:relative;height:34px;margin:.3em 0;background:#f3f3f3;border-radius:4px}
        #previews .lane span{position:absolute;right:.5em;top:.5em;color:#888;font-size:12px}
        .box{position:absolute;left:0;top:3px;width:28px;height:28px;border-radius:5px;background:#1f6feb}
        #js-box{background:#2da44e}table{border-collapse:collapse;width:100%;margin-top:.8em}
        td,th{border-bottom:1px solid #eee;padding:.3em;text-align:left;vertical-align:top}
        td code{font:12px ui-monospace,monospace;word-break:break-all}#error{color:#b42318}
        .hint{color:#777;font-size:12px;margin:0}#status{color:#777;font-size:12px}
        @keyframes slide{from{transform:translateX(0) scale(.5);opacity:.25}
        to{transform:translateX(var(--travel,300px)) scale(1);opacity:1}}
        """
}
