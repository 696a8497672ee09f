"""PDF/X-1a:2003 (ISO 15930-4), the exchange form card printers ask for: a PDF 1.4 whose colours are
all CMYK or grey, with no transparency, every font embedded, trim and bleed boxes on each page, and
an output intent that names the press condition and carries its ICC profile. reportlab draws the
pages (in CMYK); pikepdf adds what reportlab cannot write: the output intent and the PDF/X keys."""

from __future__ import annotations

import io

from pnp.export.cmyk import OutputProfile

PDFX_VERSION = "PDF/X-1a:2003"


def as_pdfx(pdf: bytes, profile: OutputProfile) -> bytes:
    """`pdf` (drawn in CMYK by reportlab, boxes set) with the output intent and the PDF/X marks.
    Its dates are reportlab's fixed ones, so the same cards give the same file."""
    import pikepdf
    from pikepdf import Dictionary, Name

    with pikepdf.open(io.BytesIO(pdf)) as document:
        icc = document.make_stream(profile.icc)
        icc.N = 4
        icc.Alternate = Name.DeviceCMYK
        intent = Dictionary(
            Type=Name.OutputIntent,
            S=Name.GTS_PDFX,
            OutputConditionIdentifier=profile.condition,
            OutputCondition=profile.description,
            Info=profile.description,
            DestOutputProfile=icc,
        )
        if profile.registry:
            intent.RegistryName = profile.registry
        document.Root.OutputIntents = pikepdf.Array([intent])
        document.docinfo.GTS_PDFXVersion = PDFX_VERSION  # Title, dates and Trapped: reportlab's, as written
        out = io.BytesIO()
        document.save(
            out,
            force_version="1.4",
            deterministic_id=True,
            compress_streams=True,
            object_stream_mode=pikepdf.ObjectStreamMode.disable,
        )  # object streams are PDF 1.5
    return out.getvalue()
