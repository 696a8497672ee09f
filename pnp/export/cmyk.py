"""Colours for a printing press: each of the games' sRGB colours turned into CMYK through an ICC
output profile by littleCMS (Pillow's ImageCms), and neutral greys into black ink alone, so text
and hairlines print from one plate and never show colour fringes when the plates shift."""

from __future__ import annotations

import io
from bisect import bisect_left
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, toColor

from pnp.errors import UsageProblem
from pnp.files.safefiles import UnsafeFile, read_regular

# Debian's libgs-common installs ghostscript's CMYK profile here: "Artifex CMYK SWOP Profile", a
# generic profile of SWOP offset printing on coated stock (ghostscript's colour-management notes call
# it "a SWOP CMYK ICC profile"). It stands for the registered SWOP condition, as a SWOP profile does
# in any PDF/X export; the profile travels in the file, so the printer sees exactly what was used.
SWOP_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
SWOP_CONDITION = "CGATS TR 001"        # the ICC registry's reference name for SWOP printing in the USA
COLOR_REGISTRY = "http://www.color.org"
CUSTOM_CONDITION = "Custom"            # a profile of the user's own: named by its description only
MAX_PROFILE_BYTES = 8_000_000


@dataclass(frozen=True, kw_only=True)
class OutputProfile:
    """The press condition a PDF/X file is made for: its ICC profile and the name it is known by."""

    icc: bytes
    condition: str           # the OutputConditionIdentifier
    registry: str | None     # where `condition` is registered; None for a custom profile
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
            raise UsageProblem(f"{option}: a print-shop PDF needs a CMYK output profile; this one is a "
                               f"{core.xcolor_space.strip()} {core.device_class} profile")
        if icc[8] != 2:         # PDF/X-1a:2003 is PDF 1.4, which embeds version 2 profiles
            raise UsageProblem(f"{option}: an ICC version {icc[8]} profile; PDF/X-1a:2003 takes version 2")
        description = (core.profile_description or chosen.stem).strip()
        if path is None:
            return cls(icc=icc, condition=SWOP_CONDITION, registry=COLOR_REGISTRY, description=description)
        return cls(icc=icc, condition=CUSTOM_CONDITION, registry=None, description=description)


class CmykInks:
    """Maps '#rrggbb' colours to CMYK for one output profile: relative colorimetric with black-point
    compensation for colours; a neutral grey to the black ink whose lightness matches it, scaled so
    sRGB black is 100% black ink and white is bare paper."""

    def __init__(self, profile: OutputProfile):
        self.profile = profile
        srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB")
        press = ImageCms.ImageCmsProfile(io.BytesIO(profile.icc))
        intent, bpc = ImageCms.Intent.RELATIVE_COLORIMETRIC, ImageCms.Flags.BLACKPOINTCOMPENSATION
        self._to_cmyk = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", renderingIntent=intent, flags=bpc)
        self._grey_lightness = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", renderingIntent=intent)
        ramp = Image.new("CMYK", (256, 1))
        ramp.putdata([(0, 0, 0, k) for k in range(256)])
        to_lab = ImageCms.buildTransform(press, lab, "CMYK", "LAB", renderingIntent=intent, flags=bpc)
        lab_ramp = ImageCms.applyTransform(ramp, to_lab)
        assert lab_ramp is not None                 # None only when converting in place
        lightness = [-lab_ramp.getpixel((k, 0))[0] for k in range(256)]   # type: ignore[index]  # a Lab triple
        self._black_ramp = list(accumulate(lightness, max))     # rising with k, for bisect
        self._colors: dict[str, CMYKColor] = {}

    def color(self, value: str) -> CMYKColor:
        if value not in self._colors:
            self._colors[value] = self._convert(value)
        return self._colors[value]

    def _convert(self, value: str) -> CMYKColor:
        red, green, blue = (round(channel * 255) for channel in toColor(value).rgb())
        pixel = Image.new("RGB", (1, 1), (red, green, blue))
        if red == green == blue:
            return CMYKColor(0, 0, 0, self._black_for(pixel))
        c, m, y, k = ImageCms.applyTransform(pixel, self._to_cmyk).getpixel((0, 0))  # type: ignore[union-attr,misc]
        return CMYKColor(c / 255, m / 255, y / 255, k / 255)

    def _black_for(self, grey: Image.Image) -> float:
        """The black ink whose lightness is the grey's, on the scale from the press's solid black to paper."""
        lightness = ImageCms.applyTransform(grey, self._grey_lightness).getpixel((0, 0))[0]  # type: ignore[union-attr,index]
        darkest, paper = -self._black_ramp[-1], -self._black_ramp[0]
        target = darkest + (paper - darkest) * lightness / 255
        return min(bisect_left(self._black_ramp, -target), 255) / 255
