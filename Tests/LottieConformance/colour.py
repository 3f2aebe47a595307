"""Pixel agreement by CIE ΔE94, the colour difference the conformance harness scores with.

A picture with transparency has no single colour per pixel, so each pair of premultiplied RGBA
pictures is compared twice: composited over black and over white. A pixel agrees when both
composites differ by ΔE94 ≤ `JND` (about the smallest difference a viewer sees on a display;
CIE 116-1995 with the graphic-arts weights kL = 1, K1 = 0.045, K2 = 0.015).

sRGB → CIE XYZ (D65) → CIE L*a*b*: IEC 61966-2-1 for the transfer curve and the matrix,
CIE 15:2004 for L*a*b*.
"""

import numpy as np

JND = 3.0

_SRGB_TO_XYZ = np.array([
    [0.4124564, 0.3575761, 0.1804375],
    [0.2126729, 0.7151522, 0.0721750],
    [0.0193339, 0.1191920, 0.9503041],
])
_WHITE = np.array([0.95047, 1.0, 1.08883])


def lab(rgb):
    """CIE L*a*b* of sRGB colours in 0…255 (any shape ending in 3)."""
    c = np.asarray(rgb, dtype=float) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    xyz = linear @ _SRGB_TO_XYZ.T / _WHITE
    e = 216 / 24389
    f = np.where(xyz > e, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def delta_e94(lab1, lab2):
    """CIE ΔE94 from `lab1` (the reference) to `lab2`, graphic-arts weights."""
    dl = lab1[..., 0] - lab2[..., 0]
    c1 = np.hypot(lab1[..., 1], lab1[..., 2])
    c2 = np.hypot(lab2[..., 1], lab2[..., 2])
    dc = c1 - c2
    da = lab1[..., 1] - lab2[..., 1]
    db = lab1[..., 2] - lab2[..., 2]
    dh2 = np.maximum(da * da + db * db - dc * dc, 0)
    sc = 1 + 0.045 * c1
    sh = 1 + 0.015 * c1
    return np.sqrt(dl * dl + (dc / sc) ** 2 + dh2 / (sh * sh))


def over(premultiplied, background):
    """The premultiplied RGBA picture (0…255) composited over an opaque grey level."""
    a = premultiplied[..., 3:4] / 255
    return premultiplied[..., :3] + (1 - a) * background


def agreement(reference, picture):
    """The share of pixels (0…1) whose colour over black and over white is within `JND`, and the
    per-pixel largest ΔE94 of the two composites (for difference pictures)."""
    if reference.shape != picture.shape:
        raise ValueError(f"pictures of different sizes: {reference.shape} and {picture.shape}")
    worst = np.zeros(reference.shape[:2])
    for background in (0.0, 255.0):
        d = delta_e94(lab(over(reference, background)), lab(over(picture, background)))
        worst = np.maximum(worst, d)
    return float((worst <= JND).mean()), worst


def premultiply(straight):
    """Straight-alpha RGBA (0…255) as premultiplied."""
    straight = np.asarray(straight, dtype=float)
    return np.concatenate([straight[..., :3] * straight[..., 3:] / 255, straight[..., 3:]], axis=-1)
