"""Hand-written Lottie animations, one per feature group, for the cross-player tests.

Each builder returns a Lottie document (a dict) small enough to read: the features it exercises
are named in its docstring. They follow the Lottie specification (validated against the
lottie-specs JSON schema in test_players.py).
"""

EASE = {"o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}
OVERSHOOT = {"o": {"x": [0.3], "y": [0]}, "i": {"x": [0.6], "y": [1.6]}}
# Exporters write tangents on every keyframe that does not hold; rlottie holds without them.
LINEAR = {"o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}


def value(v):
    return {"a": 0, "k": v}


def keys(*frames):
    """Keyframes from (frame, value, extra) triples; linear unless `extra` eases or holds. The
    last keyframe carries only its time and value, as exporters write it (rlottie misreads a
    last keyframe with tangents)."""
    def key(t, s, extra, last):
        if not last and "o" not in extra and not extra.get("h"):
            extra = {**LINEAR, **extra}
        return dict(t=t, s=s if isinstance(s, list) else [s], **extra)
    return {"a": 1, "k": [key(*frame, k == len(frames) - 1) for k, frame in enumerate(frames)]}


def transform(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100, **extra):
    def wrap(x):
        return x if isinstance(x, dict) else value(list(x) if isinstance(x, tuple) else x)
    out = {"a": wrap(a), "p": wrap(p), "s": wrap(s), "r": wrap(r), "o": wrap(o)}
    out.update(extra)
    return out


def shape_layer(ind, name, ks, shapes, **extra):
    layer = {"ddd": 0, "ty": 4, "ind": ind, "nm": name, "ip": 0, "op": 120, "st": 0, "sr": 1, "ks": ks,
             "shapes": shapes}
    layer.update(extra)
    return layer


def group(items, **tr):
    return {"ty": "gr", "it": items + [dict(ty="tr", **transform(**tr))]}


def fill(rgb, o=100):
    return {"ty": "fl", "c": value(list(rgb) + [1]), "o": value(o), "r": 1}


def stroke(rgb, w, lc=2, lj=2, dashes=None):
    out = {"ty": "st", "c": value(list(rgb) + [1]), "o": value(100), "w": value(w), "lc": lc, "lj": lj, "ml": 4}
    if dashes:
        out["d"] = [{"n": n, "nm": n, "v": value(v)} for (n, v) in dashes]
    return out


def rect(w, h, p=(0, 0), r=0):
    return {"ty": "rc", "p": value(list(p)), "s": value([w, h]), "r": value(r)}


def ellipse(w, h, p=(0, 0)):
    return {"ty": "el", "p": value(list(p)), "s": value([w, h])}


def star(points, outer, inner=None, p=(0, 0), r=0):
    out = {"ty": "sr", "sy": 1 if inner is not None else 2, "pt": value(points), "p": value(list(p)), "r": value(r),
           "or": value(outer), "os": value(0)}
    if inner is not None:
        out.update({"ir": value(inner), "is": value(0)})
    return out


def document(layers, w=200, h=200, fr=30, op=120, assets=()):
    return {"v": "5.7.4", "fr": fr, "ip": 0, "op": op, "w": w, "h": h, "nm": "case", "ddd": 0,
            "assets": list(assets), "layers": layers}


def shapes():
    """Rectangles (sharp and rounded), ellipses, a star and a polygon; fills and strokes
    with caps and joins; a group's scale and rotation; paint order."""
    return document([
        shape_layer(1, "top", transform(p=(100, 100)), [
            group([rect(60, 30, r=8), stroke((0.1, 0.1, 0.1), 4), fill((1, 0.6, 0.2))], p=(-40, -50), r=15),
            group([ellipse(50, 30), fill((0.2, 0.5, 0.9))], p=(45, -45), s=(120, 80)),
            group([star(5, 30, 13), fill((0.9, 0.8, 0.1)), stroke((0.4, 0.2, 0), 2, lj=1)], p=(-45, 45), r=10),
            group([star(6, 28), stroke((0.2, 0.7, 0.3), 5, lc=1, lj=3)], p=(45, 45)),
        ]),
    ])


def motion():
    """Eased and overshooting keyframes, a curved spatial path (to/ti), scale, rotation, skew,
    opacity, and a parent chain (a null that moves and turns)."""
    mover = shape_layer(2, "mover", transform(
        p=keys((0, [40, 160], dict(to=[30, -120], ti=[-40, -60], **EASE)), (60, [160, 60], {})),
        r=keys((0, 0, OVERSHOOT), (60, 90, {})),
        s=keys((0, [100, 100], EASE), (60, [60, 140], {})),
        o=keys((0, 100, {}), (60, 40, {})),
        sk=value(10), sa=value(30)),
        [rect(30, 30), fill((0.85, 0.2, 0.3))])
    parent = {"ddd": 0, "ty": 3, "ind": 1, "nm": "parent", "ip": 0, "op": 120, "st": 0, "sr": 1,
              "ks": transform(p=keys((0, [100, 100], EASE), (90, [110, 90], {})), a=(100, 100),
                              r=keys((0, 0, {}), (90, 20, {})))}
    child = shape_layer(3, "child", transform(p=(60, 0)), [ellipse(20, 20), fill((0.1, 0.6, 0.4))], parent=1)
    mover["parent"] = 1
    return document([child, mover, parent])


def holds():
    """Hold keyframes: the value jumps exactly at the next keyframe's frame."""
    return document([
        shape_layer(1, "hold", transform(
            p=keys((0, [50, 100], {"h": 1}), (20, [150, 100], {"h": 1}), (40, [100, 50], {})),
            r=keys((0, 0, {"h": 1}), (30, 45, {}))),
            [rect(40, 40), fill((0.3, 0.3, 0.8))]),
    ])


def precomps():
    """A precomposition stretched (sr 2) and started late (st), and one time-remapped."""
    inner = shape_layer(1, "spinner", transform(p=(40, 40), r=keys((0, 0, {}), (60, 180, {}))),
                        [rect(50, 12), fill((0.2, 0.2, 0.2))])
    return document([
        {"ddd": 0, "ty": 0, "ind": 1, "nm": "stretched", "refId": "spin", "w": 80, "h": 80, "ip": 0, "op": 120,
         "st": 10, "sr": 2, "ks": transform(p=(60, 100), a=(40, 40))},
        {"ddd": 0, "ty": 0, "ind": 2, "nm": "remapped", "refId": "spin", "w": 80, "h": 80, "ip": 0, "op": 120,
         "st": 0, "sr": 1, "ks": transform(p=(140, 100), a=(40, 40)),
         "tm": keys((0, 1.5, {}), (60, 0.25, {}))},
    ], assets=[{"id": "spin", "layers": [inner]}])


def trims():
    """Trim paths: a rectangle trimmed with a moving offset (simultaneous) and two shapes trimmed
    as one (individually)."""
    return document([
        shape_layer(1, "simultaneous", transform(p=(100, 60)), [
            rect(120, 60),
            {"ty": "tm", "s": keys((0, 0, {}), (60, 30, {})), "e": keys((0, 40, {}), (60, 90, {})),
             "o": keys((0, 0, {}), (60, 200, {})), "m": 1},
            stroke((0.1, 0.4, 0.8), 6, lc=1),
        ]),
        shape_layer(2, "individually", transform(p=(100, 150)), [
            rect(60, 30, p=(-40, 0)),
            rect(40, 40, p=(40, 0)),
            {"ty": "tm", "s": value(10), "e": keys((0, 20, {}), (60, 95, {})), "o": value(0), "m": 2},
            stroke((0.8, 0.3, 0.1), 4, lc=1),
        ]),
    ])


def corners():
    """Round Corners: a rectangle, a star and an open path (its ends stay sharp) rounded by a
    fixed radius, and a triangle whose radius grows past half its sides (the sides limit it)."""
    zig = {"ty": "sh", "ks": value({"c": False, "v": [[-60, 20], [-20, -20], [20, 20], [60, -20]],
                                    "i": [[0, 0]] * 4, "o": [[0, 0]] * 4})}
    tri = {"ty": "sh", "ks": value({"c": True, "v": [[0, -35], [35, 30], [-35, 30]], "i": [[0, 0]] * 3,
                                    "o": [[0, 0]] * 3})}
    return document([
        shape_layer(1, "fixed", transform(p=(100, 100)), [
            group([rect(60, 40), fill((0.2, 0.6, 0.9))], p=(-50, -50)),
            group([star(5, 32, 14), fill((0.95, 0.7, 0.1))], p=(50, -50)),
            group([zig, stroke((0.2, 0.2, 0.2), 4, lc=1, lj=1)], p=(0, 10)),
            {"ty": "rd", "r": value(8)},
        ]),
        shape_layer(2, "growing", transform(p=(100, 155)), [
            tri, {"ty": "rd", "r": keys((0, 0, {}), (60, 60, {}))}, fill((0.8, 0.2, 0.4)),
        ]),
    ])


def gradient(kind, start, end, stops, alphas=(), stroke=None, h=0, a=0):
    """A gradient fill (or, with `stroke` a width, a gradient stroke): colour stops
    (offset, r, g, b) and opacity stops (offset, alpha)."""
    flat = [x for stop in stops for x in stop] + [x for stop in alphas for x in stop]
    out = {"ty": "gs" if stroke else "gf", "t": 2 if kind == "radial" else 1, "s": value(list(start)),
           "e": value(list(end)), "h": h if isinstance(h, dict) else value(h),
           "a": a if isinstance(a, dict) else value(a), "o": value(100), "r": 1,
           "g": {"p": len(stops), "k": value(flat)}}
    if stroke:
        out.update({"w": value(stroke), "lc": 2, "lj": 2, "ml": 4})
    return out


def gradients():
    """Linear and radial gradient fills (a highlight moved off centre, animated; a hard edge, two
    stops at one offset) and a gradient stroke. (Opacity stops are checked by pixels in Tests/HarmonicLottieTests: ThorVG and
    rlottie draw them differently from each other.)"""
    return document([
        shape_layer(1, "gradients", transform(p=(100, 100)), [
            group([rect(80, 60), gradient("linear", (-40, 0), (40, 0), [(0, 1, 0, 0), (0.5, 1, 1, 0), (1, 0, 0, 1)])],
                  p=(-45, -50)),
            group([ellipse(80, 80), gradient("radial", (0, 0), (40, 0), [(0, 1, 1, 1), (1, 0.1, 0.3, 0.6)],
                                             h=keys((0, 0, {}), (60, 60, {})), a=value(45))], p=(45, -50)),
            group([rect(80, 60), gradient("linear", (0, -30), (0, 30), [(0, 0, 0.6, 0.3), (0.4, 1, 1, 1),
                                                                        (0.4, 0.9, 0.1, 0.1), (1, 0.2, 0.2, 0.2)])],
                  p=(-45, 50)),
            group([ellipse(60, 60), gradient("linear", (-30, -30), (30, 30), [(0, 1, 0.5, 0), (1, 0.4, 0, 0.8)],
                                             stroke=8)], p=(45, 50)),
        ]),
    ])


def bezier_rect(x0, y0, x1, y1):
    """A closed Bézier rectangle (a mask path)."""
    return {"c": True, "v": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "i": [[0, 0]] * 4, "o": [[0, 0]] * 4}


def mask(mode, shape, o=100, inv=False):
    return {"mode": mode, "pt": value(shape), "o": value(o), "x": value(0), "inv": inv}


def masks():
    """Layer masks: add, subtract, intersect (a moving one) and mask opacity. (Inverted masks are
    checked by pixels in Tests/HarmonicLottieTests: ThorVG draws the inside, After Effects and
    Harmonic the outside. ThorVG also drops an add that follows a subtract, and a subtract that
    follows a half-opaque add, so each layer here keeps to the chains it draws as After Effects
    does; rlottie-python draws no masks.)"""
    square = [rect(160, 160), fill((0.2, 0.4, 0.8))]
    return document([
        shape_layer(1, "added", transform(), [group(square, p=(100, 100))], masksProperties=[
            mask("a", bezier_rect(10, 10, 90, 90)), mask("s", bezier_rect(30, 30, 60, 60)),
        ]),
        shape_layer(3, "half", transform(), [group(square, p=(100, 100))], masksProperties=[
            mask("a", bezier_rect(110, 110, 190, 190), o=50),
        ]),
        shape_layer(2, "intersected", transform(), [group([rect(60, 60), fill((0.9, 0.3, 0.2))], p=(150, 50))],
                    masksProperties=[
                        mask("a", bezier_rect(120, 20, 200, 80)),
                        {"mode": "i", "o": value(100), "x": value(0), "inv": False,
                         "pt": keys((0, bezier_rect(100, 0, 140, 100), {}), (60, bezier_rect(160, 0, 200, 100), {}))},
                    ]),
    ])


def mask_modes():
    """Lighten, darken and difference masks over two overlapping rectangles A and B, at mask
    opacities that tell them from add and intersect, and a mask whose expansion moves from
    −10 to 12 px (ThorVG draws these; rlottie-python draws no masks)."""
    square = [rect(100, 280), fill((0.9, 0.6, 0.1))]

    def column(ind, name, x, modes):
        return shape_layer(ind, name, transform(p=(x, 0)), [group(square, p=(50, 150))], masksProperties=modes)

    a, b = bezier_rect(0, 20, 60, 120), bezier_rect(30, 60, 90, 160)
    c, d = bezier_rect(0, 150, 60, 250), bezier_rect(30, 190, 90, 290)
    return document([
        column(1, "lighten", 0, [mask("a", a, o=50), mask("l", b, o=50), mask("a", c), mask("l", d, o=50)]),
        column(2, "darken", 100, [mask("a", a, o=50), mask("d", b)]),
        column(3, "difference", 200, [mask("a", a), mask("f", b, o=100), mask("a", c, o=50), mask("f", d, o=100)]),
        column(4, "expanded", 290, [
            dict(mask("a", bezier_rect(30, 40, 80, 140)), x=keys((0, [-10], {}), (60, [12], {}))),
            dict(mask("s", bezier_rect(30, 200, 80, 260)), x=value(6)),
        ]),
    ], w=400, h=400)


def threed():
    """3-D layers without a camera: tilts about x and y, an orientation, all three rotations
    together and an animated one, projected orthographically as ThorVG draws them (rlottie
    leaves out the orientation and mixes the axes' order)."""
    def layer3d(ind, name, p, rx=0, ry=0, rz=0, o=(0, 0, 0), color=(0.3, 0.6, 0.9)):
        ks = dict(transform(), a=value([0, 0, 0]), p=value([p[0], p[1], 0]), s=value([100, 100, 100]),
                  rx=rx if isinstance(rx, dict) else value(rx), ry=value(ry), rz=value(rz), **{"or": value(list(o))})
        del ks["r"]
        return shape_layer(ind, name, ks, [rect(80, 50), fill(color)], ddd=1)
    return document([
        layer3d(1, "tilted", (60, 60), rx=60),
        layer3d(2, "turned", (180, 60), ry=50, color=(0.9, 0.5, 0.2)),
        layer3d(3, "oriented", (60, 160), rx=30, o=(0, 40, 25), color=(0.4, 0.8, 0.3)),
        layer3d(4, "all", (180, 160), rx=40, ry=30, rz=20, o=(10, -20, 15), color=(0.8, 0.3, 0.6)),
        layer3d(5, "spinning", (120, 110), rx=keys((0, [0], {}), (60, [180], {})), color=(0.2, 0.2, 0.2)),
    ], w=240, h=240)


def mattes():
    """Track mattes: alpha and alpha inverted through the layer above (td 1), and luma through
    a layer named by tp."""
    def matte_source(ind, name, p, color=(1, 1, 1), o=100):
        return shape_layer(ind, name, transform(p=p, o=o), [ellipse(70, 70), fill(color)], td=1)

    def matted(ind, p, tt, color, **extra):
        return shape_layer(ind, f"matted{ind}", transform(p=p), [rect(80, 80), fill(color)], tt=tt, **extra)

    return document([
        matte_source(1, "alphaMatte", keys((0, [50, 50], {}), (60, [70, 60], {})), o=70),
        matted(2, (60, 50), 1, (0.9, 0.2, 0.2)),
        matte_source(3, "invertedMatte", (150, 50)),
        matted(4, (140, 60), 2, (0.2, 0.6, 0.9)),
        matte_source(5, "lumaMatte", (100, 150), color=(0.5, 0.5, 0.5)),
        shape_layer(6, "spacer", transform(p=(0, 0)), []),
        matted(7, (110, 150), 3, (0.3, 0.8, 0.3), tp=5),
    ])


def blends():
    """Layer blend modes over a two-colour background: multiply, screen, difference and
    overlay."""
    def square(ind, p, rgb, bm):
        return shape_layer(ind, f"blend{bm}", transform(p=p), [rect(70, 70), fill(rgb)], bm=bm)
    background = shape_layer(9, "background", transform(p=(100, 100)), [
        group([rect(200, 100), fill((0.9, 0.6, 0.1))], p=(0, -50)),
        group([rect(200, 100), fill((0.2, 0.3, 0.7))], p=(0, 50)),
    ])
    return document([
        square(1, (55, 55), (0.5, 0.8, 0.9), 1), square(2, (145, 55), (0.3, 0.5, 0.2), 2),
        square(3, (55, 145), (0.7, 0.2, 0.6), 10), square(4, (145, 145), (0.4, 0.9, 0.5), 3), background,
    ])


def adds():
    """After Effects' Add blend mode (CSS plus-lighter): two overlapping squares, one 60 %
    opaque, added to a two-colour background and to each other (the sum clamps)."""
    background = shape_layer(9, "background", transform(p=(100, 100)), [
        group([rect(200, 100), fill((0.5, 0.3, 0.1))], p=(0, -50)),
        group([rect(200, 100), fill((0.1, 0.2, 0.4))], p=(0, 50)),
    ])
    return document([
        shape_layer(1, "added", transform(p=(120, 110)), [rect(80, 80), fill((0.4, 0.5, 0.2))], bm=16),
        shape_layer(2, "faded", transform(p=(80, 90), o=60), [rect(90, 90), fill((0.3, 0.2, 0.6))], bm=16),
        background,
    ])


def repeater(copies, offset=0, p=(0, 0), a=(0, 0), s=(100, 100), r=0, so=100, eo=100, m=1):
    """A repeater; each part a fixed value (numbers or a tuple) or keyframes (`keys`)."""
    def prop(v):
        return v if isinstance(v, dict) else value(list(v) if isinstance(v, tuple) else v)
    return {"ty": "rp", "c": prop(copies), "o": prop(offset), "m": m,
            "tr": {"ty": "tr", "p": prop(p), "a": prop(a), "s": prop(s), "r": prop(r),
                   "so": prop(so), "eo": prop(eo)}}


def repeaters():
    """Repeaters: a row of squares stepping right and turning from a half-step offset; a fan of
    ellipses rotated with shrinking scale, stacked below; an animated copy count; a row sliding
    while its scale step grows. (Start and end
    opacity are checked in Tests/HarmonicLottieTests: After Effects gives the first copy the start
    opacity and the last the end; ThorVG fades copy k by (k + 1)/n, rlottie by k/n.)"""
    return document([
        shape_layer(1, "row", transform(p=(20, 40)), [
            rect(24, 24), fill((0.9, 0.3, 0.2)), stroke((0.2, 0.1, 0.1), 2),
            repeater(6, offset=0.5, p=(28, 0), r=15),
        ]),
        shape_layer(2, "fan", transform(p=(100, 140)), [
            group([ellipse(60, 20, p=(40, 0)), fill((0.2, 0.5, 0.9))]),
            repeater(8, p=(0, 0), r=45, s=(92, 92), m=2),
        ]),
        shape_layer(3, "growing", transform(p=(20, 180)), [
            rect(10, 10), fill((0.1, 0.7, 0.3)),
            repeater(keys((0, 1, {}), (60, 12, {})), p=(15, 0)),
        ]),
        shape_layer(4, "breathing", transform(p=(20, 100)), [
            rect(8, 8), fill((0.8, 0.6, 0.1)),
            repeater(5, offset=keys((0, [0], {}), (60, [1], {})), p=(22, 0),
                     s=keys((0, [80, 80], {}), (60, [115, 105], {}))),
        ]),
    ])


def glyph(ch, advance, contours):
    """A glyph of the font "Box" at size 100: `contours` lists closed polygons (vertices, or
    (vertex, in, out) triples for curves), baseline at y = 0, y down."""
    def path(contour):
        points = [c if len(c) == 3 else (c, (0, 0), (0, 0)) for c in contour]
        return {"ty": "sh", "ks": value({"c": True, "v": [list(v) for v, _, _ in points],
                                         "i": [list(i) for _, i, _ in points], "o": [list(o) for _, _, o in points]})}
    return {"ch": ch, "size": 100, "style": "Regular", "fFamily": "Box", "w": advance,
            "data": {"shapes": [{"ty": "gr", "it": [path(c) for c in contours]}] if contours else []}}


def ring(cx, cy, r, clockwise=True):
    """A circle of four cubic arcs (0.5523 r handles), either way round."""
    k = 0.5523 * r
    points = [((cx, cy - r), (-k, 0), (k, 0)), ((cx + r, cy), (0, -k), (0, k)),
              ((cx, cy + r), (k, 0), (-k, 0)), ((cx - r, cy), (0, k), (0, -k))]
    if clockwise:
        return points
    return [(v, o, i) for v, i, o in reversed(points)]


def text_layer(ind, name, ks, documents, **extra):
    layer = {"ddd": 0, "ty": 5, "ind": ind, "nm": name, "ip": 0, "op": 120, "st": 0, "sr": 1, "ks": ks,
             "t": {"d": {"k": [{"t": t, "s": {"f": "Box-Regular", **doc}} for t, doc in documents]},
                   "p": {}, "m": {"g": 1, "a": value([0, 0])}, "a": []}}
    layer.update(extra)
    return layer


def text():
    """Text drawn with the glyphs the file carries (chars): rectangles and a ring with a hole
    (non-zero winding), centred, right-justified and tracked lines, a stroke over the fill, and
    text documents that switch by holds at frame 30."""
    doc = document([
        text_layer(1, "title", transform(p=(100, 60)), [
            (0, {"t": "LOIL", "s": 40, "j": 2, "fc": [0.9, 0.2, 0.1]}),
            (30, {"t": "OIL", "s": 48, "j": 2, "fc": [0.1, 0.3, 0.8]}),
        ]),
        text_layer(2, "lines", transform(p=(20, 110), r=5), [
            (0, {"t": "IL O\rOLI", "s": 30, "tr": 120, "lh": 40, "fc": [0.2, 0.6, 0.3], "sc": [0.1, 0.1, 0.1],
                 "sw": 2, "of": True}),
        ]),
        text_layer(3, "right", transform(p=(190, 190)), [(0, {"t": "IL", "s": 24, "j": 1, "fc": [0.5, 0.2, 0.6]})]),
    ])
    doc["fonts"] = {"list": [{"fName": "Box-Regular", "fFamily": "Box", "fStyle": "Regular", "ascent": 72}]}
    doc["chars"] = [
        glyph("I", 40, [[(6, 0), (26, 0), (26, -70), (6, -70)]]),
        glyph("L", 60, [[(6, 0), (52, 0), (52, -16), (24, -16), (24, -70), (6, -70)]]),
        glyph("O", 80, [ring(40, -35, 34), ring(40, -35, 18, clockwise=False)]),
        glyph(" ", 30, []),
    ]
    return doc


CASES = {"text": text, "adds": adds, "threed": threed, "maskmodes": mask_modes, "corners": corners, "repeaters": repeaters, "blends": blends, "gradients": gradients, "masks": masks, "mattes": mattes, "shapes": shapes, "motion": motion, "holds": holds, "precomps": precomps, "trims": trims}
