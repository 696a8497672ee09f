"""Colours for a printing press: each of the games' sRGB colours turned into CMYK through an ICC
output profile by littleCMS (Pillow's ImageCms), and neutral greys into black ink alone, so text
and hairlines print from one plate and never show colour fringes when the plates shift. A press
takes only so much ink on a point (DriveThruCards: 240%); a colour over that limit is replaced by
the mix within it that the profile prints closest to it, trading its grey component for black
(grey component replacement), never by cutting channels off."""

from __future__ import annotations

import io
import math
from bisect import bisect_left
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, toColor

from pnp.errors import UsageProblem
from pnp.files.safefiles import UnsafeFile, read_regular
from pnp.source.ownart import Picture

# Debian's libgs-common installs ghostscript's CMYK profile here: "Artifex CMYK SWOP Profile", a
# generic profile of SWOP offset printing on coated stock (ghostscript's colour-management notes call
# it "a SWOP CMYK ICC profile"). It stands for the registered SWOP condition, as a SWOP profile does
# in any PDF/X export; the profile travels in the file, so the printer sees exactly what was used.
SWOP_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
SWOP_CONDITION = "CGATS TR 001"  # the ICC registry's reference name for SWOP printing in the USA
COLOR_REGISTRY = "http://www.color.org"
CUSTOM_CONDITION = "Custom"  # a profile of the user's own: named by its description only
MAX_PROFILE_BYTES = 8_000_000


@dataclass(frozen=True, kw_only=True)
class OutputProfile:
    """The press condition a PDF/X file is made for: its ICC profile and the name it is known by."""

    icc: bytes
    condition: str  # the OutputConditionIdentifier
    registry: str | None  # where `condition` is registered; None for a custom profile
    description: str

    @classmethod
    def load(cls, path: Path | None) -> OutputProfile:
        """`path`, or ghostscript's SWOP profile when none is given: a CMYK output (printer) profile."""
        chosen = path or SWOP_PROFILE
        option = f"--output-profile {chosen}" if path else f"the SWOP profile {chosen}"
        try:
            icc = read_regular(chosen, MAX_PROFILE_BYTES)
            profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        except UnsafeFile as exc:
            hint = "" if path else " (Debian's package libgs-common installs it; or pass --output-profile FILE.icc)"
            raise UsageProblem(f"{option}: cannot be read: {exc}{hint}") from None
        except (OSError, ImageCms.PyCMSError) as exc:
            raise UsageProblem(f"{option}: not an ICC profile: {exc}") from None
        core = profile.profile
        if core.xcolor_space.strip() != "CMYK" or core.device_class != "prtr":
            raise UsageProblem(
                f"{option}: a print-shop PDF needs a CMYK output profile; this one is a "
                f"{core.xcolor_space.strip()} {core.device_class} profile"
            )
        if icc[8] != 2:  # PDF/X-1a:2003 is PDF 1.4, which embeds version 2 profiles
            raise UsageProblem(f"{option}: an ICC version {icc[8]} profile; PDF/X-1a:2003 takes version 2")
        description = (core.profile_description or chosen.stem).strip()
        if path is None:
            return cls(icc=icc, condition=SWOP_CONDITION, registry=COLOR_REGISTRY, description=description)
        return cls(icc=icc, condition=CUSTOM_CONDITION, registry=None, description=description)


Ink = tuple[int, int, int, int]  # C, M, Y, K from 0 to 255 (255: a solid of that ink)
GCR_STEPS = 24  # grey taken out of C, M and Y, and black put in, each in so many steps


class CmykInks:
    """Maps '#rrggbb' colours to CMYK for one output profile: relative colorimetric with black-point
    compensation for colours; a neutral grey to the black ink whose lightness matches it, scaled so
    sRGB black is 100% black ink and white is bare paper. `max_ink`: the most ink (in percent, 400
    being four solids) any colour may put down; None for no limit."""

    def __init__(self, profile: OutputProfile, *, max_ink: float | None = None):
        self.profile = profile
        self.max_ink = max_ink
        srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB")
        press = ImageCms.ImageCmsProfile(io.BytesIO(profile.icc))
        intent, bpc = ImageCms.Intent.RELATIVE_COLORIMETRIC, ImageCms.Flags.BLACKPOINTCOMPENSATION
        self._to_cmyk = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", renderingIntent=intent, flags=bpc)
        self._grey_lightness = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", renderingIntent=intent)
        self._press_lab = ImageCms.buildTransform(press, lab, "CMYK", "LAB", renderingIntent=intent, flags=bpc)
        self._press_rgb = ImageCms.buildTransform(press, srgb, "CMYK", "RGB", renderingIntent=intent, flags=bpc)
        ramp = Image.new("CMYK", (256, 1))
        ramp.putdata([(0, 0, 0, k) for k in range(256)])
        lab_ramp = ImageCms.applyTransform(ramp, self._press_lab)
        assert lab_ramp is not None  # None only when converting in place
        lightness = [-lab_ramp.getpixel((k, 0))[0] for k in range(256)]  # type: ignore[index]  # a Lab triple
        self._black_ramp = list(accumulate(lightness, max))  # rising with k, for bisect
        self._inks: dict[str, Ink] = {}

    def color(self, value: str) -> CMYKColor:
        c, m, y, k = self.ink(value)
        return CMYKColor(c / 255, m / 255, y / 255, k / 255)

    def press_color(self, value: str) -> str:
        """'#rrggbb': how the press prints `value`, through the profile and back to the screen (a soft proof)."""
        pixel = Image.new("CMYK", (1, 1), self.ink(value))
        red, green, blue = ImageCms.applyTransform(pixel, self._press_rgb).getpixel((0, 0))  # type: ignore[union-attr,misc]
        return f"#{red:02x}{green:02x}{blue:02x}"

    def ink(self, value: str) -> Ink:
        """The inks `value` prints with, within `max_ink`."""
        if value not in self._inks:
            self._inks[value] = self._convert(value)
        return self._inks[value]

    def _convert(self, value: str) -> Ink:
        red, green, blue = (round(channel * 255) for channel in toColor(value).rgb())
        pixel = Image.new("RGB", (1, 1), (red, green, blue))
        if red == green == blue:
            return 0, 0, 0, self._black_for(pixel)
        ink: Ink = ImageCms.applyTransform(pixel, self._to_cmyk).getpixel((0, 0))  # type: ignore[union-attr,assignment]
        if self.max_ink is None or sum(ink) <= self._ink_limit:
            return ink
        return self._within_limit(ink)

    def picture(self, picture: Picture) -> Image.Image:
        """A designer's picture for the press: laid on white paper where it is transparent (PDF/X-1a
        has no transparency), through the profile as every colour is, and each pixel over the ink
        limit first traded grey for black, then lightened evenly to the limit (`_within_limit` is
        the careful way for a few colours, not for a million pixels)."""
        cmyk = ImageCms.applyTransform(picture.on_paper(), self._to_cmyk)
        assert cmyk is not None  # None only when converting in place
        if self.max_ink is None:
            return cmyk
        return _picture_within(cmyk, self._ink_limit)

    @property
    def _ink_limit(self) -> int:
        return math.floor((self.max_ink or 400) * 255 / 100 + 1e-9)

    def _within_limit(self, ink: Ink) -> Ink:
        """Of the mixes that trade some of `ink`'s grey component (its least of C, M, Y) for black,
        each scaled down to the limit if still over it, the one the press prints closest to `ink`
        (CIE76 distance in the profile's Lab)."""
        c, m, y, k = ink
        grey, limit = min(c, m, y), self._ink_limit
        candidates = []
        for i in range(GCR_STEPS + 1):
            taken = round(grey * i / GCR_STEPS)
            for j in range(GCR_STEPS + 1):
                mix = (c - taken, m - taken, y - taken, k + round((255 - k) * j / GCR_STEPS))
                total = sum(mix)
                if total > limit:
                    mix = _scaled(mix, limit)
                candidates.append(mix)
        swatch = Image.new("CMYK", (len(candidates) + 1, 1))
        swatch.putdata([ink, *candidates])
        raw = ImageCms.applyTransform(swatch, self._press_lab).tobytes()  # type: ignore[union-attr]
        lab = [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]
        wanted = lab[0]
        distances = [sum((p - q) ** 2 for p, q in zip(_lab(found), _lab(wanted), strict=True)) for found in lab[1:]]
        return candidates[distances.index(min(distances))]

    def _black_for(self, grey: Image.Image) -> int:
        """The black ink whose lightness is the grey's, on the scale from the press's solid black to paper."""
        lightness = ImageCms.applyTransform(grey, self._grey_lightness).getpixel((0, 0))[0]  # type: ignore[union-attr,index]
        darkest, paper = -self._black_ramp[-1], -self._black_ramp[0]
        target = darkest + (paper - darkest) * lightness / 255
        return min(bisect_left(self._black_ramp, -target), 255)


def _picture_within(cmyk: Image.Image, limit: int) -> Image.Image:
    """Each pixel's grey component (its least of C, M, Y, up to half its excess and the black left)
    moved to black, then the pixel scaled down evenly if its inks still add up to over `limit`."""
    from PIL import ImageMath

    def per_pixel(expression: Any, **channels: Image.Image) -> Image.Image:
        return ImageMath.lambda_eval(expression, **channels)  # type: ignore[no-any-return]

    c, m, y, k = (channel.convert("F") for channel in cmyk.split())
    total = per_pixel(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    taken = per_pixel(
        lambda a: a["min"](
            a["min"](a["min"](a["min"](a["c"], a["m"]), a["y"]), a["max"](a["t"] - limit, 0) / 2), 255 - a["k"]
        ),
        c=c,
        m=m,
        y=y,
        k=k,
        t=total,
    )
    inks = [per_pixel(lambda a: a["x"] - a["g"], x=channel, g=taken) for channel in (c, m, y)]
    inks.append(per_pixel(lambda a: a["x"] + a["g"], x=k, g=taken))
    total = per_pixel(lambda a: a["t"] - 2 * a["g"], t=total, g=taken)
    kept = per_pixel(lambda a: a["min"](limit / a["max"](a["t"], 1), 1.0), t=total)
    # rounded down, so a pixel scaled to the limit stays within it
    return Image.merge("CMYK", [per_pixel(lambda a: a["x"] * a["f"] - 0.5, x=ink, f=kept).convert("L") for ink in inks])


def _scaled(mix: Ink, limit: int) -> Ink:
    """`mix` lightened evenly until its inks add up to no more than `limit`."""
    total = sum(mix)
    scaled = [value * limit // total for value in mix]
    return scaled[0], scaled[1], scaled[2], scaled[3]


def _lab(pixel: tuple[int, int, int]) -> tuple[float, float, float]:
    """Pillow's 8-bit Lab (L* times 2.55, a* and b* offset by 128) as L*, a*, b*."""
    lightness, a, b = pixel
    return lightness / 2.55, a - 128.0, b - 128.0
