"""The same Lottie frame drawn by Harmonic (`harmonic lottie … --format png`), ThorVG
(thorvg-python) and rlottie (rlottie-python), as premultiplied RGBA arrays of the same size.

Both players hand back premultiplied pixels (a white square at 50 % reads (127, 127, 127, 127));
Harmonic's PNG holds straight alpha and is premultiplied here."""

import os
import subprocess
import tempfile

import numpy as np
from PIL import Image


def harmonic(binary, text, frame, size, player="direct", report=None):
    """Harmonic's frame; with player="engine" as the engine plays it, and `report` (a list)
    receiving what the engine leaves out."""
    with tempfile.TemporaryDirectory() as folder:
        source, out = os.path.join(folder, "a.json"), os.path.join(folder, "a.png")
        with open(source, "w") as f:
            f.write(text)
        run = subprocess.run([binary, "lottie", source, "--frame", repr(float(frame)), "--format", "png",
                              "--width", str(size), "--height", str(size), "--output", out, "--player", player],
                             check=True, capture_output=True, text=True)
        if report is not None:
            report.extend(line for line in run.stderr.splitlines() if line)
        straight = np.asarray(Image.open(out).convert("RGBA")).astype(float)
        return np.concatenate([straight[..., :3] * straight[..., 3:] / 255, straight[..., 3:]], axis=-1)


def thorvg(text, frame, size):
    import thorvg_python as tvg
    engine = tvg.Engine()
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load_data(text.encode(), "lottie", None, True)
    picture.set_size(size, size)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size, size)
    canvas.add(picture)
    animation.set_frame(frame)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    return np.asarray(canvas.get_pillow().convert("RGBA")).astype(float)


def rlottie(text, frame, size):
    import rlottie_python as rl
    animation = rl.LottieAnimation.from_data(text)
    # rlottie draws whole frames only.
    image = animation.render_pillow_frame(frame_num=int(frame), width=size, height=size)
    return np.asarray(image.convert("RGBA")).astype(float)


def difference(a, b):
    """Mean absolute difference of premultiplied colour and alpha (0…255), and the share of
    pixels whose coverage differs by more than half."""
    mean = float(np.abs(a - b).mean())
    coverage = float((np.abs(a[..., 3] - b[..., 3]) > 128).mean())
    return mean, coverage
