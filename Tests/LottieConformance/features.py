"""What a Lottie file uses, read from its own content: the conformance report's per-feature rows.

Names follow the format's vocabulary (lottie.github.io/lottie-spec: "Layers", "Shapes",
"Properties") so that a row of the scoreboard says which part of the format it measures.
"""

LAYER_TYPES = {0: "layer.precomp", 1: "layer.solid", 2: "layer.image", 3: "layer.null", 4: "layer.shape",
               5: "layer.text", 6: "layer.audio", 13: "layer.camera", 15: "layer.data"}
SHAPE_TYPES = {"gr": "shape.group", "rc": "shape.rectangle", "el": "shape.ellipse", "sr": "shape.polystar",
               "sh": "shape.path", "fl": "style.fill", "st": "style.stroke", "gf": "style.gradientFill",
               "gs": "style.gradientStroke", "no": "style.noStyle", "tm": "modifier.trim",
               "rp": "modifier.repeater", "rd": "modifier.roundCorners", "mm": "modifier.mergePaths",
               "op": "modifier.offsetPath", "zz": "modifier.zigZag", "pb": "modifier.puckerBloat",
               "tw": "modifier.twist", "tr": None}


# Layer properties that make a feature of their own when present (or not at their default).
LAYER_FLAGS = (
    ("layer.trackMatte", lambda layer: bool(layer.get("tt"))),
    ("layer.effect", lambda layer: bool(layer.get("ef"))),
    ("layer.style", lambda layer: bool(layer.get("sy"))),
    ("layer.timeRemap", lambda layer: layer.get("tm") is not None),
    ("layer.timeStretch", lambda layer: layer.get("sr", 1) != 1),
    ("layer.startTime", lambda layer: layer.get("st", 0) != 0),
    ("layer.3d", lambda layer: layer.get("ddd") == 1),
    ("layer.autoOrient", lambda layer: layer.get("ao") == 1),
    ("layer.blendMode", lambda layer: layer.get("bm", 0) not in (0, None)),
    ("layer.hidden", lambda layer: layer.get("hd") is True),
)


def _per_dimension(key):
    """Whether a keyframe eases its dimensions apart (`o`/`i` arrays whose entries differ)."""
    for handle in (key.get("o"), key.get("i")):
        if isinstance(handle, dict):
            for axis in ("x", "y"):
                v = handle.get(axis)
                if isinstance(v, list) and len(set(map(repr, v))) > 1:
                    return True
    return False


def first_dimension_easing(value):
    """`value` (a parsed document) with every keyframe's per-dimension easing replaced by its
    first dimension's: how a player that eases all dimensions alike reads the file."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ("o", "i") and isinstance(v, dict) and any(isinstance(v.get(a), list) for a in ("x", "y")):
                out[k] = {a: (v[a][0] if isinstance(v.get(a), list) and v[a] else v.get(a)) for a in v}
            else:
                out[k] = first_dimension_easing(v)
        return out
    if isinstance(value, list):
        return [first_dimension_easing(v) for v in value]
    return value


def without_blend_modes(value):
    """`value` with every layer's and shape item's blend mode normal (`bm` 0): how a player that
    draws no blend modes reads the file."""
    if isinstance(value, dict):
        return {k: (0 if k == "bm" else without_blend_modes(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [without_blend_modes(v) for v in value]
    return value


def without_unflagged_inline_images(value):
    """`value` without the image assets whose `p` is a data URI but whose `e` is not 1: a player
    that reads such a `p` as a file name draws nothing for them."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    out["assets"] = [a for a in value.get("assets") or []
                     if not (isinstance(a, dict) and str(a.get("p", "")).startswith("data:") and a.get("e") != 1)]
    return out


def without_file_images(value):
    """`value` without the image assets it names as files (`u` + `p`): what a player given the
    JSON text alone, without the file's folder, can draw."""
    if not isinstance(value, dict):
        return value
    out = dict(value)
    out["assets"] = [a for a in value.get("assets") or []
                     if not (isinstance(a, dict) and "p" in a and "layers" not in a
                             and not str(a.get("p", "")).startswith("data:") and a.get("e") != 1)]
    return out


# Simplifications the peers are known to make, each with the feature that triggers it, what it
# says, and the rewrite that reads a file the peers' way. Where Harmonic, given the rewritten
# file, agrees with both peers, the difference is the peers' reading, not Harmonic's.
PEER_READINGS = (
    ("keyframe.perDimensionEasing", "the peers ease every dimension by the first one's curve",
     first_dimension_easing),
    ("layer.blendMode", "the peers draw blend modes as normal", without_blend_modes),
    ("asset.imageEmbedded", "the peers draw no data-URI image without e: 1", without_unflagged_inline_images),
    # Not the peers' doing but the harness's: it hands them the JSON text, without its folder.
    ("asset.imageFile", "the peers, given the JSON text alone, find no image beside the file", without_file_images),
)


def _properties(value, path, found):
    """Property-level features anywhere below `value`: expressions, hold and spatial keyframes."""
    if isinstance(value, dict):
        if isinstance(value.get("x"), str) and value.get("x").strip():
            found.add("expression")
        keys = value.get("k")
        # Animated: `a` 1, or (older files, which leave `a` out) a list of keyframe objects.
        if isinstance(keys, list) and (value.get("a") == 1 or (keys and isinstance(keys[0], dict) and "t" in keys[0])):
            for key in value["k"]:
                if isinstance(key, dict):
                    if key.get("h") == 1:
                        found.add("keyframe.hold")
                    if key.get("to") is not None or key.get("ti") is not None:
                        found.add("keyframe.spatial")
                    if _per_dimension(key):
                        found.add("keyframe.perDimensionEasing")
        if "sid" in value:
            found.add("slot")
        for k, v in value.items():
            _properties(v, f"{path}.{k}", found)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _properties(v, f"{path}[{i}]", found)


def _shapes(items, found):
    if not isinstance(items, list):
        return
    for item in items:
        if not isinstance(item, dict):
            continue
        name = SHAPE_TYPES.get(item.get("ty"), f"shape.{item.get('ty')}")
        if name:
            found.add(name)
        if item.get("ty") == "st" and item.get("d"):
            found.add("style.dash")
        if item.get("bm", 0) not in (0, None):
            found.add("shape.blendMode")
        if item.get("ty") == "gr":
            _shapes(item.get("it"), found)


def _layers(layers, found):
    if not isinstance(layers, list):
        return
    indices = {layer.get("ind") for layer in layers if isinstance(layer, dict)}
    for layer in layers:
        if not isinstance(layer, dict):
            continue
        found.add(LAYER_TYPES.get(layer.get("ty"), f"layer.type{layer.get('ty')}"))
        if layer.get("parent") is not None:
            found.add("layer.parent" if layer.get("parent") in indices else "layer.parentMissing")
        if layer.get("masksProperties"):
            found.add("layer.mask")
            for mask in layer["masksProperties"]:
                if isinstance(mask, dict) and mask.get("mode") not in (None, "a", "n"):
                    found.add(f"layer.mask.{mask.get('mode')}")
        found.update(name for name, applies in LAYER_FLAGS if applies(layer))
        if layer.get("ty") == 5 and isinstance(layer.get("t"), dict) and layer["t"].get("a"):
            found.add("text.animator")
        _shapes(layer.get("shapes"), found)


def features(document):
    """The sorted feature names of a parsed Lottie document."""
    found = set()
    if not isinstance(document, dict):
        return []
    _layers(document.get("layers"), found)
    for asset in document.get("assets") or []:
        if isinstance(asset, dict):
            if "layers" in asset:
                found.add("asset.precomp")
                _layers(asset.get("layers"), found)
            elif "p" in asset:
                embedded = str(asset.get("p", "")).startswith("data:") or asset.get("e") == 1
                found.add("asset.imageEmbedded" if embedded else "asset.imageFile")
    if document.get("chars"):
        found.add("text.glyphs")
    if document.get("fonts"):
        found.add("text.fonts")
    if document.get("markers"):
        found.add("markers")
    _properties(document.get("layers"), "layers", found)
    _properties(document.get("assets"), "assets", found)
    return sorted(found)
