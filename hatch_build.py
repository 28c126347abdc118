"""The wheel's dependencies are requirements.txt's exact pins, so the installed `arbiter` command
runs on the very set CI tests (pyproject.toml declares them dynamic)."""

from pathlib import Path

from hatchling.metadata.plugin.interface import MetadataHookInterface


class CustomMetadataHook(MetadataHookInterface):
    def update(self, metadata):
        lines = Path(self.root, "requirements.txt").read_text().splitlines()
        metadata["dependencies"] = [spec for line in lines if (spec := line.split("#", 1)[0].strip())]
