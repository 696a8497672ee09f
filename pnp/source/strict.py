"""The base of every data model: unknown keys are errors, types are not coerced."""

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """Unknown keys are errors (they are usually typos), and types are not coerced."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
