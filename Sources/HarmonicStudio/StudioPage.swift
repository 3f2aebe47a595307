/// The pages the studio serves, built into the binary.
enum StudioPage {
    /// `GET /`: what the server offers. It documents the JSON API; the interactive editor (springs
    /// in every vocabulary, Bézier handles, previews) is not built yet, and the page says so.
    static let index = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Harmonic Studio</title>
        <style>body{font:15px/1.5 system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em}
        code,pre{font:13px ui-monospace,monospace;background:#f4f4f4}pre{padding:.6em}</style></head>
        <body><h1>Harmonic Studio</h1>
        <p>This server answers the tool's commands over HTTP. The interactive editor is not part of
        this build yet; the JSON API below is complete.</p>
        <h2>API</h2>
        <p><code>POST /api/COMMAND</code> with <code>{"spec": …, "args": […]}</code>, COMMAND one of
        <code>sample</code>, <code>settle</code>, <code>convert</code>, <code>plot</code>,
        <code>scene</code>: the answer is what <code>harmonic COMMAND SPEC ARGS…</code> writes
        (CSV, JSON, SVG, PNG or text). A refusal is HTTP 400 with <code>{"error": "…"}</code>,
        the tool's one-line message.</p>
        <pre>curl -s localhost:8765/api/sample -d '{"spec": {"spring": {}}, "args": ["--count", "3"]}'</pre>
        <p><code>GET /api/version</code>: the tool's version.</p>
        </body></html>
        """
}
